import { describe, expect, it } from 'vitest';
import { json, ok, refused, tempFolder, tournamentWith } from './support.js';

/*
 * Issue 43 at the desk: a player's answer to being filmed (`player filming`, `--filming` on
 * check-in, registration and entry) and a round's feature tables, refused by the core for a
 * table with a player who did not say yes.
 */

const dir = tempFolder('filming');

describe('shinpan player filming, round feature(s)', () => {
  it('records answers at the desk and at check-in; marks only tables whose players said yes', async () => {
    const db = await tournamentWith(dir, 'filmed', 4);
    expect(await ok('player', 'filming', '--db', db, '--player', 'P01', '--filming', 'yes', '--lang', 'en')).toBe(
      '選手1 (P01) answered filming: yes\n',
    );
    // At check-in, in the same write.
    expect(await json('player', 'check-in', '--db', db, '--player', 'P02', '--filming', 'yes')).toMatchObject({
      player: 'P02',
      checkedIn: true,
    });
    expect(
      await refused(db, 'player', 'filming', '--db', db, '--player', 'P03', '--filming', 'maybe', '--lang', 'en'),
    ).toContain('--filming');
    await ok('player', 'filming', '--db', db, '--player', 'P03', '--filming', 'yes');
    const paired = await json('round', 'pair', '--db', db, '--seat-time', '2011-06-01T10:00:00+09:00');
    const tables = paired.pairings as { table: number; players: [string, string] }[];
    // P04 was never asked: its table cannot be a feature, the other one can.
    const other = tables.find((x) => x.players.includes('P04'))!;
    const both = tables.find((x) => !x.players.includes('P04'))!;
    const stranger = 'P04';
    // A table with a player never asked: refused, naming them; nothing written.
    expect(
      await refused(
        db,
        'round',
        'feature',
        '--db',
        db,
        '--round',
        '1',
        '--tables',
        String(other.table),
        '--lang',
        'en',
      ),
    ).toMatch(new RegExp(`${stranger}\\) has not been asked about filming.*\\[filming-consent-missing\\]`));
    await ok('player', 'filming', '--db', db, '--player', stranger, '--filming', 'no');
    expect(
      await refused(
        db,
        'round',
        'feature',
        '--db',
        db,
        '--round',
        '1',
        '--tables',
        String(other.table),
        '--lang',
        'ja',
      ),
    ).toContain('撮影に同意していません');
    await refused(db, 'round', 'feature', '--db', db, '--round', '1', '--tables', '1,x');
    await refused(db, 'round', 'feature', '--db', db, '--round', '1');
    expect(await json('round', 'feature', '--db', db, '--round', '1', '--tables', String(both.table))).toEqual({
      round: 1,
      tables: [both.table],
    });
    const list = await json('round', 'features', '--db', db, '--round', '1');
    expect(list.tables).toEqual([both.table]);
    expect(list.players.map((p: { filming: string }) => p.filming)).toEqual(['yes', 'yes']);
    // A later no takes the table off in the same write.
    const leaving = both.players[0];
    const no = await json('player', 'filming', '--db', db, '--player', leaving, '--filming', 'no');
    expect(no).toEqual({ player: leaving, filming: 'no', featuresChanged: [{ round: 1, tables: [] }] });
  });

  it('asks at registration and entry (--filming), refusing another word', async () => {
    const db = await tournamentWith(dir, 'asked', 0);
    await ok('player', 'add', '--db', db, '--id', 'X1', '--name', '山田', '--filming', 'yes');
    await refused(db, 'player', 'add', '--db', db, '--id', 'X2', '--name', '田中', '--filming', 'ok');
    await ok('entry', 'open', '--db', db, '--cap', '4', '--until', '2030-01-01T00:00:00+09:00');
    const entered = await json('entry', 'add', '--db', db, '--name', '佐藤', '--reading', 'サトウ', '--filming', 'no');
    await ok('entry', 'close', '--db', db);
    await ok('round', 'pair', '--db', db);
    const list = await json('round', 'features', '--db', db, '--round', '1');
    expect(list).toEqual({ round: 1, tables: [], players: [] });
    expect(
      await refused(db, 'round', 'feature', '--db', db, '--round', '1', '--tables', '1', '--lang', 'en'),
    ).toContain(`${entered.player}) declined to be filmed`);
  });
});
