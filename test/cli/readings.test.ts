import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, ok, refused, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('readings');

describe('player readings (フリガナ) at the desk', () => {
  it('registers with --reading, imports a フリガナ column and lists by reading in 五十音 order', async () => {
    const db = await tournamentWith(dir, 'readings', 0);
    expect(
      await json('player', 'add', '--db', db, '--id', '0201', '--name', '渡辺 健', '--reading', 'ワタナベ ケン'),
    ).toMatchObject({ id: '0201', name: '渡辺 健', reading: 'ワタナベ ケン' });
    const csv = join(dir, 'readings.csv');
    writeFileSync(
      csv,
      'ID,氏名,フリガナ\n0202,阿部 一郎,あべ いちろう\n0203,Smith John,\n0204,伊藤 花子,ｲﾄｳ ﾊﾅｺ\n0205,佐藤,\n',
    );
    expect(await json('player', 'import', csv, '--db', db)).toEqual({
      imported: 4,
      players: ['0202', '0203', '0204', '0205'],
    });
    const byName = await json<{ id: string; reading?: string }[]>('player', 'list', '--db', db, '--by-name');
    // Latin first, then readings in 五十音 (hiragana, katakana, half-width alike), kanji without a reading last.
    expect(byName.map((p) => p.id)).toEqual(['0203', '0202', '0204', '0201', '0205']);
    expect(byName.find((p) => p.id === '0205')?.reading).toBeUndefined();
    const text = await ok('player', 'list', '--db', db, '--by-name', '--lang', 'ja');
    expect(text).toMatch(/阿部 一郎 +あべ いちろう/);
    expect(text.indexOf('阿部')).toBeLessThan(text.indexOf('渡辺'));
  });

  it('corrects a reading with player edit, and takes it away with --no-reading', async () => {
    const db = await tournamentWith(dir, 'readings-edit', 2);
    expect(await json('player', 'edit', '--db', db, '--player', 'P01', '--reading', 'いちばん')).toMatchObject({
      id: 'P01',
      reading: 'いちばん',
    });
    expect(await ok('player', 'edit', '--db', db, '--player', 'P01', '--name', '一番 選手', '--lang', 'ja')).toBe(
      '選手 P01 を訂正しました: 一番 選手 [いちばん]\n',
    );
    const cleared = await json('player', 'edit', '--db', db, '--player', 'P01', '--no-reading');
    expect(cleared.reading).toBeUndefined();
    expect(await refused(db, 'player', 'edit', '--db', db, '--player', 'P01')).toBe(
      'shinpan: give --name, --reading or --no-reading\n',
    );
    expect(await refused(db, 'player', 'edit', '--db', db, '--player', 'P01', '--reading', 'ichi')).toMatch(
      /^shinpan: --reading: /,
    );
  });

  it('refuses a reading that is not kana: the option, the CSV line and field, writing nothing', async () => {
    const db = await tournamentWith(dir, 'readings-bad', 0);
    expect(await refused(db, 'player', 'add', '--db', db, '--id', '0301', '--name', '山田', '--reading', '山だ')).toBe(
      'shinpan: --reading: a reading is written in kana (hiragana or katakana): "山" at character 1 is not kana [invalid-request]\n',
    );
    const csv = join(dir, 'bad-readings.csv');
    writeFileSync(csv, 'id,name,reading\n0302,上田,うえだ\n0303,大野,Ohno\n');
    expect(await refused(db, 'player', 'import', csv, '--db', db, '--lang', 'ja')).toBe(
      `shinpan: ${csv}:3: reading (フリガナ): フリガナはかな (ひらがな・カタカナ) で書いてください: 1 文字目の "O" はかなではありません [invalid-csv]\n`,
    );
  });
});
