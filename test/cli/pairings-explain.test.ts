import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, ok, shinpan, tempFolder, tournamentWith } from './support.js';

/** `shinpan pairings --explain` over the demo's log: four Swiss rounds and a top 4. */
const dir = tempFolder('explain');
const db = join(dir, 'demo.db');

beforeAll(async () => {
  await ok('demo', '--db', db);
});

describe('shinpan pairings --explain', () => {
  it('round 1 says the seed drew it', async () => {
    const out = await ok('pairings', '--db', db, '--round', '1', '--explain');
    expect(out).toContain('■ Why this pairing');
    expect(out).toContain('  Table 1: Round 1: everyone on 0 points, drawn by the seed');
  });

  it('a later round gives one line per table: same record, pair-downs with why, rematches avoided', async () => {
    const out = await ok('pairings', '--db', db, '--round', '3', '--explain');
    const lines = out.slice(out.indexOf('■ Why this pairing')).trim().split('\n').slice(1);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe('  Table 1: Same record (6 points)');
    expect(lines[5]).toBe(
      '  Table 6: Pair-down from 3 to 1 point (Sophia Martin plays Noah Davis): 3 points had an odd number of players (7), so one plays down; Sophia Martin had already played 佐藤 健太 on the same points, so no rematch',
    );
    const ja = await ok('pairings', '--db', db, '--round', '3', '--explain', '--lang', 'ja');
    expect(ja).toContain('■ この組み合わせの理由');
    expect(ja).toContain('  卓 1: 同じ勝点（6点）同士');
  });

  it('--json carries the facts and both languages of each reason', async () => {
    const view = await json('pairings', '--db', db, '--round', '3', '--explain');
    expect(view.reasons).toHaveLength(8);
    expect(view.reasons[5]).toMatchObject({
      table: 6,
      facts: { kind: 'pair-down', from: 3, to: 1, bracketSize: 7, why: 'odd-bracket', rematch: false },
      reason: { ja: expect.stringContaining('勝点の異なる対戦'), en: expect.stringContaining('Pair-down') },
    });
    const plain = await json('pairings', '--db', db, '--round', '3');
    expect(plain.reasons).toBeUndefined();
  });

  it('refuses to explain a top-cut round, exit 2', async () => {
    const run = await shinpan('pairings', '--db', db, '--round', '5', '--explain');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--explain: round 5 is not a Swiss round');
    expect(run.stdout).toBe('');
  });
});

describe('the reasons of a round are those of the state it was paired on', () => {
  it('a round-1 result corrected after round 2 was paired leaves round 2 explained as it was paired', async () => {
    const file = await tournamentWith(dir, 'later', 6);
    const one = await json('round', 'pair', '--db', file);
    for (const m of one.pairings.filter((p: { table: number | null }) => p.table !== null)) {
      const [a] = m.players;
      await ok('result', 'report', '--db', file, '--round', '1', '--table', String(m.table), '--duels', `${a},${a}`);
    }
    await json('round', 'pair', '--db', file);
    const before = await json('pairings', '--db', file, '--round', '2', '--explain');
    expect(before.reasons.map((r: { facts: { kind: string } }) => r.facts.kind)).toEqual([
      'same-record',
      'pair-down',
      'same-record',
    ]);
    const [a, b] = one.pairings[0].players;
    await ok(
      'result',
      'correct',
      '--db',
      file,
      '--round',
      '1',
      '--table',
      '1',
      '--duels',
      `${b},${b}`,
      '--reason',
      'slip misread',
    );
    const after = await json('pairings', '--db', file, '--round', '2', '--explain');
    expect(after.reasons).toEqual(before.reasons);
    expect(a).not.toBe(b);
  });
});
