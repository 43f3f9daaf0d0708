import { randomBytes } from 'node:crypto';
import { registerPairingReasonsCommand, registerPlayerReportsCommand, registerVenueCodeCommand } from './check-in.js';
import { registerEntryFeeCommand } from './entry-fee.js';
import type { Command } from 'commander';
import type { Lang, Text } from '../../../core/text.js';
import type { DeckRules } from '../../../core/deck/deck-rules.js';
import { rulesForNewTournament } from '../../deck/tournament-deck-rules.js';
import type { CreateTournament, TournamentCommand } from '../../../core/tournament/commands.js';
import type { Structure, TournamentSettings } from '../../../core/tournament/events.js';
import {
  BEST_OF,
  DEFAULT_BEST_OF,
  DEFAULT_ROUND_MINUTES,
  ROUND_MINUTES,
  SWISS_ROUNDS,
  MAX_TOP_CUT,
  TOP_CUT_SIZES,
  type BestOf,
  TOURNAMENT_ID,
  TOURNAMENT_NAME,
} from '../../../core/tournament/limits.js';
import { stageFormat, type StageFormat } from '../../../core/tournament/match-format.js';
import { finalPlaces } from '../../../core/tournament/prizes.js';
import { latestRound, participantCount } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { checkOnNewTournament } from '../../../app/tournament-service.js';
import { loadPack } from '../../policy/pack-file.js';
import { CliError } from '../cli-error.js';
import { withDb, withDbOptions, type DbOptions } from '../db-options.js';
import {
  atDesk,
  checkedWriteOptions,
  commandMeta,
  domainFailure,
  withWriteOptions,
  type WriteOptions,
} from '../desk.js';
import { pickLang } from '../lang.js';
import { dateOption, inputError, intOption, optionalIn, optionalInt, rangeText, textOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { nameOf, STAGE_NAMES } from '../tournament-words.js';
import { tournamentMessages as M } from '../messages/tournament.js';

interface CreateOptions extends WriteOptions {
  readonly name: string;
  readonly date: string;
  readonly rounds?: string;
  readonly top?: string;
  readonly topByes?: boolean;
  readonly singleElimination?: boolean;
  readonly id?: string;
  readonly roundMinutes?: string;
  readonly swissBestOf?: string;
  readonly topBestOf?: string;
  readonly swissRoundMinutes?: string;
  readonly topRoundMinutes?: string;
  readonly decklistsRequired?: boolean;
  readonly timeZone?: string;
  readonly policy?: string;
  readonly cards?: string;
  readonly banlist?: string;
  readonly listName?: string;
}

function structureOf(options: CreateOptions, lang: Lang): Structure {
  if (options.singleElimination) {
    if (options.rounds !== undefined || options.top !== undefined || options.topByes !== undefined) {
      throw new CliError(M.say(lang, 'single-elimination-takes-no-rounds'));
    }
    return { kind: 'single-elimination' };
  }
  if (options.rounds === undefined) throw new CliError(M.say(lang, 'rounds-number-swiss-rounds-required'));
  const rounds = intOption('--rounds', options.rounds, SWISS_ROUNDS.min, SWISS_ROUNDS.max, lang);
  const top = optionalInt('--top', options.top, 0, MAX_TOP_CUT, lang) ?? 0;
  // Any size from 2 with --top-byes (the top seeds fill the bracket with first-round byes); else a power of two.
  const byes = options.topByes === true;
  if (!(TOP_CUT_SIZES as readonly number[]).includes(top) && !(byes && top >= 2)) {
    throw new CliError(
      M.say(lang, top >= 2 ? 'top-not-power-of-two' : 'top-expected-one-got', {
        topCutSizes: TOP_CUT_SIZES.join(', '),
        top: options.top ?? '',
      }),
    );
  }
  return { kind: 'swiss', rounds, topCut: top, ...(byes ? { topCutByes: true } : {}) };
}

/** `--swiss-best-of 1 --top-best-of 3 …`: the match format per stage, recorded only when one of them is given. */
function stagesOf(
  options: CreateOptions,
  structure: Structure,
  roundMinutes: number,
  lang: Lang,
): TournamentSettings['stages'] | undefined {
  const bestOf = (name: string, value: string | undefined): BestOf | undefined => {
    if (value === undefined) return undefined;
    if (!BEST_OF.map(String).includes(value))
      throw inputError(M.say(lang, 'expected-one-got', { name, bestOf: BEST_OF.join(', '), value }));
    return Number(value) as BestOf;
  };
  const swiss = {
    bestOf: bestOf('--swiss-best-of', options.swissBestOf),
    roundMinutes: optionalIn('--swiss-round-minutes', options.swissRoundMinutes, ROUND_MINUTES, lang),
  };
  const top = {
    bestOf: bestOf('--top-best-of', options.topBestOf),
    roundMinutes: optionalIn('--top-round-minutes', options.topRoundMinutes, ROUND_MINUTES, lang),
  };
  const named = (f: typeof swiss) => f.bestOf !== undefined || f.roundMinutes !== undefined;
  if (structure.kind === 'single-elimination' && named(swiss)) {
    throw new CliError(M.say(lang, 'single-elimination-has-no-swiss'));
  }
  if (!named(swiss) && !named(top)) return undefined;
  const format = (f: typeof swiss): StageFormat => ({
    bestOf: f.bestOf ?? DEFAULT_BEST_OF,
    roundMinutes: f.roundMinutes ?? roundMinutes,
  });
  return structure.kind === 'single-elimination'
    ? { 'top-cut': format(top) }
    : { swiss: format(swiss), 'top-cut': format(top) };
}

/** The whole CreateTournament command, checked before the database is opened (so a bad option creates no file). */
async function createCommand(
  options: CreateOptions,
  lang: Lang,
): Promise<{ command: CreateTournament; warnings: readonly Text[] }> {
  checkedWriteOptions(options, lang);
  const date = dateOption('--date', options.date, lang);
  const rules = await rulesForNewTournament({ date, ...pick(options, 'cards', 'banlist', 'listName') });
  if (!rules.ok) throw new CliError(rules.error[lang]);
  const pack = loadPack(options.policy);
  if (!pack.ok) throw new CliError(pack.error);
  const id =
    options.id === undefined
      ? `t-${randomBytes(4).toString('hex')}`
      : textOption('--id', options.id, lang, TOURNAMENT_ID);
  const roundMinutes =
    optionalIn('--round-minutes', options.roundMinutes, ROUND_MINUTES, lang) ?? DEFAULT_ROUND_MINUTES;
  const structure = structureOf(options, lang);
  const stages = stagesOf(options, structure, roundMinutes, lang);
  const command: CreateTournament = {
    type: 'CreateTournament',
    data: {
      tournamentId: id,
      settings: {
        name: textOption('--name', options.name, lang, TOURNAMENT_NAME),
        date,
        decklistsRequired: options.decklistsRequired === true,
        roundMinutes,
        structure,
        ...(stages === undefined ? {} : { stages }),
        deckRules: rules.value.rules,
        ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone.trim() }),
      },
      pack: { id: pack.value.id, version: pack.value.version, content: pack.value },
    },
    meta: commandMeta(options, 'CreateTournament', new Date()),
  };
  const checked = checkOnNewTournament(command);
  if (!checked.ok) throw domainFailure(checked.error, lang);
  return { command, warnings: rules.value.warnings };
}

