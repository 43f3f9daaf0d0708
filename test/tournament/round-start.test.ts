import { describe, expect, it } from 'vitest';
import type { MarkAllSeated, PairRound, StartRound } from '../../src/core/tournament/commands.js';
import { at, created, given, meta, registered, run, thenError, thenEvents, tournament } from './fixtures.js';

const four = [created(), registered('a'), registered('b'), registered('c'), registered('d')];
const pair: PairRound = {
  type: 'PairRound',
  data: { round: 1, startLater: true },
  meta: meta('scorekeeper', { seed: 3, at: at(0) }),
};
const start = (minutes: number): StartRound => ({
  type: 'StartRound',
  data: { round: 1 },
  meta: meta('scorekeeper', { at: at(minutes) }),
});
const allSeated = (except: string[]): MarkAllSeated => ({
  type: 'MarkAllSeated',
  data: { round: 1, except },
  meta: meta('judge', { at: at(16) }),
});

describe('start round as its own step', () => {
  it('posts the pairings without a running clock; starting sets the seat time, once', () => {
    const paired = run(given(...four), pair);
    expect(paired.status !== 'none' && paired.rounds[0]?.started).toBe(false);
    const events = thenEvents(paired, start(15));
    expect(events).toEqual([{ type: 'RoundStarted', data: { round: 1, seatTime: at(15) } }]);
    const started = run(paired, start(15));
    expect(started.status !== 'none' && started.rounds[0]).toMatchObject({ started: true, seatTime: at(15) });
    thenError(started, start(16), 'round-already-started');
    // An old log (no startsLater) starts at pairing, as before.
    expect(
      tournament(...four, {
        type: 'RoundPaired',
        data: {
          round: 1,
          stage: 'swiss',
          seatTime: null,
          seed: 1,
          matches: [{ table: 1, players: ['a', 'b'] }],
          byes: [],
          bracket: null,
        },
      }).rounds[0]?.started,
    ).toBe(true);
  });

  it('a seat time announced with the pairings: shown until the start, and a start before it seats the players at it', () => {
    const announced: PairRound = { ...pair, data: { round: 1, startLater: true, seatTime: at(30) } };
    const paired = run(given(...four), announced);
    expect(paired.status !== 'none' && paired.rounds[0]).toMatchObject({ started: false, plannedSeatTime: at(30) });
    // Started early: nobody is late before the time the players were told.
    expect(thenEvents(paired, start(20))).toEqual([{ type: 'RoundStarted', data: { round: 1, seatTime: at(30) } }]);
    // Started late: from the start.
    expect(thenEvents(paired, start(40))).toEqual([{ type: 'RoundStarted', data: { round: 1, seatTime: at(40) } }]);
    // A seat time given at the start wins; none announced, the start is the seat time (above).
    expect(thenEvents(paired, { ...start(20), data: { round: 1, seatTime: at(25) } })).toEqual([
      { type: 'RoundStarted', data: { round: 1, seatTime: at(25) } },
    ]);
    const unannounced = run(given(...four), pair);
    expect(unannounced.status !== 'none' && unannounced.rounds[0]?.plannedSeatTime).toBe(null);
    // Paired and started at once, the seat time given is the round's own, not an announcement.
    const now = run(given(...four), { ...pair, data: { round: 1, seatTime: at(5) } });
    expect(now.status !== 'none' && now.rounds[0]).toMatchObject({
      started: true,
      plannedSeatTime: null,
      seatTime: at(5),
    });
  });

  it('marks everyone seated except the players named, skipping reported tables', () => {
    const paired = run(run(given(...four), pair), start(15));
    if (paired.status === 'none') throw new Error('no tournament');
    const [t1, t2] = paired.rounds[0]!.matches;
    const missing = t1!.players[0];
    const withResult = run(paired, {
      type: 'ReportResult',
      data: { round: 1, table: t2!.table, duels: [t2!.players[0], t2!.players[0]] },
      meta: meta('judge'),
    });
    const events = thenEvents(withResult, allSeated([missing]));
    // Marked as the roll call: present when the judges looked, not arriving at this time (the tardiness table).
    expect(events).toEqual([
      { type: 'PlayerSeated', data: { round: 1, table: t1!.table, player: t1!.players[1], rollCall: true } },
    ]);
    thenError(paired, allSeated(['zz']), 'invalid-command');
  });
});
