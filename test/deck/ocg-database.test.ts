import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shippedCards, shippedListHistory } from '../../src/adapters/deck/ocg-data.js';
import { ocgCardDatabasePath, ocgListHistoryPath } from '../../src/adapters/deck/shipped-data.js';
import { findHistoryList, gapWarning, listInForce } from '../../src/core/deck/lflist-history.js';
import { sharedDataDir, sharedDataPresent } from '../support/services.js';
import { shinpan } from './cli-support.js';
import { P } from './shipped.js';

// The shipped database and list history need no ../shared: they are the product's own files.
describe('the shipped OCG card database', () => {
  it('holds every deck card of the real data with its alternate passcodes, within the size budget', () => {
    const { catalogue, pool } = shippedCards();
    expect(catalogue.cards).toHaveLength(14_222);
    expect(catalogue.byPasscode.size - catalogue.cards.length).toBe(268);
    expect(catalogue.byPasscode.get(P.stardustAlt)?.passcode).toBe(P.stardust);
    expect(catalogue.byPasscode.get(P.maxxC)).toMatchObject({ nameJa: '増殖するＧ', ocg: '2011-09-17' });
    expect(pool).toMatchObject({ source: 'shipped', cards: 14_222 });
    expect(pool.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(ocgCardDatabasePath()).size + statSync(ocgListHistoryPath()).size).toBeLessThan(3 * 1024 * 1024);
  });

  it('is read once per process', () => {
    expect(shippedCards()).toBe(shippedCards());
    expect(shippedListHistory()).toBe(shippedListHistory());
  });
});

describe('the shipped OCG list history', () => {
  const history = shippedListHistory();

  it('has one list per first day, oldest first, from 2007.03 to 2026.07', () => {
    const days = history.map((l) => l.date);
    expect(days).toEqual([...days].sort());
    expect(new Set(days).size).toBe(days.length);
    expect(history[0]?.name).toBe('2007.03.01 OCG (derived)');
    expect(history.at(-1)?.name).toBe('2026.07.01 OCG');
    expect(history.map((l) => l.name)).toContain('2015.07.01 OCG');
    expect(history.every((l) => !l.whitelist)).toBe(true);
  });

  it('answers the latest list starting on or before the date', () => {
    expect(listInForce(history, '2011-02-28')?.list.name).toBe('2010.09.01 OCG (derived)');
    expect(listInForce(history, '2011-03-01')?.list.name).toBe('2011.03.01 OCG');
    expect(listInForce(history, '2026-08-01')?.list.name).toBe('2026.07.01 OCG');
    expect(listInForce(history, '2007-02-28')).toBeNull();
    const heavyStorm = (name: string) => findHistoryList(history, name)?.limits.get(P.heavyStorm);
    expect([heavyStorm('2011.3.1'), heavyStorm('2011.03.01 OCG'), heavyStorm('２０１１．３．１')]).toEqual([0, 0, 0]);
    expect(findHistoryList(history, '2011.4.1')).toBeUndefined();
  });

  it('warns when the list found started more than 4 months before the date, and only then', () => {
    expect(listInForce(history, '2011-07-01')?.gap).toBeNull();
    expect(listInForce(history, '2011-07-02')?.gap?.en).toBe(
      'the list used, 2011.03.01 OCG, started on 2011-03-01, more than 4 months before 2011-07-02: a newer list may apply (check the official list in force)',
    );
    expect(listInForce(history, '2026-10-31')?.gap).toBeNull();
    expect(listInForce(history, '2026-11-02')?.gap?.ja).toContain(
      '2026.07.01 OCG の適用開始日は 2026-07-01 で、2026-11-02 より4か月以上前です',
    );
    // Month ends clamp: 4 months before 2011-06-30 is 2011-02-28.
    expect(gapWarning({ name: 'x', date: '2011-02-28' }, '2011-06-30')).toBeNull();
    expect(gapWarning({ name: 'x', date: '2011-02-27' }, '2011-06-30')).not.toBeNull();
  });

  it('is listed by shinpan cards lists with counts and the list in force', async () => {
    const run = await shinpan('cards', 'lists', '--date', '2011-06-01', '--lang', 'en');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/2011\.03\.01 OCG +2011-03-01 +50 +66 +18 +← in force on 2011-06-01\n/);
    expect(run.stdout).not.toContain('NOTE');
    const json = await shinpan('cards', 'lists', '--date', '2011-08-20', '--json');
    const body = JSON.parse(json.stdout) as { inForce: string; warning: { en: string } | null; lists: unknown[] };
    expect(body.inForce).toBe('2011.03.01 OCG');
    expect(body.warning?.en).toContain('more than 4 months before 2011-08-20');
    expect(body.lists).toHaveLength(history.length);
  });
});

const shared = sharedDataPresent();
const out = mkdtempSync(join(tmpdir(), 'shinpan-catalogue-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(!shared)('the generator', () => {
  it('rebuilds exactly the committed files from ../shared/data', () => {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-catalogue.ts', sharedDataDir, out], {
      stdio: 'pipe',
    });
    expect(readFileSync(join(out, 'ocg-cards.jsonl'), 'utf8') === readFileSync(ocgCardDatabasePath(), 'utf8')).toBe(
      true,
    );
    expect(readFileSync(join(out, 'ocg-lflists.conf'), 'utf8') === readFileSync(ocgListHistoryPath(), 'utf8')).toBe(
      true,
    );
  }, 60_000);
});
