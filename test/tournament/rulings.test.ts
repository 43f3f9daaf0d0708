import { describe, expect, it } from 'vitest';
import { penaltyLog } from '../../src/app/penalty-log.js';
import type { PenaltyIssued } from '../../src/core/tournament/events.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { deriveMatches, matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { awards, finalPlaces } from '../../src/core/tournament/prizes.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import {
  at,
  created,
  ended,
  given,
  meta,
  registered,
  reported,
  run,
  swissRound,
  thenError,
  thenEvents,
  tournament,
  type GivenEvent,
} from './fixtures.js';
import { issue, other, recordAt, roundOne } from './penalty-fixtures.js';

/*
 * Issue #10: where each penalty lands in a running event, point by point, as given / when /
 * then. Each case names the rule it holds to.
 */

const issued = (events: GivenEvent[], i = 0): PenaltyIssued['data'] => {
  const e = events[i];
  if (e?.type !== 'PenaltyIssued') throw new Error('expected PenaltyIssued');
  return e.data;
};
const statement = ['floor judge: saw it'];

describe('1. a penalty between matches lands on the next match whose result is still open (rules 1-C, 1-D)', () => {
  it('given b stalled (match loss, a wins), when a commits a between-matches match loss, then it waits for round 2 and round 1 keeps its result', () => {
    const stalled = thenEvents(given(...roundOne), issue('b', 'stalling', 'in-duel'));
    const state = given(...roundOne, ...stalled);
    const d = issued(thenEvents(state, issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 12 } })));
    expect(d.landing).toEqual({ kind: 'next-match', fromRound: 2 });
    const after = tournament(...roundOne, ...stalled, { type: 'PenaltyIssued', data: d });
    expect(recordAt(after, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: true });
  });

  it('given the match ended by penalty, when a duel loss is found between matches, then it does not land on duel 1 of that match', () => {
    const stalled = thenEvents(given(...roundOne), issue('b', 'stalling', 'in-duel'));
    const d = issued(
      thenEvents(
        given(...roundOne, ...stalled),
        issue('a', 'marked-cards', 'between-matches', { facts: { pattern: true } }),
      ),
    );
    expect(d.landing).toEqual({ kind: 'next-match', fromRound: 2 });
    const next = tournament(
      ...roundOne,
      ...stalled,
      { type: 'PenaltyIssued', data: d },
      reported(1, 2, ['c', 'c']),
      ended(1),
      swissRound(2, [
        ['a', 'c'],
        ['b', 'd'],
      ]),
    );
    expect(deriveMatches(next).matches.find((m) => m.record.round === 2 && m.record.table === 1)?.duels).toEqual([
      { duel: 1, winner: 'c', byPenalty: [2] },
    ]);
    expect(recordAt(next, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: true });
  });

  it('given a match with no result yet, when both players are 10 minutes late, then both lose it (a double loss)', () => {
    const first = thenEvents(
      given(...roundOne),
      issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 10 } }),
    );
    const second = thenEvents(
      given(...roundOne, ...first),
      issue('b', 'tardiness', 'between-matches', { facts: { minutesLate: 10 } }),
    );
    expect(issued(second).landing).toEqual({ kind: 'next-match', fromRound: 1 });
    expect(recordAt(given(...roundOne, ...first, ...second), 1, 1).outcome).toEqual({ kind: 'double-loss' });
  });
});

