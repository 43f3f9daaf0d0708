import type { Command } from 'commander';
import { compareDecks } from '../../../core/deck/compare-decks.js';
import { validateDeck } from '../../../core/deck/validate-deck.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { printJson, type Io } from '../output.js';
import { say } from '../tournament-words.js';
import { checkJson, checkText, type DeckCheck } from './deck-check-report.js';
import { loadBanlist, loadCatalogue, loadDecklist } from './deck-inputs.js';
import { checkRulesOf } from '../../deck/tournament-deck-rules.js';
import { ocgCardDatabasePath } from '../../deck/shipped-data.js';
import type { Banlist } from '../../../core/deck/banlist.js';
import type { Catalogue } from '../../../core/deck/catalogue.js';
import type { Lang, Text } from '../../../core/text.js';
import type { TournamentSettings } from '../../../core/tournament/events.js';

interface DecklistOptions extends WriteOptions {
  readonly player: string;
  readonly cards?: string;
}

interface CheckOptions extends DbOptions {
  readonly player: string;
  readonly cards?: string;
  readonly banlist?: string;
  readonly listName?: string;
}

async function submit(file: string, options: DecklistOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const { catalogue } = await loadCatalogue(options.cards, io, desk.lang, false);
    const decklist = loadDecklist(file, catalogue, desk.lang);
    await desk.run({ type: 'SubmitDecklist', data: { player: options.player, decklist }, meta: desk.meta('SubmitDecklist') });
    const sizes = { main: decklist.main.length, extra: decklist.extra.length, side: decklist.side.length };
    if (desk.json) return printJson(io, { player: options.player, ...sizes });
    io.stdout.write(
      say(desk.lang, `${options.player} のデッキリストを登録しました (メイン${sizes.main}・エクストラ${sizes.extra}・サイド${sizes.side})\n`, `Registered the decklist of ${options.player} (main ${sizes.main}, extra ${sizes.extra}, side ${sizes.side})\n`),
    );
  });
}

/**
 * `decklist check`: the deck a player presents, against the tournament's date and rules and
 * against the decklist they registered. Exit 0 when it is legal and matches, 1 when a judge
 * has something to act on (with the penalty command to run), 2 for bad input.
 */
async function check(file: string, options: CheckOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const t = await desk.tournament();
    const player = findPlayer(t, options.player);
    if (!player) throw new CliError(say(lang, `--player: 選手 ${options.player} はこの大会に登録されていません`, `--player: ${options.player} is not registered in this tournament`));
    if (player.decklist === null) throw new CliError(say(lang, `${options.player} はデッキリストを登録していません`, `${options.player} has no registered decklist`));
    const rules = await tournamentRules(t.settings, options, io, lang);
    const { catalogue, banlist, warnings } = rules;
    const presented = loadDecklist(file, catalogue, lang);
    const findings = validateDeck(presented, { catalogue, banlist, date: t.settings.date, limits: t.pack.content.settings.deckLimits });
    const differences = compareDecks(player.decklist, presented, catalogue).differences;
    const result: DeckCheck = { file, deck: presented, findings, differences };
    const infractions = [...new Set([...findings.map((f) => f.infraction), ...(differences.length > 0 ? ['decklist-mismatch'] : [])])];
    if (desk.json) printJson(io, { player: player.id, ...(checkJson([result])[0] as object), infractions, rules: rulesJson(rules) });
    else {
      const context = { catalogue, cataloguePath: rules.path, shippedCatalogue: rules.shipped, skippedCards: 0, banlist, warnings, date: t.settings.date, registered: say(lang, `${player.name} (${player.id}) の登録デッキリスト`, `the list ${player.name} (${player.id}) registered`), ignored: 0 };
      io.stdout.write(checkText([result], context, lang));
      for (const infraction of infractions) {
        io.stdout.write(say(lang, `\n罰則を出すには: shinpan penalty issue --player ${player.id} --infraction ${infraction} --phase between-matches\n`, `\nTo issue the penalty: shinpan penalty issue --player ${player.id} --infraction ${infraction} --phase between-matches\n`));
      }
    }
    if (infractions.length > 0) throw new CliError(say(lang, `デッキに問題があります: ${infractions.join(', ')}`, `the deck has findings: ${infractions.join(', ')}`), 1);
  });
}

/** Registers `shinpan decklist submit|check`. */
export function registerDecklistCommands(program: Command, io: Io): void {
  const group = program.command('decklist').description("Players' registered decklists and deck checks during the tournament / 登録デッキリストと大会中のデッキチェック");
  withWriteOptions(
    group
      .command('submit')
      .description('Register or replace a decklist before the player\'s first round / デッキリストを登録（最初の対戦前まで）')
      .argument('<file>', 'decklist (.ydk, ydke://, text) / デッキリスト')
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .option('--cards <file>', 'card database (default: the shipped OCG database) / カードデータベース（既定: 同梱のOCGデータベース）'),
  ).action((file: string, options: DecklistOptions) => submit(file, options, io));
  withDbOptions(
    group
      .command('check')
      .description('Deck check: the presented deck against the tournament date and the registered decklist; exit 0 fine, 1 findings, 2 bad input / デッキチェック（終了コード 0: 問題なし、1: 違反あり、2: 入力の誤り）')
      .argument('<file>', 'the deck as presented (.ydk, ydke://, text) / 提示されたデッキ')
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .option('--cards <file>', 'card database (default: the shipped OCG database) / カードデータベース（既定: 同梱のOCGデータベース）')
      .option('--banlist <file>', 'Forbidden/Limited lists; the list in force on the tournament date is used / 禁止・制限リスト')
      .option('--list-name <name>', 'which list of the --banlist file / リスト名'),
  ).action((file: string, options: CheckOptions) => check(file, options, io));
}

interface TournamentRules {
  readonly catalogue: Catalogue;
  readonly path: string;
  readonly shipped: boolean;
  readonly banlist: Banlist | null;
  readonly warnings: readonly Text[];
}

/**
 * The card pool and list the tournament recorded; --cards / --banlist replace them for this one
 * check only (the recorded rules change with `tournament deck-rules`).
 */
async function tournamentRules(settings: TournamentSettings, options: { cards?: string; banlist?: string; listName?: string }, io: Io, lang: Lang): Promise<TournamentRules> {
  const recorded = await checkRulesOf(settings);
  if (!recorded.ok) throw new CliError(recorded.error[lang]);
  const shipped = recorded.value.pool.source === 'shipped';
  let rules: TournamentRules = { catalogue: recorded.value.catalogue, path: shipped ? ocgCardDatabasePath() : recorded.value.pool.name, shipped, banlist: recorded.value.banlist, warnings: recorded.value.warnings };
  if (options.cards !== undefined) {
    const loaded = await loadCatalogue(options.cards, io, lang, false);
    rules = { ...rules, catalogue: loaded.catalogue, path: loaded.path, shipped: false };
  }
  if (options.banlist !== undefined || options.listName !== undefined) rules = { ...rules, ...loadBanlist(options.banlist, options.listName, settings.date, lang) };
  return rules;
}

/** What the check was made with, for --json. */
function rulesJson(rules: TournamentRules) {
  return {
    cards: { path: rules.path, shipped: rules.shipped, count: rules.catalogue.cards.length },
    list: rules.banlist ? { name: rules.banlist.name, date: rules.banlist.date } : null,
    warnings: rules.warnings,
  };
}
