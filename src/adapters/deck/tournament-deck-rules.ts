import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { selectBanlist, type Banlist } from '../../core/deck/banlist.js';
import { buildCatalogue, type Catalogue } from '../../core/deck/catalogue.js';
import {
  banlistOfRecord,
  recordBanlist,
  type DeckRules,
  type RecordedBanlist,
  type RecordedCardPool,
} from '../../core/deck/deck-rules.js';
import { findHistoryList, gapWarning, listInForce, noListWarning } from '../../core/deck/lflist-history.js';
import { err, ok, type Result } from '../../core/result.js';
import type { Text } from '../../core/text.js';
import type { TournamentSettings } from '../../core/tournament/events.js';
import { formatErrorsText } from '../../core/deck/format-error.js';
import { readBanlistFile } from './banlist-files.js';
import { parseBanlistJson } from '../../core/deck/banlist-json-format.js';
import { parseLflist } from '../../core/deck/lflist-format.js';
import { readCardFile } from './card-files.js';
import { banlistHash, recordedShippedList, sha256, shippedCards, shippedListHistory } from './ocg-data.js';
import { importedCatalogue, type ImportedCardStore } from './imported-cards.js';

/*
 * Which card pool and F/L list a tournament checks decks with: chosen at creation (the shipped
 * database and the shipped list in force on the date, unless the organizer names others),
 * recorded in its events, and found again for every check.
 */

/** The rules of a check, ready to use, with the warnings the answer must carry. */
export interface CheckRules {
  readonly catalogue: Catalogue;
  readonly pool: RecordedCardPool;
  readonly banlist: Banlist | null;
  readonly warnings: readonly Text[];
}

/** A list chosen for a date: recorded form, and why it may not be the right one. */
export interface ChosenList {
  readonly recorded: RecordedBanlist | null;
  readonly warnings: readonly Text[];
}

/**
 * The list for a tournament on `date`: `spec` names a list of the shipped history ("2011.3.1")
 * or an F/L file (its list in force on the date, or `listName`); without `spec`, the shipped list
 * in force on the date; "none" checks without a list.
 */
export function chooseList(
  spec: string | undefined,
  listName: string | undefined,
  date: string,
  from: { readonly files: boolean } = { files: true },
): Result<ChosenList, Text> {
  const history = shippedListHistory();
  if (spec === undefined || spec.trim() === '') {
    if (listName !== undefined)
      return err({ en: 'a list name needs a list file', ja: 'リスト名の指定にはリストのファイルが必要です' });
    const found = listInForce(history, date);
    if (!found) return ok({ recorded: null, warnings: [noListWarning(history, date)] });
    return ok({
      recorded: recordedShippedList(found.list),
      warnings: found.gap ? [found.gap] : [],
    });
  }
  if (spec.trim().toLowerCase() === 'none') return ok({ recorded: null, warnings: [] });
  const shipped = listName === undefined ? findHistoryList(history, spec) : undefined;
  if (shipped)
    return ok({
      recorded: recordedShippedList(shipped),
      warnings: dateWarnings(shipped, date),
    });
  if (!from.files) {
    return err({
      en: `no list named "${spec}" in the shipped history (${history[0]?.name} … ${history.at(-1)?.name}); upload a list file to use another`,
      ja: `同梱の履歴に「${spec}」というリストはありません（${history[0]?.name} … ${history.at(-1)?.name}）。ほかのリストはファイルを取り込んでください`,
    });
  }
  const lists = readBanlistFile(spec);
  if (!lists.ok) {
    const first = lists.error[0];
    const where = first?.line === null || first?.line === undefined ? '' : `:${first.line}`;
    const known = `(the shipped history holds ${history[0]?.name} … ${history.at(-1)?.name}; see shinpan cards lists)`;
    return err({
      en: `${spec}${where}: ${first?.message.en ?? 'unreadable'} — not a list of the shipped history either ${known}`,
      ja: `${spec}${where}: ${first?.message.ja ?? '読めません'}（同梱の履歴のリスト名でもありません。shinpan cards lists を参照）`,
    });
  }
  const chosen = selectBanlist(lists.value, listName === undefined ? { date } : { name: listName, date });
  if (!chosen.ok) return err({ en: `${spec}: ${chosen.error.message.en}`, ja: `${spec}: ${chosen.error.message.ja}` });
  return ok({
    recorded: recordBanlist(chosen.value, 'file', banlistHash(chosen.value)),
    warnings: dateWarnings(chosen.value, date),
  });
}

/** A list starting after the date, or long before it, is said so. */
function dateWarnings(list: Banlist, date: string): Text[] {
  if (list.date !== null && list.date > date)
    return [
      {
        en: `the list ${list.name} starts on ${list.date}, after ${date}`,
        ja: `リスト ${list.name} の適用開始日 ${list.date} は ${date} より後です`,
      },
    ];
  const gap = gapWarning(list, date);
  return gap ? [gap] : [];
}

const filePools = new Map<string, Catalogue>();