describe('2. a disqualified player leaves the tournament: no place, and no prize decided after (rule 1-E, 1-F)', () => {
  const twoRounds: GivenEvent[] = [
    created({ kind: 'swiss', rounds: 2, topCut: 0 }),
    ...['a', 'b', 'c', 'd'].map((id) => registered(id)),
    {
      type: 'PrizeListSet',
      data: {
        prizes: [
          { id: 'thanks', name: '参加賞', rule: { kind: 'round', round: 1, who: 'played' } },
          { id: 'r2', name: '2回戦参加賞', rule: { kind: 'round', round: 2, who: 'played' } },
          { id: 'top3', name: '上位賞', rule: { kind: 'rank', from: 1, to: 3 } },
        ],
      },
    },
    swissRound(1, [
      ['a', 'b'],
      ['c', 'd'],
    ]),
    reported(1, 1, ['a', 'a']),
    reported(1, 2, ['c', 'c']),
    ended(1),
    { type: 'PrizeAwarded', data: { prize: 'thanks', players: ['a', 'b', 'c', 'd'] } },
    swissRound(2, [
      ['a', 'c'],
      ['b', 'd'],
    ]),
    reported(2, 2, ['b', 'b']),
  ];
  const award = (prize: string) => ({ type: 'AwardPrize', data: { prize }, meta: meta('organizer') }) as const;

  it('given a won round 1 and its prize, when a is disqualified in round 2, then a holds no place, keeps the earlier prize and gets none decided after', () => {
    const dq = thenEvents(
      given(...twoRounds),
      issue('a', 'random-result', 'in-duel', { role: 'head-judge', statements: statement }),
    );
    const t = tournament(...twoRounds, ...dq, ended(2), { type: 'TournamentFinished', data: {} });
    const rows = computeStandings(standingsPlayers(t), matchRecords(t));
    expect(rows.find((r) => r.player === 'a')).toMatchObject({ rank: null, status: 'disqualified', dropped: true });
    expect(finalPlaces(t).map((p) => [p.place, p.player])).toEqual([
      [1, 'c'],
      [2, 'b'],
      [3, 'd'],
    ]);
    const r2 = thenEvents(t, award('r2'));
    expect(r2).toEqual([{ type: 'PrizeAwarded', data: { prize: 'r2', players: ['c', 'b', 'd'] } }]);
    expect(thenEvents(t, award('top3'))).toEqual([
      { type: 'PrizeAwarded', data: { prize: 'top3', players: ['c', 'b', 'd'] } },
    ]);
    expect(awards(t).filter((w) => w.player === 'a')).toEqual([
      { prize: 'thanks', name: '参加賞', player: 'a', withdrawn: false },
    ]);
  });

  it('given the same, when the disqualification is with loss of prizes, then the earlier prize is withdrawn too', () => {
    const dq = thenEvents(
      given(...twoRounds),
      issue('a', 'bribery', 'in-duel', { role: 'head-judge', statements: statement }),
    );
    const t = tournament(...twoRounds, ...dq);
    expect(computeStandings(standingsPlayers(t), matchRecords(t)).find((r) => r.player === 'a')).toMatchObject({
      rank: null,
      status: 'disqualified-forfeit-prizes',
    });
    expect(awards(t).filter((w) => w.player === 'a')).toEqual([
      { prize: 'thanks', name: '参加賞', player: 'a', withdrawn: true },
    ]);
  });
});

describe('3. a decklist mismatch exists only where decklists are required and registered (rule 3-B)', () => {
  it('given a tournament without required decklists, when a judge reports decklist-mismatch, then it is refused with the reason', () => {
    const details = thenError(
      given(...roundOne),
      issue('a', 'decklist-mismatch', 'in-duel', { duel: 1 }),
      'infraction-not-applicable',
    );
    expect(details).toMatchObject({
      infraction: 'decklist-mismatch',
      reason: { en: 'this tournament does not require decklists' },
    });
  });

  it('given decklists required but none registered for the player, then it is refused; with a registered list it lands as a duel loss', () => {
    const deck = { main: Array.from({ length: 40 }, (_, i) => 1000 + i), extra: [], side: [] };
    const base: GivenEvent[] = [
      created(undefined, { decklistsRequired: true }),
      registered('a'),
      registered('b'),
      swissRound(1, [['a', 'b']]),
    ];
    expect(
      thenError(given(...base), issue('a', 'decklist-mismatch', 'in-duel', { duel: 1 }), 'infraction-not-applicable'),
    ).toMatchObject({ reason: { en: 'this player has no registered decklist' } });
    const withList = [
      ...base.slice(0, 3),
      { type: 'DecklistSubmitted', data: { player: 'a', decklist: deck } } as GivenEvent,
      base[3] as GivenEvent,
    ];
    expect(
      issued(thenEvents(given(...withList), issue('a', 'decklist-mismatch', 'in-duel', { duel: 1 }))).landing,
    ).toEqual({ kind: 'duel', round: 1, table: 1, duel: 1 });
  });
});

describe('4. a duel number must be one the match can have, and only where it means something', () => {
  const extraDraw = { identifiable: false, decisive: false };
  it('given a best-of-3 match, when a duel loss names duel 4, then it is refused', () => {
    const details = thenError(
      given(...roundOne),
      issue('b', 'extra-draw', 'in-duel', { facts: extraDraw, duel: 4 }),
      'invalid-command',
    );
    expect(details.field).toBe('duel');
    expect((details.problem as { en: string }).en).toBe('a match has duels 1 to 3; there is no duel 4');
  });

  it('given a report between matches, a match loss or a caution, when a duel number is given, then it is refused', () => {
    for (const command of [
      issue('b', 'extra-draw', 'between-matches', { facts: extraDraw, duel: 1 }),
      issue('b', 'stalling', 'in-duel', { duel: 2 }),
      issue('b', 'misplay', 'in-duel', { facts: { significantDecisionSince: false }, duel: 1 }),
    ]) {
      expect(thenError(given(...roundOne), command, 'invalid-command').field).toBe('duel');
    }
  });
});

