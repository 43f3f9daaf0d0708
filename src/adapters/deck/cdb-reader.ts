import Database from 'better-sqlite3';
import type { Card, CardZone, SkippedCard } from '../../core/deck/catalogue.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Text } from '../../core/text.js';
import { cardNameProblem, tooManyCardRows, UPLOAD_LIMITS } from '../../core/deck/upload-limits.js';

// Bits of datas.type and datas.ot as YGOPro/EDOPro define them.
const TYPE = {
  monster: 0x1,
  spell: 0x2,
  trap: 0x4,
  fusion: 0x40,
  synchro: 0x2000,
  token: 0x4000,
  xyz: 0x800000,
  link: 0x4000000,
  skill: 0x8000000,
};
const SCOPE = { ocg: 0x1, tcg: 0x2, prerelease: 0x100, rush: 0x200 };

interface CdbRow {
  id: number;
  ot: number;
  alias: number;
  type: number;
  name: string | null;
}

/**
 * Reads an EDOPro/YGOPro `cards.cdb` (SQLite: `datas` and `texts`). The names are in the
 * database's own language, given as `nameLang`. An `alias` row is an alternate artwork when it
 * has the same name as the card it points to; other aliases ("always treated as" cards such as
 * A Legendary Ocean → Umi) stay cards of their own. A cdb has no release dates: `ocg` is `true`
 * for cards marked OCG and not pre-release, else `false`.
 *
 * A cdb may come from anyone (an upload), and SQLite computes what a file asks for: a view or
 * a generated column over a recursive query runs as long and makes as many rows as its author
 * likes. So only plain tables are read, each table is read once on its own (no join a file
 * could make multiply), and rows and names are bounded (UPLOAD_LIMITS) before any card is made.
 */
export function readCdb(path: string, nameLang: 'ja' | 'en'): Result<{ cards: Card[]; skipped: SkippedCard[] }, Text> {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    return err({
      en: `${path}: cannot open as SQLite (${(error as Error).message})`,
      ja: `${path}: SQLite として開けません（${(error as Error).message}）`,
    });
  }
  try {
    let rows: CdbRow[];
    try {
      const refused = notPlain(db);
      if (refused) return err({ en: `${path}: ${refused.en}`, ja: `${path}: ${refused.ja}` });
      const read = readRows(db);
      if (!read.ok) return err({ en: `${path}: ${read.error.en}`, ja: `${path}: ${read.error.ja}` });
      rows = read.value;
    } catch (error) {
      return err({
        en: `${path}: not a YGOPro cards.cdb (needs tables datas and texts: ${(error as Error).message})`,
        ja: `${path}: YGOPro の cards.cdb ではありません（datas と texts の表が必要: ${(error as Error).message}）`,
      });
    }
    return ok(cdbCards(rows, nameLang));
  } finally {
    db.close();
  }
}

/** Why the file is more than plain tables (a view, a trigger, a virtual table, a generated column), or null. */
function notPlain(db: Database.Database): Text | null {
  const attached = (db.pragma('database_list') as { name: string }[]).filter(
    (d) => d.name !== 'main' && d.name !== 'temp',
  );
  if (attached.length > 0)
    return { en: 'attached databases are not read', ja: '他のデータベースを取り付けたファイルは読み込めません' };
  const entries = db.prepare('SELECT type, name, sql FROM sqlite_master').all() as {
    type: string;
    name: string;
    sql: string | null;
  }[];
  for (const { type, name, sql } of entries) {
    const virtual = type === 'table' && /^\s*create\s+virtual\s/i.test(sql ?? '');
    if ((type !== 'table' && type !== 'index') || virtual) {
      const kind = virtual ? 'virtual table' : type;
      return {
        en: `holds a ${kind} "${clip(name)}"; only plain tables are read`,
        ja: `${kind}「${clip(name)}」があります。読み込めるのは普通の表だけです`,
      };
    }
  }
  for (const table of ['datas', 'texts']) {
    const columns = db.pragma(`table_xinfo(${table})`) as { name: string; hidden: number }[];
    const computed = columns.find((c) => c.hidden !== 0);
    if (computed)
      return {
        en: `${table}.${clip(computed.name)} is a generated column; only plain tables are read`,
        ja: `${table}.${clip(computed.name)} は計算される列です。読み込めるのは普通の表だけです`,
      };
  }
  return null;
}

