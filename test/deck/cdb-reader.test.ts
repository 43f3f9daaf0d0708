import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readCdb } from '../../src/adapters/deck/cdb-reader.js';
import { UPLOAD_LIMITS } from '../../src/core/deck/upload-limits.js';

const dir = mkdtempSync(join(tmpdir(), 'shinpan-cdb-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A cards.cdb with YGOPro's schema and a few real cards, written by better-sqlite3. */
function cdb(rows: readonly [id: number, ot: number, alias: number, type: number, name: string][]): string {
  const path = join(dir, `cards-${rows.length}-${Math.abs(rows[0]?.[0] ?? 0)}.cdb`);
  const db = new Database(path);
  db.exec(`CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer, type integer, atk integer, def integer, level integer, race integer, attribute integer, category integer);
           CREATE TABLE texts(id integer primary key, name text, desc text, str1 text, str2 text, str3 text, str4 text, str5 text, str6 text, str7 text, str8 text, str9 text, str10 text, str11 text, str12 text, str13 text, str14 text, str15 text, str16 text);`);
  for (const [id, ot, alias, type, name] of rows) {
    db.prepare('INSERT INTO datas VALUES (?, ?, ?, 0, ?, 0, 0, 0, 0, 0, 0)').run(id, ot, alias, type);
    db.prepare('INSERT INTO texts (id, name, desc) VALUES (?, ?, ?)').run(id, name, '');
  }
  db.close();
  return path;
}

describe('readCdb', () => {
  it('reads cards, zones from the type bits, alternate artworks from same-name aliases', () => {
    const path = cdb([
      [44508094, 3, 0, 0x1 | 0x20 | 0x2000, 'スターダスト・ドラゴン'],
      [44508095, 3, 44508094, 0x1 | 0x20 | 0x2000, 'スターダスト・ドラゴン'],
      [5318639, 3, 0, 0x2 | 0x10000, 'サイクロン'],
      [295517, 3, 22702055, 0x2 | 0x80000, '伝説の都 アトランティス'],
      [22702055, 3, 0, 0x2 | 0x80000, '海'],
      [68811206, 2, 0, 0x1 | 0x20, 'Tyler the Great Warrior'],
      [1861629, 0x101, 0, 0x1 | 0x20 | 0x4000000, 'デコード・トーカー'],
      [904186, 1, 0, 0x1 | 0x4000, '幻獣機トークン'],
      [160001000, 0x200, 0, 0x1, 'ラッシュのカード'],
      [511000072, 4, 0, 0x1, 'アニメのカード'],
    ]);
    const read = readCdb(path, 'ja');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(
      read.value.cards.map((c) => [c.passcode, c.nameJa, c.nameEn, c.category, c.zone, c.ocg, c.altPasscodes]),
    ).toEqual([
      [295517, '伝説の都 アトランティス', null, 'spell', 'main', true, []],
      [1861629, 'デコード・トーカー', null, 'monster', 'link', false, []],
      [5318639, 'サイクロン', null, 'spell', 'main', true, []],
      [22702055, '海', null, 'spell', 'main', true, []],
      [44508094, 'スターダスト・ドラゴン', null, 'monster', 'synchro', true, [44508095]],
      [68811206, 'Tyler the Great Warrior', null, 'monster', 'main', false, []],
    ]);
    expect(read.value.skipped.map((s) => [s.passcode, s.reason.en])).toEqual([
      [904186, 'a token, not a deck card'],
      [160001000, 'a Rush Duel card'],
      [511000072, 'not an official card (anime, game or custom)'],
    ]);
  });

  it('says when a file is not a cards.cdb', () => {
    const notSqlite = join(dir, 'plain.cdb');
    writeFileSync(notSqlite, 'hello');
    const bad = readCdb(notSqlite, 'en');
    expect(bad.ok ? '' : bad.error.en).toBe(
      `${notSqlite}: not a YGOPro cards.cdb (needs tables datas and texts: file is not a database)`,
    );
    const missing = readCdb(join(dir, 'missing.cdb'), 'en');
    expect(missing.ok ? '' : missing.error.en).toBe(
      `${join(dir, 'missing.cdb')}: cannot open as SQLite (unable to open database file)`,
    );
    const empty = new Database(join(dir, 'empty.cdb'));
    empty.exec('CREATE TABLE other(x)');
    empty.close();
    const wrong = readCdb(join(dir, 'empty.cdb'), 'en');
    expect(wrong.ok ? '' : wrong.error.en).toBe(
      `${join(dir, 'empty.cdb')}: not a YGOPro cards.cdb (needs tables datas and texts: no such table: datas)`,
    );
  });

  it('reads only plain tables, a bounded number of rows and names, naming the row (any file may be an upload)', () => {
    const made = (name: string, sql: string): string => {
      const path = join(dir, `${name}.cdb`);
      const db = new Database(path);
      db.exec(sql);
      db.close();
      return path;
    };
    const tables =
      'CREATE TABLE datas(id integer primary key, ot, alias, type); CREATE TABLE texts(id integer primary key, name);';
    const view = made(
      'view',
      `CREATE TABLE datas(id, ot, alias, type); CREATE VIEW texts AS SELECT id, 'x' AS name FROM datas;`,
    );
    const readView = readCdb(view, 'en');
    expect(readView.ok ? '' : readView.error).toEqual({
      en: `${view}: holds a view "texts"; only plain tables are read`,
      ja: `${view}: view「texts」があります。読み込めるのは普通の表だけです`,
    });
    const rows = made(
      'rows',
      `${tables} INSERT INTO texts(id) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${UPLOAD_LIMITS.cardRows + 5}) SELECT i FROM n;`,
    );
    const readRows = readCdb(rows, 'ja');
    expect(readRows.ok ? '' : readRows.error.ja).toBe(
      `${rows}: texts に ${UPLOAD_LIMITS.cardRows + 5} 行あります。読み込めるのは ${UPLOAD_LIMITS.cardRows} 行までです`,
    );
    const typed = made('typed', `${tables} INSERT INTO datas VALUES (1, 'ocg', 0, 1);`);
    const readTyped = readCdb(typed, 'en');
    expect(readTyped.ok ? '' : readTyped.error.en).toBe(`${typed}: datas row 1: ot is not a whole number`);
  });
});
