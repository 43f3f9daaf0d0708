import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { decide } from '../../src/core/tournament/decide.js';
import { DRAW, type DuelEntry, type TournamentEvent } from '../../src/core/tournament/events.js';
import { evolve, fold } from '../../src/core/tournament/evolve.js';
import {
  deriveMatches,
  deriveMatchesAfresh,
  matchRecords,
  standingsPlayers,
} from '../../src/core/tournament/match-results.js';
import { standingsAfter } from '../../src/app/projections/standings-view.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import '../support/fast-check-seed.js';
import { PACK, at, meta, settings } from '../tournament/fixtures.js';
import { issue } from '../tournament/penalty-fixtures.js';

/*
 * The match-result projection (derived matches kept beside the immutable state they came from)
 * against the full recomputation: after every event of random tournaments — results,
 * corrections, penalties that take duels and matches, rescinded penalties, rounds ended and
 * paired — the projection read on the evolving state, and on the state replayed from the log,
 * equals deriving every match afresh, and so do the standings. Drops, late entries,
 * disqualifications and cuts by record come up too, so the standings projection (rounds kept
 * encoded by player index, the players kept while nothing about them changes) is checked after
 * every round against `computeStandings` over the freshly derived records. The replay (`fold`,
 * which grows and changes its own arrays in place) must give the very state evolve built.
 */

/** One random step: which kind, and random numbers to pick its target and content. */
const step = fc.record({
  kind: fc.constantFrom(
    'report',
    'report',
    'report',
    'correct',
    'penalty',
    'rescind',
    'next-round',
    'next-round',
    'next-round',
    'drop',
    'late-entry',
    'disqualify',
    'cut',
  ),
  pick: fc.nat(),
  duels: fc.array(fc.constantFrom<'first' | 'second' | 'draw'>('first', 'second', 'draw'), {
    minLength: 1,
    maxLength: 3,
  }),
  minutesLate: fc.constantFrom(1, 4, 7, 12),
});

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

function commandFor(t: Tournament, s: Step, minute: number): TournamentCommand | null {
  const round = t.rounds[t.rounds.length - 1];
  if (!round) return null;
  const matches = round.matches;
  const match = matches.length === 0 ? undefined : matches[s.pick % matches.length];
  const duels = (m: NonNullable<typeof match>): DuelEntry[] =>
    s.duels.map((d) => (d === 'draw' ? DRAW : d === 'first' ? m.players[0] : m.players[1]));
  const when = { at: at(minute) };
  switch (s.kind) {
    case 'report':
      return match && !round.ended
        ? {
            type: 'ReportResult',
            data: { round: round.number, table: match.table, duels: duels(match) },
            meta: meta('scorekeeper', when),
          }
        : null;
    case 'correct':
      return match
        ? {
            type: 'CorrectResult',
            data: { round: round.number, table: match.table, duels: duels(match), reason: 'slip' },
            meta: meta('head-judge', when),
          }
        : null;
    case 'penalty':
      return match
        ? issue(match.players[s.pick % 2] as string, 'tardiness', 'between-matches', {
            facts: { minutesLate: s.minutesLate },
            at: when.at,
          })
        : null;
    case 'rescind': {
      const open = t.penalties.filter((p) => !p.rescinded);
      const penalty = open[s.pick % Math.max(open.length, 1)];
      return penalty
        ? { type: 'RescindPenalty', data: { penaltyId: penalty.id, reason: 'appeal' }, meta: meta('head-judge', when) }
        : null;
    }
    case 'drop': {
      const player = t.players[s.pick % t.players.length];
      return player ? { type: 'DropPlayer', data: { player: player.id }, meta: meta('scorekeeper', when) } : null;
    }
    case 'late-entry':
      return {
        type: 'RegisterPlayer',
        data: { player: { id: `late${t.players.length + 1}`, name: `Late ${t.players.length + 1}` } },
        meta: meta('scorekeeper', when),
      };
    case 'disqualify':
      return match
        ? issue(match.players[s.pick % 2] as string, 'random-result', 'in-duel', {
            role: 'head-judge',
            statements: ['卓で結果をじゃんけんで決めた / decided the result by rock-paper-scissors'],
            at: when.at,
          })
        : null;
    case 'cut':
      return round.ended
        ? {
            type: 'CutSwiss',
            data: { afterRound: round.number, maxLosses: 1 + (s.pick % 2) },
            meta: meta('organizer', when),
          }
        : null;
    case 'next-round':
      // Between rounds, one time in two the organizer cuts by record before pairing on.
      if (round.ended && s.pick % 2 === 0 && !t.cuts.some((c) => c.afterRound === round.number))
        return {
          type: 'CutSwiss',
          data: { afterRound: round.number, maxLosses: 1 + (s.pick % 2) },
          meta: meta('organizer', when),
        };
      if (!round.ended) {
        // Play the round out: the first match still without a result gets one, then the round ends.
        const open = round.matches.find(
          (m) =>
            deriveMatches(t).matches.find((d) => d.record.round === round.number && d.record.table === m.table)?.record
              .outcome.kind === 'pending',
        );
        if (open)
          return {
            type: 'ReportResult',
            data: { round: round.number, table: open.table, duels: duels(open) },
            meta: meta('scorekeeper', when),
          };
      }
      return round.ended
        ? { type: 'PairRound', data: { round: round.number + 1 }, meta: meta('scorekeeper', { ...when, seed: s.pick }) }
        : { type: 'EndRound', data: { round: round.number }, meta: meta('scorekeeper', when) };
    default:
      return null;
  }
}

