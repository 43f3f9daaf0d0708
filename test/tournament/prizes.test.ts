import { describe, expect, it } from 'vitest';
import type { Prize } from '../../src/core/tournament/events.js';
import { awards } from '../../src/core/tournament/prizes.js';
import {
  created,
  en,
  ended,
  given,
  meta,
  registered,
  reported,
  run,
  swissRound,
  thenError,
  thenEvents,
  type GivenEvent,
} from './fixtures.js';
import { issue } from './penalty-fixtures.js';

const prizes: Prize[] = [
  { id: 'winner', name: 'プロモカード', rule: { kind: 'rank', from: 1, to: 1 } },
  { id: 'top2', name: 'スリーブ', rule: { kind: 'rank', from: 1, to: 2 } },
  { id: 'thanks', name: '参加賞', rule: { kind: 'round', round: 1, who: 'played' } },
  { id: 'r2-win', name: '勝利賞', rule: { kind: 'round', round: 2, who: 'won' } },
];
const setList = (list: Prize[] = prizes) =>
  ({ type: 'SetPrizeList', data: { prizes: list }, meta: meta('organizer') }) as const;
const award = (prize: string) => ({ type: 'AwardPrize', data: { prize }, meta: meta('organizer') }) as const;
const finished: GivenEvent = { type: 'TournamentFinished', data: {} };

/** Two Swiss rounds. Points: a 6, e 4 (bye, draw), b 3 (bye; met a), c 3 (met d and a), d 1: b is ahead of c on opponents. */
const played: GivenEvent[] = [
  created({ kind: 'swiss', rounds: 2, topCut: 0 }),
  ...['a', 'b', 'c', 'd', 'e'].map((id) => registered(id)),
  { type: 'PrizeListSet', data: { prizes } },
  swissRound(
    1,
    [
      ['a', 'b'],
      ['c', 'd'],
    ],
    'e',
  ),
  reported(1, 1, ['a', 'a']),
  reported(1, 2, ['c', 'c']),
  ended(1),
  swissRound(
    2,
    [
      ['a', 'c'],
      ['e', 'd'],
    ],
    'b',
  ),
  reported(2, 1, ['a', 'a']),
  reported(2, 2, ['e', 'draw', 'd']),
  ended(2),
];

describe('SetPrizeList', () => {
  it('records the list, and refuses duplicate ids and bad ranks', () => {
    expect(thenEvents(given(created()), setList())).toEqual([{ type: 'PrizeListSet', data: { prizes } }]);
    const dup = [prizes[0] as Prize, { ...(prizes[1] as Prize), id: 'winner' }];
    expect(thenError(given(created()), setList(dup), 'invalid-command')).toEqual({
      field: 'prizes[1].id',
      problem: { ja: '"winner" が重複しています', en: '"winner" is used twice' },
    });
    const backwards: Prize = { id: 'x', name: 'x', rule: { kind: 'rank', from: 3, to: 2 } };
    expect(thenError(given(created()), setList([backwards]), 'invalid-command').field).toBe('prizes[0].rule.to');
    thenError(given(created()), { ...setList(), meta: meta('judge') }, 'role-required');
  });
});

describe('AwardPrize', () => {
  it('gives round prizes once the round ended: every player of round 1 (the bye included), the winners of round 2', () => {
    expect(thenEvents(given(...played), award('thanks'))).toEqual([
      { type: 'PrizeAwarded', data: { prize: 'thanks', players: ['e', 'a', 'b', 'c', 'd'] } },
    ]);
    expect(thenEvents(given(...played), award('r2-win'))).toEqual([
      { type: 'PrizeAwarded', data: { prize: 'r2-win', players: ['b', 'a'] } },
    ]);
  });

  it('gives rank prizes by final place once the tournament finished, and only once', () => {
    expect(en(thenError(given(...played), award('winner'), 'prize-not-ready').reason)).toBe(
      'the tournament has not finished',
    );
    const done = given(...played, finished);
    expect(thenEvents(done, award('top2'))).toEqual([
      { type: 'PrizeAwarded', data: { prize: 'top2', players: ['a', 'e'] } },
    ]);
    thenError(run(done, award('top2')), award('top2'), 'prize-already-awarded');
    thenError(done, award('nope'), 'prize-not-found');
    thenError(run(done, award('top2')), setList(), 'prize-already-awarded');
  });

  it('leaves out a player disqualified with loss of prizes, and withdraws prizes already won', () => {
    const dq = (state: ReturnType<typeof given>) =>
      run(
        state,
        issue('a', 'misreported-result', 'between-matches', {
          role: 'head-judge',
          statements: ['スリップと申告が違う'],
        }),
      );
    const before = run(run(given(...played, finished), award('thanks')), award('winner'));
    const after = dq(before);
    expect(after.status !== 'none' && awards(after).filter((a) => a.player === 'a')).toEqual([
      { prize: 'winner', name: 'プロモカード', player: 'a', withdrawn: true },
      { prize: 'thanks', name: '参加賞', player: 'a', withdrawn: true },
    ]);
    expect(thenEvents(after, award('top2'))).toEqual([
      { type: 'PrizeAwarded', data: { prize: 'top2', players: ['e', 'b'] } },
    ]);
  });
});