describe('5. a loss with no match left says so, and is recorded without effect only when the judge confirms', () => {
  const lastRound: GivenEvent[] = [
    created({ kind: 'swiss', rounds: 1, topCut: 0 }),
    ...['a', 'b', 'c', 'd'].map((id) => registered(id)),
    swissRound(1, [
      ['a', 'b'],
      ['c', 'd'],
    ]),
    reported(1, 1, ['a', 'a']),
  ];

  it('given the last round and a finished match, when a match loss is proposed for the next match, then the answer says no match is left', () => {
    expect(thenError(given(...lastRound), issue('a', 'stalling', 'between-matches'), 'no-match-left')).toEqual({
      player: 'a',
    });
    const d = issued(
      thenEvents(given(...lastRound), {
        ...issue('a', 'stalling', 'between-matches'),
        data: { ...issue('a', 'stalling', 'between-matches').data, withoutEffect: true },
      }),
    );
    expect(d).toMatchObject({ penalty: 'match-loss', landing: { kind: 'none' }, noMatchLeft: true });
    expect(recordAt(given(...lastRound, { type: 'PenaltyIssued', data: d }), 1, 1).outcome).toEqual({
      kind: 'win',
      winner: 'a',
      byPenalty: false,
    });
  });

  it('given a warning between matches in the last round, when an appeal changes it to a match loss, then the answer says no match is left until the head judge confirms', () => {
    const warned = thenEvents(
      given(...lastRound),
      issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 2 } }),
    );
    const state = given(...lastRound, ...warned);
    const change = (withoutEffect?: boolean) =>
      ({
        type: 'ChangePenalty',
        data: {
          penaltyId: 1,
          penalty: 'match-loss',
          reason: 'late on purpose',
          ...(withoutEffect ? { withoutEffect } : {}),
        },
        meta: meta('head-judge'),
      }) as const;
    expect(thenError(state, change(), 'no-match-left')).toEqual({ player: 'a' });
    const changed = thenEvents(state, change(true));
    expect(changed).toEqual([
      {
        type: 'PenaltyChanged',
        data: expect.objectContaining({ penalty: 'match-loss', landing: { kind: 'none' }, noMatchLeft: true }),
      },
    ]);
    const after = tournament(...lastRound, ...warned, ...changed);
    expect(after.penalties[0]).toMatchObject({ penalty: 'match-loss', noMatchLeft: true });
    expect(recordAt(after, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: false });
    // With a round still to come the same change waits for it, no confirmation needed.
    const withRound2: GivenEvent[] = [created({ kind: 'swiss', rounds: 2, topCut: 0 }), ...lastRound.slice(1)];
    const warned2 = thenEvents(
      given(...withRound2),
      issue('a', 'tardiness', 'between-matches', { facts: { minutesLate: 2 } }),
    );
    expect(thenEvents(given(...withRound2, ...warned2), change())).toEqual([
      { type: 'PenaltyChanged', data: expect.objectContaining({ landing: { kind: 'next-match', fromRound: 2 } }) },
    ]);
  });

  it('given a Swiss round still to come, or a top cut not paired yet, then the loss waits for it', () => {
    const withCut: GivenEvent[] = [created({ kind: 'swiss', rounds: 1, topCut: 4 }), ...lastRound.slice(1)];
    expect(issued(thenEvents(given(...withCut), issue('a', 'stalling', 'between-matches'))).landing).toEqual({
      kind: 'next-match',
      fromRound: 2,
    });
    expect(
      issued(thenEvents(given(...roundOne, reported(1, 1, ['a', 'a'])), issue('a', 'stalling', 'between-matches')))
        .landing,
    ).toEqual({ kind: 'next-match', fromRound: 2 });
  });

  it('given a top cut under way, then a player still in has a next match and a player knocked out has none', () => {
    const cut: GivenEvent[] = [
      created({ kind: 'single-elimination' }),
      ...['a', 'b', 'c', 'd'].map((id) => registered(id)),
      {
        type: 'RoundPaired',
        data: {
          round: 1,
          stage: 'top-cut',
          seatTime: null,
          seed: 1,
          matches: [
            { table: 1, players: ['a', 'b'] },
            { table: 2, players: ['c', 'd'] },
          ],
          byes: [],
          bracket: [
            { kind: 'match', table: 1 },
            { kind: 'match', table: 2 },
          ],
        },
      },
      reported(1, 1, ['a', 'a']),
    ];
    expect(issued(thenEvents(given(...cut), issue('a', 'stalling', 'between-matches'))).landing).toEqual({
      kind: 'next-match',
      fromRound: 2,
    });
    thenError(given(...cut), issue('b', 'stalling', 'between-matches'), 'no-match-left');
  });
});

