import { describe, expect, it } from 'vitest';
import type { CommandMeta, TournamentCommand } from '../../src/core/tournament/commands.js';
import { allCalls, findCall, proposedExtension } from '../../src/core/tournament/judge-calls.js';
import { EXTENSION_MINUTES, MAX_PLAYER_CALLS_PER_ROUND } from '../../src/core/tournament/limits.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { at, ended, given as givenEvents, meta, run, T0, thenError, thenEvents } from './fixtures.js';
import { issue, roundOne } from './penalty-fixtures.js';

const asPlayer = (id: string, when = T0): CommandMeta => ({ at: when, actor: { id, role: 'player' } });
const judge = (id: string, when = T0): CommandMeta => ({ at: when, actor: { id, role: 'judge' } });
const headJudge = (when = T0): CommandMeta => ({ at: when, actor: { id: 'hj', role: 'head-judge' } });

const playerCall = (player: string, table = 1, note?: string, when = T0): TournamentCommand => ({
  type: 'OpenCall',
  data: { round: 1, table, player, ...(note === undefined ? {} : { note }) },
  meta: asPlayer(player, when),
});
const claim = (callId: number, m: CommandMeta): TournamentCommand => ({ type: 'ClaimCall', data: { callId }, meta: m });
const escalate = (callId: number, m: CommandMeta, note?: string): TournamentCommand => ({
  type: 'EscalateCall',
  data: { callId, ...(note === undefined ? {} : { note }) },
  meta: m,
});
const resolve = (
  callId: number,
  m: CommandMeta,
  extra: { ruling?: string; penaltyIds?: number[]; extensionMinutes?: number } = {},
): TournamentCommand => ({ type: 'ResolveCall', data: { callId, ...extra }, meta: m });

/** Round 1 running: a–b at table 1, c–d at table 2. */
const given = (): TournamentState => givenEvents(...roundOne);
const called = (): TournamentState => run(given(), playerCall('a', 1, '相手がカードを戻さない'));
const t = (s: TournamentState): Tournament => s as Tournament;

describe('a player calls a judge', () => {
  it('given round 1 running, when a player calls for their table with words, then the call is in the log with who, where and what', () => {
    expect(thenEvents(given(), playerCall('a', 1, '  相手がカードを戻さない '))).toEqual([
      {
        type: 'CallOpened',
        data: {
          callId: 1,
          round: 1,
          table: 1,
          player: 'a',
          note: '相手がカードを戻さない',
          by: { id: 'a', role: 'player' },
        },
      },
    ]);
  });

  it('given an open call at the table, when either player presses again, then it answers the same call and writes nothing', () => {
    const state = called();
    expect(thenEvents(state, playerCall('a'))).toEqual([]);
    expect(thenEvents(state, playerCall('b'))).toEqual([]);
    expect(thenEvents(state, { type: 'OpenCall', data: { round: 1, table: 1 }, meta: meta('judge') })).toEqual([]);
    // Another table has its own call.
    expect(thenEvents(state, playerCall('c', 2))[0]).toMatchObject({ data: { callId: 2, table: 2 } });
  });

  it('given a claimed call, when a player presses again, then it is still the same call', () => {
    const state = run(called(), claim(1, judge('j1')));
    expect(thenEvents(state, playerCall('b'))).toEqual([]);
  });

  it('given the table’s call resolved, when the player calls again, then a new call opens', () => {
    let state = run(called(), claim(1, judge('j1')));
    state = run(state, resolve(1, judge('j1'), { ruling: 'ok' }));
    expect(thenEvents(state, playerCall('a'))[0]).toMatchObject({ type: 'CallOpened', data: { callId: 2 } });
  });

  it(`given a player used ${MAX_PLAYER_CALLS_PER_ROUND} calls this round, when they call again, then it is refused with the reason; staff may still call`, () => {
    let state = given();
    for (let i = 1; i <= MAX_PLAYER_CALLS_PER_ROUND; i += 1) {
      state = run(state, playerCall('a'));
      state = run(state, claim(i, judge('j1')));
      state = run(state, resolve(i, judge('j1')));
    }
    const details = thenError(state, playerCall('a'), 'too-many-calls');
    expect(details).toEqual({ round: 1, max: MAX_PLAYER_CALLS_PER_ROUND });
    // The opponent has calls of their own, and staff are not bounded.
    expect(thenEvents(state, playerCall('b'))).toHaveLength(1);
    expect(
      thenEvents(state, { type: 'OpenCall', data: { round: 1, table: 1, player: 'a' }, meta: meta('judge') }),
    ).toHaveLength(1);
  });

  it('when the table does not exist, the round is over, the player is not at the table, or the words are too long, then it is refused', () => {
    thenError(given(), { type: 'OpenCall', data: { round: 1, table: 9 }, meta: meta('judge') }, 'table-not-found');
    thenError(given(), { type: 'OpenCall', data: { round: 2, table: 1 }, meta: meta('judge') }, 'round-not-found');
    thenError(givenEvents(...roundOne, ended(1)), playerCall('a'), 'round-already-ended');
    thenError(given(), playerCall('c', 1), 'not-your-table');
    thenError(
      givenEvents(...roundOne, { type: 'PlayerDropped', data: { player: 'a', afterRound: 1, reason: null } }),
      playerCall('a'),
      'player-dropped',
    );
    const long = thenError(given(), playerCall('a', 1, 'あ'.repeat(201)), 'invalid-command');
    expect(long.field).toBe('note');
    // A player calls only as themselves.
    thenError(
      given(),
      { type: 'OpenCall', data: { round: 1, table: 1, player: 'b' }, meta: asPlayer('a') },
      'role-required',
    );
  });
});

