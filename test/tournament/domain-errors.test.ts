import { describe, expect, it } from 'vitest';
import { DOMAIN_ERROR_CODES, domainError } from '../../src/core/tournament/domain-errors.js';
import { COMMAND_ROLES } from '../../src/core/tournament/permissions.js';

/** Every value any message names. */
const details = {
  tournament: 't1',
  field: 'settings.date',
  problem: { ja: '日付が必要です', en: 'expected a date' },
  roles: ['head-judge'],
  actual: 'judge',
  player: '0012345678',
  players: ['0001', '0002'],
  reason: { ja: '第2回戦の組み合わせが発表済み', en: 'round 2 has been paired' },
  why: { ja: '第2回戦は保留中です', en: 'round 2 is held' },
  round: 2,
  expected: 3,
  given: 4,
  tables: [1, 5],
  rounds: 5,
  needed: 2,
  table: 7,
  duel: 2,
  appliesTo: 'next-match',
  options: ['current-duel'],
  message: 'facts.minutesLate: missing',
  penalty: '3',
  issued: 'duel-loss',
  request: '2',
  prize: 'winner',
  advanced: '0007',
  infraction: 'decklist-mismatch',
  max: 5,
  call: 4,
  by: 'judge-1',
  holder: 'judge-1',
  closesAt: '2009-03-01T09:00:00+09:00',
  cap: 256,
  deadline: '2009-03-01T09:30:00+09:00',
  findings: 2,
  decided: { ja: '「警告」（初回）', en: '"Warning" (first time)' },
  now: { ja: '「ゲームの敗北」（同じ違反の2回目）', en: '"Game loss" (time 2 for this infraction)' },
  name: '遊城十代',
  answer: 'not-asked',
};

describe('domain errors', () => {
  it('have a Japanese and an English sentence for every code, naming the values', () => {
    expect(DOMAIN_ERROR_CODES.length).toBeGreaterThan(30);
    for (const code of DOMAIN_ERROR_CODES) {
      const error = domainError(code, details as never);
      for (const text of [error.message.ja, error.message.en]) {
        expect(text, code).toMatch(/\S/);
        expect(text, code).not.toMatch(/undefined|\[object/);
      }
      expect(error.message.ja, code).not.toBe(error.message.en);
    }
    expect(domainError('results-missing', { round: 2, tables: [1, 5] }).message).toEqual({
      ja: '第2回戦の卓 1, 5 の結果が未入力です',
      en: 'round 2 still needs results for table 1, 5',
    });
  });

  it('name the roles a command needs', () => {
    expect(COMMAND_ROLES.ChangePenalty).toEqual(['head-judge']);
    expect(COMMAND_ROLES.IssuePenalty).toEqual(['judge', 'head-judge']);
    expect(domainError('role-required', { roles: ['head-judge'], actual: 'judge' }).message.en).toBe(
      'this needs the role head-judge (you are judge)',
    );
  });
});
