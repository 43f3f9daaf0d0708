import type { Io } from '../output.js';
import { CliError } from '../cli-error.js';
import { readCardFile, type CardFile } from '../../deck/card-files.js';
import { readBanlistFile } from '../../deck/banlist-files.js';
import { readDecklist } from '../../deck/decklist-files.js';
import { progressBar } from '../../deck/progress.js';
import { existsSync } from 'node:fs';
import { shippedCards } from '../../deck/ocg-data.js';
import { ocgCardDatabasePath } from '../../deck/shipped-data.js';
import { chooseList } from '../../deck/tournament-deck-rules.js';
import { banlistOfRecord } from '../../../core/deck/deck-rules.js';
import { buildCatalogue, type Catalogue, type SkippedCard } from '../../../core/deck/catalogue.js';
import type { Banlist } from '../../../core/deck/banlist.js';
import type { Deck } from '../../../core/deck/deck.js';
import type { FormatError } from '../../../core/deck/format-error.js';
import { isIsoDate } from '../../../core/deck/json-fields.js';
import type { Lang, Text } from '../../../core/text.js';
import { deckInputsMessages as M } from '../messages/deck-inputs.js';

/** Shared by the deck and cards commands: reading their inputs, bad input as CliError (exit 2). */

const MAX_SHOWN_ERRORS = 10;

/** "file:line: reason" lines for format errors, at most ten and a count of the rest. */
export function formatErrors(source: string, errors: readonly FormatError[], lang: Lang): string {
  const shown = errors
    .slice(0, MAX_SHOWN_ERRORS)
    .map((e) => `${source}${e.line === null ? '' : `:${e.line}`}: ${e.message[lang]}`);
  const rest = errors.length - shown.length;
  if (rest > 0) shown.push(M.say(lang, 'more-errors', { rest }));
  return shown.join('\n');
}

/** Today as YYYY-MM-DD in local time; the core never reads the clock, the CLI passes the date in. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The --date option checked, or today. */
export function tournamentDate(option: string | undefined, lang: Lang): string {
  if (option === undefined) return today();
  if (!isIsoDate(option)) throw new CliError(M.say(lang, 'date-expected-date-yyyy-mm', { option }));
  return option;
}

export interface LoadedCatalogue {
  readonly catalogue: Catalogue;
  readonly path: string;
  readonly shipped: boolean;
  readonly skipped: readonly SkippedCard[];
}

/** The catalogue of --cards, or the shipped OCG database; broken lines end the command. */
export async function loadCatalogue(
  path: string | undefined,
  io: Io,
  lang: Lang,
  progress: boolean,
  cdbLang?: 'ja' | 'en',
): Promise<LoadedCatalogue> {
  if (path === undefined)
    return { catalogue: shippedCards().catalogue, path: ocgCardDatabasePath(), shipped: true, skipped: [] };
  const file = path;
  const read = await readCardFile(file, {
    progress: progressBar(io, M.say(lang, 'cards'), progress, 'percent'),
    ...(cdbLang ? { cdbLang } : {}),
  });
  if (!read.ok) throw new CliError(formatErrors(file, read.error.errors, lang));
  if (read.value.cards.length === 0) throw new CliError(M.say(lang, 'no-cards-file', { file }));
  const built = buildCatalogue(read.value.cards);
  return { catalogue: built.catalogue, path: file, shipped: false, skipped: [...read.value.skipped, ...built.skipped] };
}

/** Reads one card source for `cards import`. */
export async function loadCardSource(
  path: string,
  io: Io,
  lang: Lang,
  progress: boolean,
  cdbLang?: 'ja' | 'en',
): Promise<CardFile> {
  const read = await readCardFile(path, {
    progress: progressBar(io, path, progress, 'percent'),
    ...(cdbLang ? { cdbLang } : {}),
  });
  if (!read.ok) throw new CliError(formatErrors(path, read.error.errors, lang));
  return read.value;
}

export interface LoadedList {
  readonly banlist: Banlist | null;
  /** Said with the answer: a list long before the date, after it, or none in force. */
  readonly warnings: readonly Text[];
}

/**
 * The list of --banlist: a file (its list in force on the date, or --list-name), a list of the
 * shipped history by name, or "none"; without --banlist, the shipped list in force on the date.
 */
export function loadBanlist(
  spec: string | undefined,
  listName: string | undefined,
  date: string,
  lang: Lang,
): LoadedList {
  if (spec === undefined && listName !== undefined) throw new CliError(M.say(lang, 'list-name-needs-banlist'));
  if (spec !== undefined && spec.trim().toLowerCase() !== 'none' && existsSync(spec)) {
    const lists = readBanlistFile(spec);
    if (!lists.ok) throw new CliError(formatErrors(spec, lists.error, lang));
  }
  const chosen = chooseList(spec, listName, date);
  if (!chosen.ok) throw new CliError(chosen.error[lang]);
  return {
    banlist: chosen.value.recorded ? banlistOfRecord(chosen.value.recorded) : null,
    warnings: chosen.value.warnings,
  };
}

/** One decklist that must be readable (e.g. the registered list); errors end the command. */
export function loadDecklist(source: string, catalogue: Catalogue, lang: Lang): Deck {
  const deck = readDecklist(source, catalogue);
  if (!deck.ok) throw new CliError(formatErrors(source, deck.error, lang));
  return deck.value;
}