const pick = <T extends object, K extends keyof T>(from: T, ...keys: K[]): Partial<Pick<T, K>> =>
  Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]])) as Partial<Pick<T, K>>;

/** The card pool and list a tournament checks decks with, in one line. */
export function deckRulesText(rules: DeckRules | undefined, lang: Lang): string {
  if (!rules) return M.say(lang, 'not-recorded-shipped-database-list');
  const pool = rules.cardPool.source === 'shipped' ? M.say(lang, 'shipped-ocg-database') : rules.cardPool.name;
  const list = rules.banlist
    ? `${rules.banlist.name}${rules.banlist.source === 'shipped' ? '' : ` (${rules.banlist.source})`}`
    : M.say(lang, 'none');
  return M.say(lang, 'cards-list', { pool, cards: rules.cardPool.cards, list });
}

function printWarnings(io: Io, warnings: readonly Text[], lang: Lang): void {
  for (const w of warnings) io.stderr.write(`shinpan: ${M.say(lang, 'note')}: ${w[lang]}\n`);
}

async function create(options: CreateOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const { command, warnings } = await createCommand(options, lang);
  const id = command.data.tournamentId;
  await withDb(
    options,
    async (db) => {
      const result = await db.service.execute(id, command);
      if (!result.ok) throw domainFailure(result.error, lang);
    },
    true,
  );
  const rules = command.data.settings.deckRules;
  if (options.json) printJson(io, { id });
  else {
    io.stdout.write(
      M.say(lang, 'created-tournament', { id, name: command.data.settings.name, date: command.data.settings.date }),
    );
    io.stdout.write(`${M.say(lang, 'deck-checks')}: ${deckRulesText(rules, lang)}\n`);
  }
  printWarnings(io, warnings, lang);
}

