import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { pickLang } from '../lang.js';
import { printJson, renderTable, type Io } from '../output.js';
import { writeCardJsonl } from '../../../core/deck/card-jsonl-format.js';
import { lookupCardName } from '../../../core/deck/card-names.js';
import { buildCatalogue, mergeCards, type Card, type SkippedCard } from '../../../core/deck/catalogue.js';
import { CARD_ZONE_NAMES } from '../../../core/deck/deck-texts.js';
import type { Lang } from '../../../core/text.js';
import { loadCardSource, loadCatalogue, tournamentDate } from './deck-inputs.js';
import { shippedListHistory } from '../../deck/ocg-data.js';
import type { Banlist } from '../../../core/deck/banlist.js';
import { listInForce, noListWarning } from '../../../core/deck/lflist-history.js';
import { cardsMessages as M } from '../messages/cards.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

interface ImportOptions {
  out: string;
  cdbLang?: string;
  lang?: string;
  progress?: boolean;
  showSkipped?: boolean;
}

function cdbLanguage(option: string | undefined, lang: Lang): 'ja' | 'en' | undefined {
  if (option === undefined || option === 'ja' || option === 'en') return option;
  throw new CliError(M.say(lang, 'cdb-lang-expected-ja-en', { option }));
}

/**
 * `shinpan cards import SOURCE... --out FILE`: reads card sources (JSON lines, YGOPRODeck JSON,
 * cards.cdb), merges them (the first source that knows a card gives it, later ones fill
 * missing names, dates and alternate passcodes) and writes shinpan's compact catalogue.
 * Every row left out is counted by reason; a broken source writes nothing (exit 2).
 */
async function cardsImport(sources: string[], options: ImportOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const cdbLang = cdbLanguage(options.cdbLang, lang);
  const files = [];
  for (const source of sources) files.push(await loadCardSource(source, io, lang, options.progress === true, cdbLang));
  const built = buildCatalogue(mergeCards(files.map((f) => f.cards)));
  try {
    writeFileSync(options.out, writeCardJsonl(built.catalogue.cards));
  } catch (error) {
    throw new CliError(`${options.out}: ${(error as Error).message}`);
  }
  const out: string[] = [];
  for (const file of files) {
    out.push(
      M.say(lang, 'skipped', {
        path: file.path,
        format: file.format,
        cardsCount: file.cards.length,
        skippedCount: file.skipped.length,
        plural: plural(file.cards.length, 'card'),
        plural2: plural(file.skipped.length, 'row'),
      }),
    );
    out.push(...skippedSummary(file.skipped, lang, options.showSkipped === true));
  }
  if (built.skipped.length > 0) {
    out.push(M.say(lang, 'left-out-when-merging', { skippedCount: built.skipped.length }));
    out.push(...skippedSummary(built.skipped, lang, options.showSkipped === true));
  }
  const aliases = built.catalogue.byPasscode.size - built.catalogue.cards.length;
  const total = built.catalogue.cards.length;
  out.push(
    M.say(lang, 'wrote', {
      out: options.out,
      total,
      aliases,
      plural: plural(total, 'card'),
      plural2: plural(aliases, 'alternate passcode'),
    }),
  );
  io.stdout.write(`${out.join('\n')}\n`);
}

/** Skipped rows counted by reason, with a few passcodes as examples (all of them with --show-skipped). */
function skippedSummary(skipped: readonly SkippedCard[], lang: Lang, all: boolean): string[] {
  const byReason = new Map<string, SkippedCard[]>();
  for (const s of skipped) byReason.set(s.reason[lang], [...(byReason.get(s.reason[lang]) ?? []), s]);
  return [...byReason].map(([reason, rows]) => {
    const shown = all ? rows : rows.slice(0, 3);
    const examples = shown
      .map((r) =>
        r.line === null
          ? String(r.passcode ?? '?')
          : `${M.say(lang, 'line')} ${r.line}${r.passcode ? ` (${r.passcode})` : ''}`,
      )
      .join(', ');
    return `  ${rows.length} × ${reason}: ${examples}${rows.length > shown.length ? ', …' : ''}`;
  });
}

interface FindOptions {
  cards?: string;
  lang?: string;
  json?: boolean;
}