/** Each card's row of `datas` with its name from `texts`, or the first row past a bound. */
function readRows(db: Database.Database): Result<CdbRow[], Text> {
  for (const table of ['datas', 'texts']) {
    const { rows } = db.prepare(`SELECT count(*) AS rows FROM ${table}`).get() as { rows: number };
    if (rows > UPLOAD_LIMITS.cardRows) return err(tooManyCardRows(table, rows));
  }
  const names = new Map<number, string | null>();
  for (const row of db.prepare('SELECT rowid AS row, id, name FROM texts').iterate() as Iterable<{
    row: number;
    id: unknown;
    name: unknown;
  }>) {
    const where = `texts row ${row.row}`;
    if (row.name !== null && typeof row.name !== 'string')
      return err({ en: `${where}: the name is not text`, ja: `${where}: name が文字列ではありません` });
    const long = cardNameProblem(where, row.name);
    if (long) return err(long);
    if (typeof row.id === 'number' && !names.has(row.id)) names.set(row.id, row.name);
  }
  const rows: CdbRow[] = [];
  for (const row of db.prepare('SELECT rowid AS row, id, ot, alias, type FROM datas').iterate() as Iterable<
    Record<'row' | 'id' | 'ot' | 'alias' | 'type', unknown>
  >) {
    const field = (['id', 'ot', 'alias', 'type'] as const).find((f) => !Number.isSafeInteger(row[f]));
    if (field !== undefined)
      return err({
        en: `datas row ${row.row}: ${field} is not a whole number`,
        ja: `datas ${row.row} 行目: ${field} が整数ではありません`,
      });
    const id = row.id as number;
    rows.push({
      id,
      ot: row.ot as number,
      alias: row.alias as number,
      type: row.type as number,
      name: names.get(id) ?? null,
    });
  }
  return ok(rows.sort((a, b) => a.id - b.id));
}

const clip = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

function cdbCards(rows: readonly CdbRow[], nameLang: 'ja' | 'en'): { cards: Card[]; skipped: SkippedCard[] } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const skipped: SkippedCard[] = [];
  const alts = new Map<number, number[]>();
  const kept: CdbRow[] = [];
  for (const row of rows) {
    const reason = skipReason(row);
    if (reason) {
      skipped.push({ line: null, passcode: row.id, reason });
      continue;
    }
    const target = artworkOf(row, byId);
    if (target) {
      alts.set(target.id, [...(alts.get(target.id) ?? []), row.id]);
      continue;
    }
    kept.push(row);
  }
  const cards = kept.map(
    (row): Card => ({
      passcode: row.id,
      nameJa: nameLang === 'ja' ? row.name : null,
      nameEn: nameLang === 'en' ? row.name : null,
      category: row.type & TYPE.monster ? 'monster' : row.type & TYPE.spell ? 'spell' : 'trap',
      zone: zoneOf(row.type),
      ocg: (row.ot & SCOPE.ocg) !== 0 && (row.ot & SCOPE.prerelease) === 0,
      altPasscodes: alts.get(row.id) ?? [],
    }),
  );
  return { cards, skipped };
}

/** The card a row is an alternate artwork of: same name through the alias chain, and itself kept. */
function artworkOf(row: CdbRow, byId: ReadonlyMap<number, CdbRow>): CdbRow | undefined {
  let target: CdbRow | undefined;
  let next = row.alias === 0 ? undefined : byId.get(row.alias);
  for (let steps = 0; next && next.name === row.name && steps < 8; steps++) {
    target = next;
    next = next.alias === 0 || next.alias === next.id ? undefined : byId.get(next.alias);
  }
  return target && !skipReason(target) ? target : undefined;
}

function skipReason(row: CdbRow): Text | null {
  if (!row.name) return { en: 'no name in texts', ja: 'texts に名前がない' };
  if (row.type & TYPE.token) return { en: 'a token, not a deck card', ja: 'トークン（デッキに入らないカード）' };
  if (row.type & TYPE.skill)
    return { en: 'a Speed Duel skill, not an OCG card', ja: 'スピードデュエルのスキル（OCGのカードではない）' };
  if (row.ot & SCOPE.rush) return { en: 'a Rush Duel card', ja: 'ラッシュデュエルのカード' };
  if ((row.ot & (SCOPE.ocg | SCOPE.tcg | SCOPE.prerelease)) === 0) {
    return {
      en: 'not an official card (anime, game or custom)',
      ja: '公式カードではない（アニメ・ゲーム・オリジナル）',
    };
  }
  if ((row.type & (TYPE.monster | TYPE.spell | TYPE.trap)) === 0)
    return { en: 'neither monster, spell nor trap', ja: 'モンスター・魔法・罠のいずれでもない' };
  return null;
}

function zoneOf(type: number): CardZone {
  if (type & TYPE.link) return 'link';
  if (type & TYPE.xyz) return 'xyz';
  if (type & TYPE.synchro) return 'synchro';
  if (type & TYPE.fusion) return 'fusion';
  return 'main';
}
