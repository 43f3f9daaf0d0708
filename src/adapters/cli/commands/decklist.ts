import type { Command } from 'commander';
import { compareDecks, differsFromList } from '../../../core/deck/compare-decks.js';
import { deckCheckDuel } from '../../../core/tournament/deck-check-duel.js';
import { DUEL_NUMBER, REASON } from '../../../core/tournament/limits.js';
import { optionalIn, rangeText, textOption } from '../option-values.js';
import { DIFFERS_FROM_DECKLIST } from '../../../core/deck-findings.js';
import { validateDeck } from '../../../core/deck/validate-deck.js';
import type { Deck } from '../../../core/deck/deck.js';
import type { Lang } from '../../../core/text.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import type { PlayerState, Tournament } from '../../../core/tournament/state.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { printJson, type Io } from '../output.js';
import { checkJson, checkText, type DeckCheck } from './deck-check-report.js';
import { loadDecklist } from './deck-inputs.js';
import { registrationJson, registrationText, rulesJson, tournamentRules } from './tournament-checks.js';
import { writeFileSync } from 'node:fs';
import { printableDecklist } from '../../../core/deck/printable-decklist.js';
import { decklistMessages as M } from '../messages/decklist.js';
import { registerDecklistReceiptCommands } from './decklist-receipt.js';

interface DecklistOptions extends WriteOptions {
  readonly player: string;
  readonly cards?: string;
  /** `decklist correct`: why the list is corrected once the player has played. */
  readonly reason?: string;
}

interface CheckOptions extends DbOptions {
  readonly player: string;
  readonly cards?: string;
  readonly banlist?: string;
  readonly listName?: string;
  readonly duel?: string;
}

/**
 * `decklist submit` registers a list before the player's first round; `decklist correct` (the
 * head judge, once the player has played) registers the corrected list with its reason.
 */
async function submit(file: string, options: DecklistOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const reason = options.reason === undefined ? undefined : textOption('--reason', options.reason, desk.lang, REASON);
    const t = await desk.tournament();
    const rules = await tournamentRules(
      t.settings,
      { ...(options.cards !== undefined ? { cards: options.cards } : {}) },
      io,
      desk.lang,
    );
    const decklist = loadDecklist(file, rules.catalogue, desk.lang);
    await desk.run(
      reason === undefined
        ? { type: 'SubmitDecklist', data: { player: options.player, decklist }, meta: desk.meta('SubmitDecklist') }
        : {
            type: 'CorrectDecklist',
            data: { player: options.player, decklist, reason },
            meta: desk.meta('CorrectDecklist'),
          },
    );
    const sizes = { main: decklist.main.length, extra: decklist.extra.length, side: decklist.side.length };
    // Registration is done either way; the findings tell the scorekeeper what to fix before round 1.
    const findings = validateDeck(decklist, {
      catalogue: rules.catalogue,
      banlist: rules.banlist,
      date: t.settings.date,
      limits: t.pack.content.settings.deckLimits,
      infractions: t.pack.content.settings.deckFindings,
    });
    if (desk.json) return printJson(io, { player: options.player, ...sizes, ...registrationJson(findings, rules) });
    io.stdout.write(
      M.say(desk.lang, 'registered-decklist-main-extra-side', {
        player: options.player,
        main: sizes.main,
        extra: sizes.extra,
        side: sizes.side,
      }),
    );
    io.stdout.write(registrationText(findings, rules, t.settings.date, desk.lang));
  });
}

/** The player named by --player with their registered list; a player not registered, or without a list, is a clear refusal. */
function withRegisteredList(t: Tournament, id: string, lang: Lang): { player: PlayerState; decklist: Deck } {
  const player = findPlayer(t, id);
  if (!player) throw new CliError(M.say(lang, 'player-not-registered-this-tournament', { id }));
  if (player.decklist === null) throw new CliError(M.say(lang, 'has-no-registered-decklist', { id }));
  return { player, decklist: player.decklist };
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
    const { player, decklist } = withRegisteredList(t, options.player, lang);
    const rules = await tournamentRules(t.settings, options, io, lang);
    const { catalogue, banlist, warnings } = rules;
    const presented = loadDecklist(file, catalogue, lang);
    const findings = validateDeck(presented, {
      catalogue,
      banlist,
      date: t.settings.date,
      limits: t.pack.content.settings.deckLimits,
      infractions: t.pack.content.settings.deckFindings,
    });
    // Duel 1 zone by zone; after it, deck and side deck as one pool (rule 3-B, 「サイドデッキを含む」).
    const made = deckCheckDuel(t, player.id, optionalIn('--duel', options.duel, DUEL_NUMBER, lang));
    const comparison = compareDecks(decklist, presented, catalogue, made.kind);
    const { differences, sizes } = comparison;
    const mismatch = t.pack.content.settings.deckFindings[DIFFERS_FROM_DECKLIST];
    const result: DeckCheck = { file, deck: presented, findings, differences, sizes, mismatch };
    const infractions = [
      ...new Set([...findings.map((f) => f.infraction), ...(differsFromList(comparison) ? [mismatch] : [])]),
    ];
    if (desk.json)
      printJson(io, {
        player: player.id,
        ...(checkJson([result])[0] as object),
        comparison: { ...made, sizes },
        infractions,
        rules: rulesJson(rules),
      });
    else {
      const from = made.fromResults ? M.say(lang, 'duel-from-results') : '';
      io.stdout.write(
        M.say(lang, made.kind === 'pool' ? 'compared-pool' : 'compared-zones', { duel: made.duel, from }),
      );
      const context = {
        catalogue,
        cataloguePath: rules.path,
        shippedCatalogue: rules.shipped,
        skippedCards: 0,
        banlist,
        warnings,
        date: t.settings.date,
        registered: M.say(lang, 'list-registered', { name: player.name, id: player.id }),
        ignored: 0,
      };
      io.stdout.write(checkText([result], context, lang));
      for (const infraction of infractions) {
        io.stdout.write(M.say(lang, 'issue-penalty-shinpan-penalty-issue', { id: player.id, infraction }));
      }
    }
    if (infractions.length > 0)
      throw new CliError(M.say(lang, 'deck-has-findings', { infractions: infractions.join(', ') }), 1);
  });
}