describe('judges take calls', () => {
  it('given an open call, when two judges claim it, then the first holds it and the second is told who does', () => {
    const state = run(called(), claim(1, judge('j1', at(1))));
    expect(findCall(t(state), 1)).toMatchObject({ state: 'claimed', claimedBy: { id: 'j1' }, claimedAt: at(1) });
    expect(thenError(state, claim(1, judge('j2')), 'call-already-claimed')).toEqual({ call: 1, by: 'j1' });
    // The same judge pressing again holds it already.
    expect(thenEvents(state, claim(1, judge('j1')))).toEqual([]);
    thenError(state, claim(7, judge('j2')), 'call-not-found');
  });

  it('given a claimed call, when another judge escalates or resolves it, then it is refused; the holder escalates with words and it shows as escalated', () => {
    const state = run(called(), claim(1, judge('j1')));
    thenError(state, escalate(1, judge('j2')), 'call-not-yours');
    thenError(state, resolve(1, judge('j2')), 'call-not-yours');
    thenError(called(), escalate(1, judge('j1')), 'call-not-yours');
    const events = thenEvents(state, escalate(1, judge('j1'), '裁定が難しい'));
    expect(events).toEqual([
      { type: 'CallEscalated', data: { callId: 1, by: { id: 'j1', role: 'judge' }, note: '裁定が難しい' } },
    ]);
    const after = run(state, escalate(1, judge('j1'), '裁定が難しい'));
    expect(findCall(t(after), 1)).toMatchObject({ state: 'escalated', escalation: { note: '裁定が難しい' } });
    thenError(after, escalate(1, judge('j1')), 'call-already-escalated');
    // The head judge resolves it without claiming.
    expect(thenEvents(after, resolve(1, headJudge(), { ruling: '続行' }))).toHaveLength(1);
  });

  it('given an open call nobody took, when a floor judge resolves it, then it is refused; the head judge may', () => {
    thenError(called(), resolve(1, judge('j1')), 'call-not-yours');
    expect(thenEvents(called(), resolve(1, headJudge()))[0]).toMatchObject({ type: 'CallResolved' });
  });
});

