import { describe, expect, it } from 'vitest';
import { explain, PROBLEM_IDS } from '../../src/core/tournament/command-problems.js';
import { domainError } from '../../src/core/tournament/domain-errors.js';

/** Every value any problem names. */
const details = {
  codePoint: 'U+0007',
  position: 3,
  min: 1,
  max: 240,
  choices: ['swiss', 'top-cut'],
  id: 'ocg-5ds',
  version: '1.0.0',
  most: 9,
  given: 10,
  player: '0012345678',
  draw: 'draw',
  decidedAfter: 2,
  extra: 1,
  round: 3,
  players: ['0001', '0002'],
  penalties: ['warning', 'duel-loss'],
  penalty: 'warning',
  above: ['duel-loss', 'match-loss'],
  rounds: [3, 4],
  duel: 4,
  size: 6,
  sizes: [4, 8, 16],
  char: 'A',
  length: 300,
  digits: 10,
  seatTime: '2009-03-01T10:00:00+09:00',
  published: '2009-03-01T10:20:00+09:00',
};

describe('command problems', () => {
  it('have a Japanese and an English text for every id, naming the values', () => {
    expect(PROBLEM_IDS.length).toBeGreaterThan(30);
    for (const id of PROBLEM_IDS) {
      const text = explain(id, details as never);
      for (const side of [text.ja, text.en]) {
        expect(side, id).toMatch(/\S/);
        expect(side, id).not.toMatch(/undefined|\[object|NaN/);
      }
      expect(text.ja, id).not.toBe(text.en);
      expect(text.ja, id).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it('are what an invalid-command error says after the field', () => {
    const error = domainError('invalid-command', {
      field: 'settings.roundMinutes',
      problem: explain('whole-number-between', { min: 1, max: 240 }),
    });
    expect(error.message).toEqual({
      ja: 'settings.roundMinutes: 1〜240 の整数が必要です',
      en: 'settings.roundMinutes: expected a whole number from 1 to 240',
    });
  });
});