describe('5. a loss waiting for a top-cut match the player then misses says it could not land, and why', () => {
  it('given three losers of the last Swiss round waiting with a match loss, when the top 4 is paired, then the one in the cut loses there and the two left out show "not in the top cut"', () => {
    const swiss: GivenEvent[] = [
      created({ kind: 'swiss', rounds: 1, topCut: 4 }),
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => registered(id)),
      swissRound(1, [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ]),
      reported(1, 1, ['a', 'a']),
      reported(1, 2, ['c', 'c']),
      reported(1, 3, ['e', 'e']),
    ];
    let state = given(...swiss);
    for (const loser of ['b', 'd', 'f']) state = run(state, issue(loser, 'stalling', 'between-matches'));
    expect(penaltyLog(state as Tournament).map((e) => [e.landing, e.couldNotLand])).toEqual(
      [1, 2, 3].map(() => [{ kind: 'next-match', fromRound: 2 }, null]),
    );
    state = run(run(state, { type: 'EndRound', data: { round: 1 }, meta: meta('scorekeeper') }), {
      type: 'PairRound',
      data: { round: 2 },
      meta: meta('scorekeeper', { seed: 7 }),
    });
    const t = state as Tournament;
    const cut = new Set(t.rounds[1]!.matches.flatMap((m) => m.players));
    const log = penaltyLog(t);
    for (const e of log) {
      if (cut.has(e.player)) expect([e.landedOn?.round, e.couldNotLand]).toEqual([2, null]);
      else
        expect([e.landedOn, e.couldNotLand?.reason, e.couldNotLand?.text.ja]).toEqual([
          null,
          'not-in-top-cut',
          '選手が決勝トーナメントに進出しなかったため、次のマッチがありません',
        ]);
    }
    expect(log.filter((e) => e.couldNotLand !== null)).toHaveLength(2);
    // It stays on the official record: it was rightly issued, only nothing is left for it to decide.
    expect(log.every((e) => e.recorded)).toBe(true);
  });
});

describe('6. in a match already lost the guideline stays the current match (spec §4)', () => {
  it('given the match already lost, when a floor judge confirms the guideline, then it lands on the current match', () => {
    const d = issued(thenEvents(given(...roundOne), issue('b', 'stalling', 'in-duel', { matchAlreadyLost: true })));
    expect([d.guideline.appliesTo, d.landing]).toEqual(['current-match', { kind: 'match', round: 1, table: 1 }]);
  });

  it('given a report between matches, when it says the match is already lost, then the contradiction is refused', () => {
    expect(
      thenError(
        given(...roundOne),
        issue('b', 'stalling', 'between-matches', { matchAlreadyLost: true }),
        'assess-failed',
      ).field,
    ).toBe('matchAlreadyLost');
  });
});

describe('7. minutes late are decimal minutes from the seat time: any lateness is tardiness (rule 5)', () => {
  it('given a player seated 30 seconds late, when the judge issues tardiness from the seat mark, then it is a warning for 0.5 minutes', () => {
    const seated: GivenEvent = { type: 'PlayerSeated', data: { round: 1, table: 1, player: 'b' }, at: at(0.5) };
    const d = issued(thenEvents(given(...roundOne, seated), issue('b', 'tardiness', 'between-matches', { at: at(2) })));
    expect([d.report.facts, d.penalty]).toEqual([{ minutesLate: 0.5 }, 'warning']);
  });

  it('given a player seated 4 minutes 59 seconds late, then it is still a warning; 5 minutes is a duel loss', () => {
    const late = (minutes: number) =>
      issued(
        thenEvents(
          given(...roundOne, { type: 'PlayerSeated', data: { round: 1, table: 1, player: 'b' }, at: at(minutes) }),
          issue('b', 'tardiness', 'between-matches', { at: at(9) }),
        ),
      );
    expect([late(4 + 59 / 60).report.facts, late(4 + 59 / 60).penalty]).toEqual([{ minutesLate: 4.9 }, 'warning']);
    expect(late(5).penalty).toBe('duel-loss');
  });
});