describe('resolving a call', () => {
  const claimedAt = (minute: number) => run(called(), claim(1, judge('j1', at(minute))));

  it('given a call claimed 2½ minutes ago, then 3 minutes are proposed; under the organizer’s minimum nothing is', () => {
    const state = t(claimedAt(0));
    const call = findCall(state, 1)!;
    expect(proposedExtension(state, call, at(2.5))).toBe(3);
    expect(proposedExtension(state, call, at(0.5))).toBe(0);
    expect(proposedExtension(state, call, at(1))).toBe(1);
    expect(proposedExtension(state, call, at(500))).toBe(EXTENSION_MINUTES.max);
    const stricter = run(claimedAt(0), { type: 'SetCallRules', data: { minimumMinutes: 3 }, meta: meta('organizer') });
    expect(proposedExtension(t(stricter), call, at(2.5))).toBe(0);
    expect(proposedExtension(t(stricter), call, at(3.2))).toBe(4);
    thenError(
      claimedAt(0),
      { type: 'SetCallRules', data: { minimumMinutes: 0 }, meta: meta('organizer') },
      'invalid-command',
    );
  });

  it('when the holder resolves with a penalty and an extension, then the table gets the existing extension and the call links the penalty', () => {
    let state = claimedAt(0);
    state = run(state, issue('b', 'slow-play', 'in-duel', { at: at(2), facts: { affectedResult: false } }));
    const events = thenEvents(
      state,
      resolve(1, judge('j1', at(3)), { ruling: '遅延行為', penaltyIds: [1], extensionMinutes: 3 }),
    );
    expect(events).toEqual([
      { type: 'TimeExtended', data: { round: 1, table: 1, minutes: 3, reason: '遅延行為' } },
      {
        type: 'CallResolved',
        data: {
          callId: 1,
          by: { id: 'j1', role: 'judge' },
          ruling: '遅延行為',
          penaltyIds: [1],
          extensionMinutes: 3,
        },
      },
    ]);
    const after = t(run(state, resolve(1, judge('j1', at(3)), { penaltyIds: [1], extensionMinutes: 3 })));
    const match = after.rounds[0]!.matches[0]!;
    expect(match.extensions).toEqual([{ minutes: 3, reason: null }]);
    expect(findCall(after, 1)).toMatchObject({
      state: 'resolved',
      resolution: { penaltyIds: [1], extensionMinutes: 3, at: at(3) },
    });
    expect(allCalls(after).map((c) => c.state)).toEqual(['resolved']);
    thenError(after, resolve(1, judge('j1')), 'call-already-resolved');
    thenError(after, claim(1, judge('j2')), 'call-already-resolved');
  });

  it('when the extension is outside the limits, a penalty is of another table or does not exist, then nothing is written', () => {
    let state = claimedAt(0);
    state = run(state, issue('c', 'slow-play', 'in-duel', { facts: { affectedResult: false } }));
    const over = thenError(
      state,
      resolve(1, judge('j1'), { extensionMinutes: EXTENSION_MINUTES.max + 1 }),
      'invalid-command',
    );
    expect(over.field).toBe('extensionMinutes');
    thenError(state, resolve(1, judge('j1'), { extensionMinutes: 0 }), 'invalid-command');
    thenError(state, resolve(1, judge('j1'), { penaltyIds: [1] }), 'penalty-not-of-call');
    thenError(state, resolve(1, judge('j1'), { penaltyIds: [5] }), 'penalty-not-found');
  });

  it('given the round ended with the call still open, when resolved with an extension, then it is refused; without one it closes', () => {
    const state = run(claimedAt(0), {
      type: 'ReportResult',
      data: { round: 1, table: 1, duels: ['a', 'a'] },
      meta: meta('scorekeeper'),
    });
    const over = run(
      run(state, { type: 'ReportResult', data: { round: 1, table: 2, duels: ['c', 'c'] }, meta: meta('scorekeeper') }),
      { type: 'EndRound', data: { round: 1 }, meta: meta('organizer') },
    );
    thenError(over, resolve(1, judge('j1'), { extensionMinutes: 2 }), 'round-already-ended');
    expect(thenEvents(over, resolve(1, judge('j1')))).toHaveLength(1);
  });
});
