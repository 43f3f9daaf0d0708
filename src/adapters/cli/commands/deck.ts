import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import { pickLang } from '../lang.js';
import { printJson, type Io } from '../output.js';
import { loadPack } from '../../policy/pack-file.js';
import { collectDecklists, readDecklist } from '../../deck/decklist-files.js';
import { progressBar } from '../../deck/progress.js';
import { compareDecks } from '../../../core/deck/compare-decks.js';
import { printableDecklist } from '../../../core/deck/printable-decklist.js';
import { writeTextDecklist } from '../../../core/deck/text-decklist-format.js';
import { validateDeck } from '../../../core/deck/validate-deck.js';
import { DIFFERS_FROM_DECKLIST } from '../../../core/deck-findings.js';
import type { Pack } from '../../../core/policy/pack-schema.js';
import { writeYdk } from '../../../core/deck/ydk-format.js';
import { writeYdke } from '../../../core/deck/ydke-format.js';
import { registerCardsCommand } from './cards.js';
import { checkJson, checkText, type DeckCheck } from './deck-check-report.js';
import { loadBanlist, loadCatalogue, loadDecklist, tournamentDate } from './deck-inputs.js';
import { deckMessages as M } from '../messages/deck.js';

interface CheckOptions {
  cards?: string;
  banlist?: string;
  listName?: string;
  date?: string;
  list?: string;
  json?: boolean;
  lang?: string;
  progress?: boolean;
  policy?: string;
}

/** The deck settings of --policy, else of the shipped pack: sizes, the copy limit, the infraction of each finding. */
function deckSettings(policy: string | undefined): Pick<Pack['settings'], 'deckLimits' | 'deckFindings'> {
  const pack = loadPack(policy);
  if (!pack.ok) throw new CliError(pack.error);
  return pack.value.settings;
}

/**
 * `shinpan deck check FILE...`: exit 0 when every deck is legal, 1 when a deck has findings
 * (a verdict, not an error), 2 for bad input (an unreadable or broken file, an unknown list).
 */
async function deckCheck(files: string[], options: CheckOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const date = tournamentDate(options.date, lang);
  const { deckLimits: limits, deckFindings: infractions } = deckSettings(options.policy);
  const loaded = await loadCatalogue(options.cards, io, lang, options.progress === true);
  const { catalogue } = loaded;
  const { banlist, warnings } = loadBanlist(options.banlist, options.listName, date, lang);
  const registered = options.list === undefined ? null : loadDecklist(options.list, catalogue, lang);
  const { files: decklists, ignored } = collectDecklists(files);
  if (decklists.length === 0) throw new CliError(M.say(lang, 'no-decklists-found-ydk-ydke'));

  const progress = decklists.length > 1 ? progressBar(io, M.say(lang, 'decks'), options.progress === true) : undefined;
  progress?.start(decklists.length);
  const checks: DeckCheck[] = [];
  for (const [i, file] of decklists.entries()) {
    const deck = readDecklist(file, catalogue);
    if (!deck.ok) checks.push({ file, errors: deck.error });
    else {
      const findings = validateDeck(deck.value, { catalogue, banlist, date, limits, infractions });
      const differences = registered ? compareDecks(registered, deck.value, catalogue).differences : null;
      checks.push({ file, deck: deck.value, findings, differences, mismatch: infractions[DIFFERS_FROM_DECKLIST] });
    }
    progress?.update(i + 1);
  }
  progress?.stop();

  if (options.json) {
    printJson(io, checkJson(checks));
    for (const w of warnings) io.stderr.write(`shinpan: ${M.say(lang, 'note')}: ${w[lang]}\n`);
  } else {
    const context = {
      catalogue,
      cataloguePath: loaded.path,
      shippedCatalogue: loaded.shipped,
      skippedCards: loaded.skipped.length,
      banlist,
      warnings,
      date,
      registered: options.list ?? null,
      ignored,
    };
    io.stdout.write(checkText(checks, context, lang));
  }

  const broken = checks.filter((c) => 'errors' in c).length;
  if (broken > 0)
    throw new CliError(M.say(lang, 'decklist-could-not-be-read', { broken, value: broken === 1 ? '' : 's' }), 2);
  const failing = checks.filter(
    (c) => 'findings' in c && (c.findings.length > 0 || (c.differences?.length ?? 0) > 0),
  ).length;
  if (failing > 0)
    throw new CliError(M.say(lang, 'deck-findings', { failing, value: failing === 1 ? ' has' : 's have' }), 1);
}