describe('8. the judge may add a penalty when the result was affected (rules 7, 10)', () => {
  const added = (penalty: 'duel-loss' | 'match-loss' | 'caution', reason = 'the advice decided the game') => ({
    additional: { penalty, reason },
  });
  const withAddition = (o: ReturnType<typeof added>, affected = true, duel?: number) => {
    const base = issue('b', 'outside-advice', 'in-duel', {
      facts: { affectedResult: affected },
      ...(duel ? { duel } : {}),
    });
    return { ...base, data: { ...base.data, ...o } };
  };

  it('given outside advice that affected the result, when a floor judge adds a match loss, then both penalties are recorded with the reason', () => {
    const events = thenEvents(given(...roundOne), withAddition(added('match-loss')));
    expect(events).toHaveLength(2);
    expect(issued(events, 0)).toMatchObject({
      penaltyId: 1,
      penalty: 'warning',
      deviationReason: null,
      landing: { kind: 'none' },
    });
    expect(issued(events, 1)).toMatchObject({
      penaltyId: 2,
      penalty: 'match-loss',
      deviationReason: null,
      addedTo: 1,
      reason: 'the advice decided the game',
      landing: { kind: 'match', round: 1, table: 1 },
    });
    expect(recordAt(given(...roundOne, ...events), 1, 1).outcome).toEqual({
      kind: 'win',
      winner: 'a',
      byPenalty: true,
    });
  });

  it('given the result was not affected, or an addition not above the guideline, then it is refused; replacing the guideline stays a deviation', () => {
    thenError(given(...roundOne), withAddition(added('match-loss'), false), 'additional-penalty-not-allowed');
    expect(thenError(given(...roundOne), withAddition(added('caution')), 'invalid-command').field).toBe(
      'additional.penalty',
    );
    thenError(
      given(...roundOne),
      issue('b', 'outside-advice', 'in-duel', {
        facts: { affectedResult: true },
        choice: other('caution', 'first event'),
      }),
      'role-required',
    );
  });

  it('given an added penalty, then the same infraction later counts once for the repeat', () => {
    const events = thenEvents(given(...roundOne), withAddition(added('duel-loss'), true, 1));
    const again = issued(
      thenEvents(
        given(...roundOne, ...events),
        issue('b', 'outside-advice', 'in-duel', { facts: { affectedResult: false } }),
      ),
    );
    expect(again.guideline.repeat).toEqual({ count: 2, upgradeTo: 'duel-loss' });
  });
});

describe('9. a reason written with the repeat upgrade is kept', () => {
  // A second tardiness in the same round is the same lateness (one penalty, raised): the repeat is shown with another infraction.
  it('given a second outside advice, when the judge takes the upgrade with a reason, then the reason is on the record', () => {
    const first = thenEvents(
      given(...roundOne),
      issue('b', 'outside-advice', 'in-duel', { facts: { affectedResult: false } }),
    );
    const d = issued(
      thenEvents(
        given(...roundOne, ...first),
        issue('b', 'outside-advice', 'in-duel', {
          facts: { affectedResult: false },
          duel: 1,
          choice: other('duel-loss', 'advised again after a warning'),
        }),
      ),
    );
    expect(d).toMatchObject({
      penalty: 'duel-loss',
      repeatUpgrade: true,
      deviationReason: null,
      reason: 'advised again after a warning',
    });
  });
});

describe('10. a report between matches may name the seat where the player was found', () => {
  it('given the player sits at round 1 table 2, when the report names that seat, then it is accepted and lands on that open match', () => {
    const d = issued(
      thenEvents(
        given(...roundOne),
        issue('c', 'tardiness', 'between-matches', { facts: { minutesLate: 11 }, round: 1, table: 2 }),
      ),
    );
    expect(d.landing).toEqual({ kind: 'next-match', fromRound: 1 });
    expect(
      recordAt(
        run(
          given(...roundOne),
          issue('c', 'tardiness', 'between-matches', { facts: { minutesLate: 11 }, round: 1, table: 2 }),
        ),
        1,
        2,
      ).outcome,
    ).toEqual({ kind: 'win', winner: 'd', byPenalty: true });
  });

  it('given the same, when the seat contradicts the pairing, then it is refused', () => {
    thenError(
      given(...roundOne),
      issue('c', 'tardiness', 'between-matches', { facts: { minutesLate: 11 }, round: 1, table: 1 }),
      'player-not-in-match',
    );
    thenError(
      given(...roundOne),
      issue('c', 'tardiness', 'between-matches', { facts: { minutesLate: 11 }, round: 1, table: 9 }),
      'table-not-found',
    );
    thenError(
      given(...roundOne),
      issue('c', 'tardiness', 'between-matches', { facts: { minutesLate: 11 }, round: 4, table: 2 }),
      'round-not-found',
    );
  });
});