function expectProjectionEqualsFull(t: TournamentState): void {
  if (t.status === 'none') return;
  const full = deriveMatchesAfresh(t);
  expect(deriveMatches(t).matches).toEqual(full.matches);
  expect(matchRecords(t)).toEqual(full.records);
  const swiss = (records: readonly (typeof full.records)[number][]) => records.filter((m) => m.stage === 'swiss');
  expect(computeStandings(standingsPlayers(t), swiss(matchRecords(t)))).toEqual(
    computeStandings(standingsPlayers(t), swiss(full.records)),
  );
  // The standings projection (rounds kept encoded by player index), after every round so far.
  for (let round = 0; round <= t.rounds.length; round++) {
    expect(standingsAfter(t, round)).toEqual(
      computeStandings(
        standingsPlayers(t, round),
        swiss(full.records).filter((m) => m.round <= round),
      ),
    );
  }
}

describe('the match-result projection', () => {
  it('equals the full recomputation after every event of random tournaments, and after a replay of the log', () => {
    // What the draws reached, so that a change making the new steps always refused fails here.
    const seen = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 13 }),
        fc.array(step, { minLength: 1, maxLength: 60 }),
        (players, steps) => {
          const setup: TournamentCommand[] = [
            {
              type: 'CreateTournament',
              data: { tournamentId: 't1', settings: settings({ kind: 'swiss', rounds: 5, topCut: 0 }), pack: PACK },
              meta: meta('organizer'),
            },
            ...Array.from(
              { length: players },
              (_, i): TournamentCommand => ({
                type: 'RegisterPlayer',
                data: { player: { id: `p${i + 1}`, name: `P${i + 1}` } },
                meta: meta('scorekeeper'),
              }),
            ),
            { type: 'PairRound', data: { round: 1 }, meta: meta('scorekeeper', { seed: 3 }) },
          ];
          let state: TournamentState = fold([]);
          const log: TournamentEvent[] = [];
          const apply = (command: TournamentCommand): void => {
            const decided = decide(command, state);
            if (!decided.ok) return;
            for (const event of decided.value) {
              if (event.type === 'PlayerRegistered' && event.data.entryRound > 1) seen.add('late entry');
              if (event.type === 'PenaltyIssued' && event.data.penalty === 'disqualification')
                seen.add('disqualification');
              if (event.type === 'PlayerDropped' || event.type === 'SwissCut') seen.add(event.type);
              state = evolve(state, event);
              log.push(event);
              // Read after every event, so the projection is kept warm and updated step by step.
              expectProjectionEqualsFull(state);
            }
          };
          for (const command of setup) apply(command);
          steps.forEach((s, i) => {
            if (state.status === 'none') return;
            const command = commandFor(state, s, i + 1);
            if (command) apply(command);
          });
          const replayed = fold(log);
          // The fold changes its own arrays in place: it must still give the state evolve built, and
          // leave the state it starts from as it was.
          expect(replayed).toEqual(state);
          const half = Math.floor(log.length / 2);
          const middle = fold(log.slice(0, half));
          const before = structuredClone(middle);
          expect(fold(log.slice(half), middle)).toEqual(state);
          expect(middle).toEqual(before);
          expectProjectionEqualsFull(replayed);
          expect(matchRecords(replayed as Tournament)).toEqual(matchRecords(state as Tournament));
        },
      ),
      { numRuns: 60 },
    );
    expect([...seen].sort()).toEqual(['PlayerDropped', 'SwissCut', 'disqualification', 'late entry']);
  });
});