interface DeckRulesOptions extends WriteOptions {
  readonly cards?: string;
  readonly banlist?: string;
  readonly listName?: string;
  readonly reason?: string;
}

/** `tournament deck-rules`: shows the recorded pool and list; with --cards/--banlist and --reason, changes them (until round 1 is paired). */
async function deckRules(options: DeckRulesOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const t = await desk.tournament();
    const change = options.cards !== undefined || options.banlist !== undefined || options.listName !== undefined;
    if (!change) {
      if (options.reason !== undefined) throw new CliError(M.say(lang, 'reason-goes-cards-banlist'));
      if (desk.json) return printJson(io, { deckRules: t.settings.deckRules ?? null });
      io.stdout.write(`${M.say(lang, 'deck-checks')}: ${deckRulesText(t.settings.deckRules, lang)}\n`);
      return;
    }
    if (options.reason === undefined || options.reason.trim() === '')
      throw new CliError(M.say(lang, 'reason-say-why-card-pool'));
    const before = t.settings.deckRules;
    const chosen = await rulesForNewTournament({
      date: t.settings.date,
      ...pick(options, 'cards', 'banlist', 'listName'),
    });
    if (!chosen.ok) throw new CliError(chosen.error[lang]);
    // Only what was named changes: --banlist alone keeps the recorded card pool, and the other way round.
    const rules: DeckRules = {
      cardPool: options.cards === undefined && before ? before.cardPool : chosen.value.rules.cardPool,
      banlist:
        options.banlist === undefined && options.listName === undefined && before
          ? before.banlist
          : chosen.value.rules.banlist,
    };
    await desk.run({
      type: 'ChangeDeckRules',
      data: { deckRules: rules, reason: options.reason },
      meta: desk.meta('ChangeDeckRules'),
    });
    if (desk.json) printJson(io, { deckRules: rules, warnings: chosen.value.warnings });
    else io.stdout.write(`${M.say(lang, 'changed-deck-checks')}: ${deckRulesText(rules, lang)}\n`);
    printWarnings(io, chosen.value.warnings, lang);
  });
}

/** The tournament in one object, as `tournament show --json` prints it. */
function tournamentSummary(t: Tournament) {
  return {
    id: t.id,
    name: t.settings.name,
    date: t.settings.date,
    ...(t.settings.timeZone === undefined ? {} : { timeZone: t.settings.timeZone }),
    status: t.status,
    structure: t.settings.structure,
    decklistsRequired: t.settings.decklistsRequired,
    roundMinutes: t.settings.roundMinutes,
    stages: { swiss: stageFormat(t.settings, 'swiss'), 'top-cut': stageFormat(t.settings, 'top-cut') },
    pack: { id: t.pack.id, version: t.pack.version },
    deckRules: t.settings.deckRules
      ? {
          cards: t.settings.deckRules.cardPool,
          list: t.settings.deckRules.banlist
            ? {
                name: t.settings.deckRules.banlist.name,
                date: t.settings.deckRules.banlist.date,
                source: t.settings.deckRules.banlist.source,
                hash: t.settings.deckRules.banlist.hash,
              }
            : null,
        }
      : null,
    players: participantCount(t),
    rounds: t.rounds.map((r) => ({
      round: r.number,
      stage: r.stage,
      bestOf: r.bestOf,
      roundMinutes: r.roundMinutes,
      ended: r.ended,
      tables: r.matches.length,
      reported: r.matches.filter((m) => m.report !== null).length,
      byes: r.byes,
    })),
  };
}

function structureText(s: Structure, lang: Lang): string {
  if (s.kind === 'single-elimination') return M.say(lang, 'single-elimination');
  const byes = s.topCutByes === true ? M.say(lang, 'top-cut-byes') : '';
  const top = s.topCut > 0 ? M.say(lang, 'top-cut-after-swiss', { topCut: s.topCut, byes }) : '';
  return M.say(lang, 'swiss-rounds', { rounds: s.rounds, top });
}

/** Per stage the tournament has: its match format and round length. */
function stagesText(t: Tournament, lang: Lang): string[] {
  const stages =
    t.settings.structure.kind === 'single-elimination'
      ? (['top-cut'] as const)
      : t.settings.structure.topCut > 0
        ? (['swiss', 'top-cut'] as const)
        : (['swiss'] as const);
  return stages.map((stage) => `${STAGE_NAMES[stage][lang]}: ${matchFormatText(stageFormat(t.settings, stage), lang)}`);
}

