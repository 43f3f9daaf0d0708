import { describe, expect, it } from 'vitest';
import { standingsPlayers } from '../../src/core/tournament/match-results.js';
import { given, reported, thenError, thenEvents, tournament, type GivenEvent } from './fixtures.js';
import { issue, other, recordAt, roundOne } from './penalty-fixtures.js';

const issued = (events: GivenEvent[]) => {
  const e = events[0];
  if (e?.type !== 'PenaltyIssued') throw new Error('expected PenaltyIssued');
  return e.data;
};
const statement = ['対戦相手の証言: じゃんけんで勝敗を決めようと持ちかけられた'];

describe('disqualification', () => {
  it('needs a head judge and written statements', () => {
    expect(thenError(given(...roundOne), issue('a', 'random-result', 'in-duel'), 'role-required')).toEqual({
      roles: ['head-judge'],
      actual: 'judge',
    });
    thenError(
      given(...roundOne),
      issue('a', 'random-result', 'in-duel', { role: 'head-judge' }),
      'statements-required',
    );
    thenError(
      given(...roundOne),
      issue('a', 'random-result', 'in-duel', { role: 'head-judge', statements: ['  '] }),
      'statements-required',
    );
  });

  it('loses the current match and removes the player, who holds no place any more (rule 1-E)', () => {
    const events = thenEvents(
      given(...roundOne),
      issue('a', 'random-result', 'in-duel', { role: 'head-judge', statements: statement }),
    );
    const d = issued(events);
    expect(d).toMatchObject({
      penalty: 'disqualification',
      landing: { kind: 'match', round: 1, table: 1 },
      statements: statement,
    });
    const t = tournament(...roundOne, ...events);
    expect(recordAt(t, 1, 1).outcome).toEqual({ kind: 'win', winner: 'b', byPenalty: true });
    expect(standingsPlayers(t).find((p) => p.id === 'a')).toEqual({
      id: 'a',
      name: 'Player a',
      dropped: true,
      rankWithdrawn: true,
      disqualification: 'disqualified',
    });
  });

  it('with loss of prizes also withdraws the rank; between matches there is no match to lose', () => {
    const state = given(...roundOne, reported(1, 1, ['a', 'b', 'a']));
    const events = thenEvents(
      state,
      issue('a', 'misreported-result', 'between-matches', { role: 'head-judge', statements: statement }),
    );
    expect(issued(events)).toMatchObject({ penalty: 'disqualification-forfeit-prizes', landing: { kind: 'none' } });
    const t = tournament(...roundOne, reported(1, 1, ['a', 'b', 'a']), ...events);
    expect(recordAt(t, 1, 1).outcome).toEqual({ kind: 'win', winner: 'a', byPenalty: false });
    expect(standingsPlayers(t).find((p) => p.id === 'a')).toEqual({
      id: 'a',
      name: 'Player a',
      dropped: true,
      rankWithdrawn: true,
      disqualification: 'disqualified-forfeit-prizes',
    });
  });
});

describe('deviation from the guideline', () => {
  const advice = { affectedResult: true };

  it('needs a written reason and a head judge, and is recorded with the guideline', () => {
    const deviate = (reason?: string, role: 'judge' | 'head-judge' = 'head-judge') =>
      issue('a', 'outside-advice', 'in-duel', { facts: advice, choice: other('duel-loss', reason), duel: 2, role });
    thenError(given(...roundOne), deviate(), 'deviation-reason-required');
    thenError(given(...roundOne), deviate('助言で勝敗が決まった', 'judge'), 'role-required');
    const d = issued(thenEvents(given(...roundOne), deviate('助言で勝敗が決まった')));
    expect(d).toMatchObject({
      guideline: { penalty: 'warning', additionalPenaltyAllowed: true },
      penalty: 'duel-loss',
      deviationReason: '助言で勝敗が決まった',
      repeatUpgrade: false,
      landing: { kind: 'duel', round: 1, table: 1, duel: 2 },
    });
  });

  it('is not a deviation when the judge names the guideline penalty itself', () => {
    const d = issued(
      thenEvents(
        given(...roundOne),
        issue('a', 'outside-advice', 'in-duel', { facts: advice, choice: other('warning') }),
      ),
    );
    expect(d).toMatchObject({ penalty: 'warning', deviationReason: null });
  });
});

describe('repeats', () => {
  const misplay = (choice = other('caution')) =>
    issue('a', 'misplay', 'in-duel', { facts: { significantDecisionSince: false }, choice });

  it('offers the next step from the player’s own history, cautions included; the upgrade needs no reason', () => {
    const first = thenEvents(given(...roundOne), misplay());
    const state = given(...roundOne, ...first);
    const upgraded = issued(thenEvents(state, misplay(other('warning'))));
    expect(upgraded.report.previous).toEqual(['misplay']);
    expect(upgraded.guideline.repeat).toEqual({ count: 2, upgradeTo: 'warning' });
    expect(upgraded).toMatchObject({
      penalty: 'warning',
      repeatUpgrade: true,
      deviationReason: null,
      judge: { role: 'judge' },
    });
    const otherPlayer = issued(
      thenEvents(state, issue('b', 'misplay', 'in-duel', { facts: { significantDecisionSince: false } })),
    );
    expect(otherPlayer.guideline.repeat).toBeNull();
  });

  it('does not count a rescinded penalty', () => {
    const first = thenEvents(given(...roundOne), misplay());
    const rescinded: GivenEvent = {
      type: 'PenaltyRescinded',
      data: { penaltyId: 1, reason: '誤認', judge: { id: 'hj', role: 'head-judge' } },
    };
    const d = issued(thenEvents(given(...roundOne, ...first, rescinded), misplay()));
    expect(d.report.previous).toEqual([]);
    expect(d.guideline.repeat).toBeNull();
  });
});