interface PrintOptions extends DbOptions {
  readonly player: string;
  readonly out?: string;
}

/**
 * `decklist print`: the registration sheet of a player's registered decklist, card names from
 * the tournament's card pool, with what the tournament's deck check finds in it.
 */
async function print(options: PrintOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const t = await desk.tournament();
    const { player, decklist } = withRegisteredList(t, options.player, lang);
    const rules = await tournamentRules(t.settings, {}, io, lang);
    const findings = validateDeck(decklist, {
      catalogue: rules.catalogue,
      banlist: rules.banlist,
      date: t.settings.date,
      limits: t.pack.content.settings.deckLimits,
      infractions: t.pack.content.settings.deckFindings,
    });
    const sheet = printableDecklist(decklist, rules.catalogue, lang, {
      player: player.name,
      playerId: player.id,
      event: t.settings.name,
      date: t.settings.date,
    });
    const text = `${sheet}\n${registrationText(findings, rules, t.settings.date, lang)}`;
    if (options.out === undefined) io.stdout.write(text);
    else {
      try {
        writeFileSync(options.out, text);
      } catch (error) {
        throw new CliError(`${options.out}: ${(error as Error).message}`);
      }
    }
  });
}

/** Registers `shinpan decklist submit|check|print`. */
export function registerDecklistCommands(program: Command, io: Io): void {
  const group = program
    .command('decklist')
    .description(
      "Players' registered decklists and deck checks during the tournament / 登録デッキリストと大会中のデッキチェック",
    );
  withWriteOptions(
    group
      .command('submit')
      .description(
        "Register or replace a decklist before the player's first round / デッキリストを登録（最初の対戦前まで）",
      )
      .argument('<file>', 'decklist (.ydk, ydke://, text) / デッキリスト')
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .option(
        '--cards <file>',
        'card database (default: the shipped OCG database) / カードデータベース（既定: 同梱のOCGデータベース）',
      ),
  ).action((file: string, options: DecklistOptions) => submit(file, options, io));
  withWriteOptions(
    group
      .command('correct')
      .description(
        'Once the player has played: register the corrected decklist with the reason (head judge); deck checks compare with it / 対戦後のデッキリスト訂正（理由つき）',
      )
      .argument('<file>', 'the corrected decklist (.ydk, ydke://, text) / 訂正後のデッキリスト')
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .requiredOption('--reason <text>', 'why the list is corrected, kept in the log / 訂正の理由')
      .option(
        '--cards <file>',
        'card database (default: the shipped OCG database) / カードデータベース（既定: 同梱のOCGデータベース）',
      ),
  ).action((file: string, options: DecklistOptions) => submit(file, options, io));
  withDbOptions(
    group
      .command('check')
      .description(
        'Deck check: the presented deck against the tournament date and the registered decklist; exit 0 fine, 1 findings, 2 bad input / デッキチェック（終了コード 0: 問題なし、1: 違反あり、2: 入力の誤り）',
      )
      .argument('<file>', 'the deck as presented (.ydk, ydke://, text) / 提示されたデッキ')
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .option(
        '--cards <file>',
        'card database (default: the shipped OCG database) / カードデータベース（既定: 同梱のOCGデータベース）',
      )
      .option(
        '--banlist <file>',
        'Forbidden/Limited lists; the list in force on the tournament date is used / 禁止・制限リスト',
      )
      .option('--list-name <name>', 'which list of the --banlist file / リスト名')
      .option(
        '--duel <n>',
        `the duel the check is made in (${rangeText(DUEL_NUMBER)}; default: the duel the player's match is in, from the results). Duel 1: zone by zone; after it, deck and side deck as one pool / 何デュエル目の確認か（2以降はサイドデッキを含めて比較）`,
      ),
  ).action((file: string, options: CheckOptions) => check(file, options, io));
  withDbOptions(
    group
      .command('print')
      .description(
        "The registration sheet of a player's decklist, with the tournament's deck check / 登録デッキリストの印刷用シート（大会のデッキチェック付き）",
      )
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .option('--out <file>', 'write to a file instead of the screen / ファイルに書き出す'),
  ).action((options: PrintOptions) => print(options, io));
  registerDecklistReceiptCommands(group, io);
}