/** `shinpan cards find QUERY`: a card by passcode (alternate artworks too) or by ja/en name, else the closest names. */
async function cardsFind(query: string, options: FindOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const { catalogue } = await loadCatalogue(options.cards, io, lang, false);
  let cards: readonly Card[];
  let exact = true;
  const byPasscode = /^\d{1,9}$/.test(query.trim()) ? catalogue.byPasscode.get(Number(query.trim())) : undefined;
  if (byPasscode) cards = [byPasscode];
  else {
    const found = lookupCardName(catalogue, query, 5);
    cards = found.kind === 'found' ? [found.card] : found.kind === 'ambiguous' ? found.cards : found.closest;
    exact = found.kind !== 'unknown';
  }
  if (options.json) printJson(io, { query, exact, cards });
  else if (cards.length === 0) io.stdout.write(M.say(lang, 'no-card-matches', { query }));
  else {
    if (!exact) io.stdout.write(M.say(lang, 'no-card-named-closest', { query }));
    io.stdout.write(
      renderTable<Card>(
        [
          { header: M.say(lang, 'passcode'), value: (c) => String(c.passcode), align: 'right' },
          { header: M.say(lang, 'japanese'), value: (c) => c.nameJa ?? '' },
          { header: M.say(lang, 'english'), value: (c) => c.nameEn ?? '' },
          { header: M.say(lang, 'zone'), value: (c) => CARD_ZONE_NAMES[c.zone][lang] },
          {
            header: M.say(lang, 'ocg-release'),
            value: (c) => (typeof c.ocg === 'string' ? c.ocg : c.ocg ? M.say(lang, 'released') : M.say(lang, 'none')),
          },
          { header: M.say(lang, 'alt-passcodes'), value: (c) => c.altPasscodes.join(' ') },
        ],
        cards,
      ),
    );
  }
  if (!exact) throw new CliError(M.say(lang, 'no-card-named', { query }), 1);
}

interface ListsOptions {
  lang?: string;
  json?: boolean;
  date?: string;
}

/** `shinpan cards lists`: the shipped OCG history, oldest first, and the list in force on --date (today). */
function cardsLists(options: ListsOptions, io: Io): void {
  const lang = pickLang(options.lang);
  const date = tournamentDate(options.date, lang);
  const history = shippedListHistory();
  const found = listInForce(history, date);
  const count = (list: Banlist, n: number) => [...list.limits.values()].filter((c) => c === n).length;
  const rows = history.map((list) => ({
    name: list.name,
    from: list.date,
    forbidden: count(list, 0),
    limited: count(list, 1),
    semiLimited: count(list, 2),
    inForce: list === found?.list,
  }));
  if (options.json) {
    printJson(io, {
      date,
      inForce: found ? found.list.name : null,
      warning: found ? found.gap : noListWarning(history, date),
      lists: rows,
    });
    return;
  }
  io.stdout.write(
    renderTable<(typeof rows)[number]>(
      [
        { header: M.say(lang, 'list'), value: (r) => r.name },
        { header: M.say(lang, 'from'), value: (r) => r.from ?? '' },
        { header: M.say(lang, 'forbidden'), value: (r) => String(r.forbidden), align: 'right' },
        { header: M.say(lang, 'limited'), value: (r) => String(r.limited), align: 'right' },
        { header: M.say(lang, 'semi-limited'), value: (r) => String(r.semiLimited), align: 'right' },
        {
          header: '',
          value: (r) => (r.inForce ? M.say(lang, 'force', { date }) : ''),
        },
      ],
      rows,
    ),
  );
  const warning = found ? found.gap : noListWarning(history, date);
  if (warning) io.stdout.write(`${M.say(lang, 'note')}: ${warning[lang]}\n`);
}

/** Registers `shinpan cards import`, `shinpan cards find` and `shinpan cards lists`. */
export function registerCardsCommand(program: Command, io: Io): void {
  const cards = program.command('cards').description('The card catalogue / カードカタログ');
  cards
    .command('import')
    .description('Build a catalogue from card sources (.jsonl, YGOPRODeck .json, cards.cdb) / カードデータの取り込み')
    .argument('<sources...>', 'card sources, merged in order / 取り込むファイル（先のものが優先）')
    .requiredOption('--out <file>', 'catalogue to write (shinpan JSON lines) / 出力するカタログ')
    .option(
      '--cdb-lang <lang>',
      'language of the names in a cards.cdb: ja or en (default en) / cards.cdb のカード名の言語',
    )
    .option('--show-skipped', 'list every skipped row / 除外した行をすべて表示')
    .option('--lang <lang>', 'ja or en')
    .option('--progress', 'show progress bars even when stderr is not a terminal / 進捗バーを常に表示')
    .action((sources: string[], options: ImportOptions) => cardsImport(sources, options, io));
  cards
    .command('find')
    .description('Find a card by passcode or Japanese/English name / パスコードかカード名で検索')
    .argument('<query>', 'passcode or name / パスコードまたはカード名')
    .option(
      '--cards <file>',
      'card database (default: the shipped OCG database) / カードデータベース（既定: 同梱のOCGデータベース）',
    )
    .option('--json', 'JSON output')
    .option('--lang <lang>', 'ja or en')
    .action((query: string, options: FindOptions) => cardsFind(query, options, io));
  cards
    .command('lists')
    .description(
      'The shipped OCG Forbidden/Limited history and the list in force / 同梱のOCG禁止・制限リストの履歴と有効なリスト',
    )
    .option(
      '--date <date>',
      'which list is in force on this day (default today) / 有効なリストを調べる日（既定: 今日）',
    )
    .option('--json', 'JSON output')
    .option('--lang <lang>', 'ja or en')
    .action((options: ListsOptions) => cardsLists(options, io));
}