interface ConvertOptions {
  to: string;
  cards?: string;
  out?: string;
  lang?: string;
  player?: string;
  playerId?: string;
  event?: string;
  date?: string;
}

const TARGETS = ['ydk', 'ydke', 'text', 'sheet'] as const;

/** `shinpan deck convert FILE --to ydk|ydke|text|sheet`: writes a decklist back in another form. */
async function deckConvert(file: string, options: ConvertOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  if (!(TARGETS as readonly string[]).includes(options.to)) {
    throw new CliError(
      M.say(lang, 'expected-one-got', { targets: TARGETS.join('・'), to: options.to, targets2: TARGETS.join(', ') }),
    );
  }
  if (options.date !== undefined) tournamentDate(options.date, lang);
  const { catalogue } = await loadCatalogue(options.cards, io, lang, false);
  const deck = loadDecklist(file, catalogue, lang);
  const details = {
    ...(options.player !== undefined ? { player: options.player } : {}),
    ...(options.playerId !== undefined ? { playerId: options.playerId } : {}),
    ...(options.event !== undefined ? { event: options.event } : {}),
    ...(options.date !== undefined ? { date: options.date } : {}),
  };
  const text =
    options.to === 'ydk'
      ? writeYdk(deck)
      : options.to === 'ydke'
        ? `${writeYdke(deck)}\n`
        : options.to === 'text'
          ? writeTextDecklist(deck, catalogue, lang)
          : printableDecklist(deck, catalogue, lang, details);
  if (options.out === undefined) io.stdout.write(text);
  else {
    try {
      writeFileSync(options.out, text);
    } catch (error) {
      throw new CliError(`${options.out}: ${(error as Error).message}`);
    }
  }
}

/** Registers `shinpan deck check|convert` and `shinpan cards import|find`. */
export function registerDeckCommands(program: Command, io: Io): void {
  registerCardsCommand(program, io);
  const deck = program.command('deck').description('Deck checks and decklists / デッキチェックとデッキリスト');
  deck
    .command('check')
    .description(
      'Check decklists (.ydk, ydke://, text; folders too) for a tournament; exit 0 all legal, 1 findings, 2 bad input / 大会のデッキチェック（終了コード 0: 問題なし、1: 違反あり、2: 入力の誤り）',
    )
    .argument('<files...>', 'decklists or folders of decklists / デッキリストまたはフォルダ')
    .option(
      '--cards <file>',
      'card database: .jsonl, YGOPRODeck .json or cards.cdb (default: the shipped OCG database) / カードデータベース',
    )
    .option('--banlist <file>', 'Forbidden/Limited lists: lflist.conf or the simple JSON form / 禁止・制限リスト')
    .option('--list-name <name>', 'which list of the --banlist file (else the OCG list in force on --date) / リスト名')
    .option('--date <YYYY-MM-DD>', 'tournament date (default: today) / 大会日（省略時は今日）')
    .option('--list <registered>', 'registered decklist to compare with / 登録デッキリスト')
    .option(
      '--policy <file>',
      'policy pack whose deck settings apply: limits, the infraction of each finding (default: the shipped pack) / 罰則規定ファイル（デッキの設定）',
    )
    .option('--json', 'one JSON entry per decklist / JSON で出力')
    .option('--lang <lang>', 'ja or en')
    .option('--progress', 'show progress bars even when stderr is not a terminal / 進捗バーを常に表示')
    .action((files: string[], options: CheckOptions) => deckCheck(files, options, io));
  deck
    .command('convert')
    .description(
      'Write a decklist as .ydk, ydke://, a text list or the printable registration sheet / デッキリストの変換・印刷用シート',
    )
    .argument('<file>', 'decklist (.ydk, ydke://, text) / デッキリスト')
    .requiredOption('--to <form>', 'ydk, ydke, text or sheet')
    .option(
      '--cards <file>',
      'card database (default: the shipped OCG database) / カードデータベース（既定: 同梱のOCGデータベース）',
    )
    .option('--out <file>', 'write to a file instead of stdout / 出力ファイル')
    .option('--lang <lang>', 'ja or en')
    .option('--player <name>', 'player name for the sheet / 氏名')
    .option('--player-id <id>', 'player id for the sheet / プレイヤーID')
    .option('--event <name>', 'event name for the sheet / 大会名')
    .option('--date <YYYY-MM-DD>', 'event date for the sheet / 日付')
    .action((file: string, options: ConvertOptions) => deckConvert(file, options, io));
}