/** A card database file as a tournament's pool: read, indexed, hashed. */
export async function cardPoolFromFile(
  path: string,
): Promise<Result<{ catalogue: Catalogue; pool: RecordedCardPool }, Text>> {
  const read = await readCardFile(path);
  if (!read.ok) {
    const first = read.error.errors[0];
    return err({
      en: `${path}${first?.line ? `:${first.line}` : ''}: ${first?.message.en ?? 'unreadable'}`,
      ja: `${path}${first?.line ? `:${first.line}` : ''}: ${first?.message.ja ?? '読めません'}`,
    });
  }
  if (read.value.cards.length === 0)
    return err({ en: `${path}: no cards in the file`, ja: `${path}: カードが1枚もありません` });
  const catalogue = buildCatalogue(read.value.cards).catalogue;
  const hash = sha256(readFileSync(path));
  filePools.set(hash, catalogue);
  return ok({ catalogue, pool: { source: 'file', name: resolve(path), hash, cards: catalogue.cards.length } });
}

/** The rules a tournament created now records: the pool of `cards` (default shipped) and the chosen list. */
export async function rulesForNewTournament(options: {
  cards?: string;
  banlist?: string;
  listName?: string;
  date: string;
}): Promise<Result<{ rules: DeckRules; warnings: readonly Text[] }, Text>> {
  const list = chooseList(options.banlist, options.listName, options.date);
  if (!list.ok) return list;
  let pool = shippedCards().pool;
  if (options.cards !== undefined) {
    const file = await cardPoolFromFile(options.cards);
    if (!file.ok) return file;
    pool = file.value.pool;
  }
  return ok({ rules: { cardPool: pool, banlist: list.value.recorded }, warnings: list.value.warnings });
}

/**
 * The rules to check a deck of this tournament with. A tournament from before rules were
 * recorded uses the shipped database and the shipped list in force on its date (said so).
 * A pool file that changed since it was recorded is refused: the check would not be the one
 * the tournament announced.
 */
export async function checkRulesOf(
  settings: TournamentSettings,
  imported?: ImportedCardStore,
): Promise<Result<CheckRules, Text>> {
  const recorded = settings.deckRules;
  if (!recorded) {
    const list = chooseList(undefined, undefined, settings.date);
    if (!list.ok) return list;
    const { catalogue, pool } = shippedCards();
    const note: Text = {
      en: 'this tournament recorded no card pool or list (created by an older shinpan): using the shipped ones',
      ja: 'この大会にはカードプールとリストの記録がありません（旧版で作成）: 同梱のものを使います',
    };
    return ok({
      catalogue,
      pool,
      banlist: list.value.recorded ? banlistOfRecord(list.value.recorded) : null,
      warnings: [note, ...list.value.warnings],
    });
  }
  const banlist = recorded.banlist ? banlistOfRecord(recorded.banlist) : null;
  const warnings = banlist ? dateWarnings(banlist, settings.date) : [];
  const pool = await catalogueOf(recorded.cardPool, imported);
  if (!pool.ok) return pool;
  return ok({ catalogue: pool.value, pool: recorded.cardPool, banlist, warnings });
}

async function catalogueOf(
  pool: RecordedCardPool,
  imported: ImportedCardStore | undefined,
): Promise<Result<Catalogue, Text>> {
  if (pool.source === 'shipped') return ok(shippedCards().catalogue);
  const cached = filePools.get(pool.hash);
  if (cached) return ok(cached);
  if (pool.source === 'imported') {
    const catalogue = imported ? await importedCatalogue(imported, pool.hash) : undefined;
    return catalogue
      ? ok(catalogue)
      : err({
          en: `the imported card database ${pool.name} (sha256 ${pool.hash.slice(0, 12)}…) is not stored here`,
          ja: `取り込まれたカードデータベース ${pool.name}（sha256 ${pool.hash.slice(0, 12)}…）はここに保存されていません`,
        });
  }
  const path = pool.name;
  const file = await cardPoolFromFile(path);
  if (!file.ok) return file;
  if (file.value.pool.hash !== pool.hash) {
    return err({
      en: `the card database ${path} changed since the tournament recorded it (sha256 ${pool.hash.slice(0, 12)}…, now ${file.value.pool.hash.slice(0, 12)}…)`,
      ja: `カードデータベース ${path} は大会に記録された後に変更されています（sha256 ${pool.hash.slice(0, 12)}…、現在 ${file.value.pool.hash.slice(0, 12)}…）`,
    });
  }
  return ok(file.value.catalogue);
}

/**
 * An F/L list an organizer uploads (lflist.conf text, or the simple JSON form): parsed with
 * line-numbered errors, its list in force on the date (or `listName`) chosen and recorded whole.
 * Nothing is kept anywhere else, so a failed upload leaves nothing behind.
 */
export function chooseUploadedList(
  text: string,
  format: 'lflist' | 'json',
  listName: string | undefined,
  date: string,
): Result<ChosenList, Text> {
  const lists = format === 'json' ? parseBanlistJson(text) : parseLflist(text);
  if (!lists.ok) {
    return err(formatErrorsText(lists.error));
  }
  const chosen = selectBanlist(lists.value, listName === undefined ? { date } : { name: listName, date });
  if (!chosen.ok) return err(chosen.error.message);
  return ok({
    recorded: recordBanlist(chosen.value, 'imported', banlistHash(chosen.value)),
    warnings: dateWarnings(chosen.value, date),
  });
}