/** "シングル戦 25分" / "best of 3, 50 min". */
export function matchFormatText(f: StageFormat, lang: Lang): string {
  const kind = f.bestOf === 1 ? M.say(lang, 'single-duel') : M.say(lang, 'best-of', { bestOf: f.bestOf });
  return M.say(lang, 'format-and-minutes', { kind, roundMinutes: f.roundMinutes });
}

async function show(options: DbOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    if (desk.json) return printJson(io, tournamentSummary(t));
    const lang = desk.lang;
    const lines = [
      `${t.settings.name} (${t.id})`,
      `${M.say(lang, 'date')}: ${t.settings.date}`,
      `${M.say(lang, 'format')}: ${structureText(t.settings.structure, lang)}`,
      ...stagesText(t, lang),
      `${M.say(lang, 'policy')}: ${t.pack.content.name[lang]} (${t.pack.id} ${t.pack.version})`,
      `${M.say(lang, 'deck-checks')}: ${deckRulesText(t.settings.deckRules, lang)}`,
      `${M.say(lang, 'players')}: ${participantCount(t)}`,
      `${M.say(lang, 'status')}: ${t.status === 'finished' ? M.say(lang, 'finished') : M.say(lang, 'open')}`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    if (t.rounds.length === 0) return;
    io.stdout.write(
      `\n${renderTable(
        [
          {
            header: M.say(lang, 'round'),
            value: (r: Tournament['rounds'][number]) => String(r.number),
            align: 'right',
          },
          { header: M.say(lang, 'stage'), value: (r) => STAGE_NAMES[r.stage][lang] },
          { header: M.say(lang, 'matches'), value: (r) => matchFormatText(r, lang) },
          { header: M.say(lang, 'tables'), value: (r) => String(r.matches.length), align: 'right' },
          {
            header: M.say(lang, 'reported'),
            value: (r) => String(r.matches.filter((m) => m.report !== null).length),
            align: 'right',
          },
          {
            header: M.say(lang, 'status'),
            value: (r) => (r.ended ? M.say(lang, 'ended') : M.say(lang, 'running')),
          },
        ],
        t.rounds,
      )}`,
    );
  });
}

async function list(options: DbOptions, io: Io): Promise<void> {
  await withDb(options, async (db) => {
    const ids = await db.store.listTournaments();
    const all: Tournament[] = [];
    for (const { id } of ids) {
      const { state } = await db.service.load(id);
      if (state.status !== 'none') all.push(state);
    }
    if (options.json) {
      return printJson(
        io,
        all.map((t) => ({
          id: t.id,
          name: t.settings.name,
          date: t.settings.date,
          status: t.status,
          players: participantCount(t),
          rounds: t.rounds.length,
        })),
      );
    }
    const lang = db.lang;
    if (all.length === 0) return void io.stdout.write(M.say(lang, 'holds-no-tournament-yet', { name: db.name }));
    io.stdout.write(
      renderTable(
        [
          { header: 'ID', value: (t: Tournament) => t.id },
          { header: M.say(lang, 'name'), value: (t) => t.settings.name },
          { header: M.say(lang, 'date'), value: (t) => t.settings.date },
          { header: M.say(lang, 'players'), value: (t) => String(participantCount(t)), align: 'right' },
          { header: M.say(lang, 'rounds'), value: (t) => String(t.rounds.length), align: 'right' },
          {
            header: M.say(lang, 'status'),
            value: (t) => (t.status === 'finished' ? M.say(lang, 'finished') : M.say(lang, 'open')),
          },
        ],
        all,
      ),
    );
  });
}

/** Ends the last round if it is still open, then finishes: one write. */
async function finish(options: WriteOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const last = latestRound(t);
    const commands: TournamentCommand[] = [];
    if (last && !last.ended)
      commands.push({ type: 'EndRound', data: { round: last.number }, meta: desk.meta('EndRound') });
    commands.push({ type: 'FinishTournament', data: {}, meta: desk.meta('FinishTournament') });
    const done = await desk.runAll(commands);
    const places = finalPlaces(done);
    const winner = places[0]?.player ?? null;
    if (desk.json) return printJson(io, { id: done.id, status: done.status, winner });
    const lang = desk.lang;
    io.stdout.write(M.say(lang, 'tournament-has-finished'));
    io.stdout.write(winner === null ? '\n' : M.say(lang, 'winner', { name: nameOf(done, winner), winner }));
  });
}

