import { describe, expect, it } from 'vitest';
import { json, ok, refused, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('entry-fee');

describe('shinpan tournament entry-fee, player fee-paid, player fees', () => {
  it('sets the fee, marks players paid and undoes a mark, lists the unpaid with the totals', async () => {
    const db = await tournamentWith(dir, 'fee', 3);
    expect(await refused(db, 'player', 'fee-paid', '--db', db, '--player', 'P01', '--lang', 'en')).toMatch(
      /has no entry fee.*\[no-entry-fee\]/,
    );
    expect(await ok('tournament', 'entry-fee', '--db', db, '--amount', '1000', '--lang', 'ja')).toBe(
      '参加費を 1000 JPY にしました\n',
    );
    expect(await ok('player', 'fee-paid', '--db', db, '--player', 'P01', '--lang', 'en')).toBe(
      '選手1 (P01) has paid the entry fee; 2 unpaid\n',
    );
    expect(await json('player', 'fee-paid', '--db', db, '--player', 'P02')).toEqual({
      player: 'P02',
      paid: true,
      unpaid: 1,
    });
    expect(await ok('player', 'fee-paid', '--db', db, '--player', 'P02', '--undo', '--lang', 'en')).toBe(
      '選手2 (P02) is unpaid again; 2 unpaid\n',
    );
    const list = await json('player', 'fees', '--db', db);
    expect(list).toMatchObject({ fee: { amount: 1000, currency: 'JPY' }, paid: 1, unpaid: 2, unpaidTotal: 2000 });
    expect(list.players.map((p: { id: string }) => p.id)).toEqual(['P02', 'P03']);
    const text = await ok('player', 'fees', '--db', db, '--lang', 'en');
    expect(text).toContain('Entry fee: 1000 JPY');
    expect(text).toContain('1 paid (1000 JPY), 2 unpaid (2000 JPY)');
    expect((await json('player', 'fees', '--db', db, '--all')).players).toHaveLength(3);
    expect(await refused(db, 'tournament', 'entry-fee', '--db', db, '--amount', '-5', '--lang', 'en')).toMatch(
      /--amount/,
    );
    expect(
      await refused(db, 'tournament', 'entry-fee', '--db', db, '--amount', '500', '--currency', 'yen', '--lang', 'en'),
    ).toMatch(/currency: a currency is 3 capital letters/);
  });
});
