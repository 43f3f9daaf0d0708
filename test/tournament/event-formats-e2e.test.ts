import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { deriveMatches, matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { finalPlaces } from '../../src/core/tournament/prizes.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { created, given, meta, registered } from './fixtures.js';
import { issue } from './penalty-fixtures.js';
import { decide } from '../../src/core/tournament/decide.js';
import { fold } from '../../src/core/tournament/evolve.js';

/*
 * Issue #15's end-to-end event: 64 players, 5 Swiss rounds of single duels, an X-2 cut to a
 * day two of 2 rounds best of 3, then a top 8 best of 3; a tardiness duel loss in a single
 * duel on day one and a disqualification on day two. Points and OMW% are recomputed here
 * from what the test itself reported, without the core's standings.
 */

const ids = Array.from({ length: 64 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

function apply(state: TournamentState, command: TournamentCommand): Tournament {
  const decided = decide(command, state);
  if (!decided.ok) throw new Error(`${command.type}: ${decided.error.code} ${decided.error.message.en}`);
  const next = fold(decided.value, state);
  if (next.status === 'none') throw new Error('no tournament');
  return next;
}

describe('a 64-player event: single-duel Swiss, X-2 cut, day two best of 3, top 8', () => {
  it('runs end to end; standings agree with an independent count', () => {
    let t = given(
      created(
        { kind: 'swiss', rounds: 7, topCut: 8 },
        { stages: { swiss: { bestOf: 1, roundMinutes: 25 }, 'top-cut': { bestOf: 3, roundMinutes: 50 } } },
      ),
      ...ids.map((p) => registered(p)),
    ) as Tournament;
    // Independent tally: who beat whom in the Swiss.
    const results: { a: string; b: string; winner: string | null }[] = [];
    const byes: string[] = [];
    let late: string | null = null;
    let disqualified: string | null = null;

    const playRound = (round: number) => {
      t = apply(t, { type: 'PairRound', data: { round }, meta: meta('scorekeeper', { seed: 1000 + round }) });
      const r = t.rounds[round - 1]!;
      if (r.stage === 'swiss') byes.push(...r.byes);
      if (round === 1) {
        // Day one, table 1: a player 6 minutes late loses the single duel, and so the match.
        late = r.matches[0]!.players[1];
        t = apply(t, issue(late, 'tardiness', 'between-matches', { facts: { minutesLate: 6 } }));
      }
      if (round === 6) {
        // Day two, table 2: a disqualification in the duel; the opponent wins the match.
        disqualified = r.matches[1]!.players[0];
        t = apply(t, {
          ...issue(disqualified, 'random-result', 'in-duel', {
            role: 'head-judge',
            statements: ['seen by two judges'],
          }),
          meta: meta('head-judge'),
        });
      }
      const derived = deriveMatches(t).matches.filter((m) => m.record.round === round);
      for (const m of r.matches) {
        const pending = derived.find((d) => d.record.table === m.table)?.record.outcome.kind === 'pending';
        // The lower id wins, so the standings are predictable; best of 3 on day two and in the top cut.
        const winner = [...m.players].sort()[0]!;
        if (pending)
          t = apply(t, {
            type: 'ReportResult',
            data: { round, table: m.table, duels: r.bestOf === 1 ? [winner] : [winner, winner] },
            meta: meta('scorekeeper'),
          });
        if (r.stage !== 'swiss') continue;
        const outcome = deriveMatches(t).matches.find((d) => d.record.round === round && d.record.table === m.table)!
          .record.outcome;
        results.push({ a: m.players[0], b: m.players[1], winner: outcome.kind === 'win' ? outcome.winner : null });
      }
      t = apply(t, { type: 'EndRound', data: { round }, meta: meta('scorekeeper') });
    };

    for (let round = 1; round <= 5; round++) playRound(round);
    expect(t.rounds.slice(0, 5).every((r) => r.bestOf === 1 && r.roundMinutes === 25)).toBe(true);
    const lateMatch = deriveMatches(t).matches.find((m) => m.record.round === 1 && m.record.table === 1)!;
    expect(lateMatch.duels).toEqual([
      { duel: 1, winner: lateMatch.record.players.find((p) => p !== late), byPenalty: [1] },
    ]);

    t = apply(t, { type: 'CutSwiss', data: { afterRound: 5, maxLosses: 2 }, meta: meta('organizer') });
    const out = new Set(t.cuts[0]!.out);
    const losses = (p: string) => results.filter((x) => (x.a === p || x.b === p) && x.winner !== p).length;
    expect([...out].sort()).toEqual(ids.filter((p) => losses(p) > 2).sort());
    t = apply(t, {
      type: 'StartPhase',
      data: { name: 'Day 2', bestOf: 3, roundMinutes: 50, seatTime: '2009-03-02T09:00:00+09:00' },
      meta: meta('organizer'),
    });
    for (let round = 6; round <= 7; round++) playRound(round);
    expect(t.rounds.slice(5, 7).every((r) => r.bestOf === 3 && r.roundMinutes === 50)).toBe(true);
    expect(t.rounds[5]!.seatTime).toBe('2009-03-02T09:00:00+09:00');
    expect(
      t.rounds
        .slice(5, 7)
        .flatMap((r) => r.matches.flatMap((m) => m.players))
        .some((p) => out.has(p)),
    ).toBe(false);
    for (let round = 8; round <= 10; round++) playRound(round);
    expect(t.rounds.slice(7).map((r) => [r.stage, r.bestOf, r.matches.length])).toEqual([
      ['top-cut', 3, 4],
      ['top-cut', 3, 2],
      ['top-cut', 3, 1],
    ]);
    t = apply(t, { type: 'FinishTournament', data: {}, meta: meta('organizer') });

    // The independent count: 3 points a win (byes included), OMW with each opponent floored at 1/3.
    const points = (p: string) =>
      3 * (results.filter((x) => x.winner === p).length + byes.filter((b) => b === p).length);
    const played = (p: string) =>
      results.filter((x) => x.a === p || x.b === p).length + byes.filter((b) => b === p).length;
    const opponents = (p: string) => results.flatMap((x) => (x.a === p ? [x.b] : x.b === p ? [x.a] : []));
    const omw = (p: string) => {
      const os = opponents(p);
      return os.length === 0 ? 0 : os.reduce((s, o) => s + Math.max(1 / 3, points(o) / (3 * played(o))), 0) / os.length;
    };
    const rows = computeStandings(
      standingsPlayers(t),
      matchRecords(t).filter((m) => m.stage === 'swiss'),
    );
    for (const row of rows) {
      expect([row.player, row.points]).toEqual([row.player, points(row.player)]);
      expect(row.opponentsWinPct).toBeCloseTo(omw(row.player), 4);
    }
    // Players still in rank above everyone cut; the disqualified player has no rank and no place.
    const firstCut = rows.findIndex((r) => r.cutAfterRound !== undefined);
    expect(rows.slice(firstCut).every((r) => r.cutAfterRound === 5 || r.rank === null)).toBe(true);
    expect(rows.find((r) => r.player === disqualified)).toMatchObject({ rank: null, status: 'disqualified' });
    const places = finalPlaces(t);
    expect(places.map((p) => p.player)).not.toContain(disqualified);
    expect(places.slice(-out.size).every((p) => out.has(p.player))).toBe(true);
    const topCut = new Set(t.rounds[7]!.matches.flatMap((m) => m.players));
    expect(new Set(places.slice(0, 8).map((p) => p.player))).toEqual(topCut);
  });
});