/** Registers `shinpan tournament create|list|show|finish`. */
export function registerTournamentCommands(program: Command, io: Io): void {
  const group = program
    .command('tournament')
    .description('Create and look at tournaments in a database file / 大会の作成と確認');
  withWriteOptions(
    group
      .command('create')
      .description('Create a tournament (Swiss rounds and an optional top cut) / 大会を作成')
      .requiredOption('--name <name>', 'tournament name / 大会名')
      .requiredOption('--date <YYYY-MM-DD>', 'tournament date (card legality and lists are judged by it) / 大会日')
      .option('--rounds <n>', `Swiss rounds (${rangeText(SWISS_ROUNDS)}) / スイスドローの回戦数`)
      .option('--top <k>', `top cut size: ${TOP_CUT_SIZES.join(', ')} (default 0) / 決勝トーナメントの人数`)
      .option(
        '--top-byes',
        `a --top that is not a power of two (up to ${MAX_TOP_CUT}): the top seeds get first-round byes / 上位シードの1回戦不戦勝`,
      )
      .option(
        '--single-elimination',
        'single elimination from round 1 instead of Swiss / 最初からシングルエリミネーション',
      )
      .option('--id <id>', 'tournament id (default: a random t-xxxxxxxx) / 大会ID')
      .option(
        '--round-minutes <n>',
        `minutes per round (${rangeText(ROUND_MINUTES)}, default ${DEFAULT_ROUND_MINUTES}) / 1回戦の時間（分）`,
      )
      .option(
        '--swiss-best-of <n>',
        `duels per Swiss match: ${BEST_OF.join(', ')} (1: single duel; default ${DEFAULT_BEST_OF}) / スイスドローの試合形式（1: シングル戦）`,
      )
      .option(
        '--top-best-of <n>',
        `duels per top-cut or elimination match: ${BEST_OF.join(', ')} (default ${DEFAULT_BEST_OF}) / 決勝トーナメントの試合形式`,
      )
      .option(
        '--swiss-round-minutes <n>',
        'minutes per Swiss round (default --round-minutes) / スイスドロー1回戦の時間（分）',
      )
      .option(
        '--top-round-minutes <n>',
        'minutes per top-cut round (default --round-minutes) / 決勝トーナメント1回戦の時間（分）',
      )
      .option(
        '--decklists-required',
        'every player must register a decklist before round 1 / デッキリスト提出を必須にする',
      )
      .option(
        '--time-zone <iana>',
        'time zone the event runs in, e.g. Asia/Tokyo: screens, prints and exports use it / 大会のタイムゾーン',
      )
      .option('--policy <file>', 'policy pack (default: the shipped ocg-5ds rules) / 罰則規定ファイル')
      .option(
        '--cards <file>',
        'card database decks are checked with (default: the shipped OCG database) / デッキチェックのカードデータベース',
      )
      .option(
        '--banlist <file|name>',
        'F/L list: a list of the shipped history by name ("2011.3.1"), an lflist.conf/JSON file, or "none" (default: the shipped list in force on --date) / 禁止・制限リスト',
      )
      .option('--list-name <name>', 'which list of the --banlist file / リスト名'),
  ).action((options: CreateOptions) => create(options, io));
  withWriteOptions(
    group
      .command('deck-rules')
      .description(
        'Show the card pool and F/L list decks are checked with; change them before round 1 is paired (organizer, with --reason) / デッキチェックのカードプールとリストの確認・変更（第1回戦の組み合わせ前まで）',
      )
      .option('--cards <file>', 'new card database / 新しいカードデータベース')
      .option('--banlist <file|name>', 'new F/L list: shipped list name, file, or "none" / 新しい禁止・制限リスト')
      .option('--list-name <name>', 'which list of the --banlist file / リスト名')
      .option('--reason <text>', 'why (recorded with who changed it) / 変更理由'),
  ).action((options: DeckRulesOptions) => deckRules(options, io));
  withDbOptions(
    group.command('list').description('Every tournament in the database / データベース内の大会一覧'),
  ).action((options: DbOptions) => list(options, io));
  withDbOptions(group.command('show').description('Settings and rounds of the tournament / 大会の設定と回戦')).action(
    (options: DbOptions) => show(options, io),
  );
  withWriteOptions(
    group.command('finish').description('End the last round and finish the tournament / 最終回戦を終了し大会を終える'),
  ).action((options: WriteOptions) => finish(options, io));
  registerPlayerReportsCommand(group, io);
  registerPairingReasonsCommand(group, io);
  registerVenueCodeCommand(group, io);
  registerEntryFeeCommand(group, io);
}
