import { randomBytes } from 'node:crypto';
import { registerPlayerReportsCommand } from './check-in.js';
import type { Command } from 'commander';
import type { Lang, Text } from '../../../core/text.js';
import type { DeckRules } from '../../../core/deck/deck-rules.js';
import { rulesForNewTournament } from '../../deck/tournament-deck-rules.js';
import type { CreateTournament, TournamentCommand } from '../../../core/tournament/commands.js';
import {
  TOP_CUT_SIZES,
  type Structure,
  type TopCutSize,
  type TournamentSettings,
} from '../../../core/tournament/events.js';
import { BEST_OF, stageFormat, type BestOf, type StageFormat } from '../../../core/tournament/match-format.js';
import { finalPlaces } from '../../../core/tournament/prizes.js';
import { latestRound } from '../../../core/tournament/state-queries.js';
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
import { dateOption, intOption, optionalInt, textOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { nameOf, say, STAGE_NAMES } from '../tournament-words.js';

interface CreateOptions extends WriteOptions {
  readonly name: string;
  readonly date: string;
  readonly rounds?: string;
  readonly top?: string;
  readonly singleElimination?: boolean;
  readonly id?: string;
  readonly roundMinutes?: string;
  readonly swissBestOf?: string;
  readonly topBestOf?: string;
  readonly swissRoundMinutes?: string;
  readonly topRoundMinutes?: string;
  readonly decklistsRequired?: boolean;
  readonly policy?: string;
  readonly cards?: string;
  readonly banlist?: string;
  readonly listName?: string;
}

function structureOf(options: CreateOptions, lang: Lang): Structure {
  if (options.singleElimination) {
    if (options.rounds !== undefined || options.top !== undefined) {
      throw new CliError(
        say(
          lang,
          '--single-elimination には --rounds と --top を指定しません',
          '--single-elimination takes no --rounds or --top',
        ),
      );
    }
    return { kind: 'single-elimination' };
  }
  if (options.rounds === undefined)
    throw new CliError(
      say(
        lang,
        '--rounds: スイスドローの回戦数が必要です (または --single-elimination)',
        '--rounds: the number of Swiss rounds is required (or --single-elimination)',
      ),
    );
  const rounds = intOption('--rounds', options.rounds, 1, 20, lang);
  const top = optionalInt('--top', options.top, 0, 256, lang) ?? 0;
  if (!(TOP_CUT_SIZES as readonly number[]).includes(top)) {
    throw new CliError(
      say(
        lang,
        `--top: ${TOP_CUT_SIZES.join(', ')} のいずれかが必要です (値: "${options.top}")`,
        `--top: expected one of ${TOP_CUT_SIZES.join(', ')}, got "${options.top}"`,
      ),
    );
  }
  return { kind: 'swiss', rounds, topCut: top as TopCutSize };
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
      throw new CliError(
        say(
          lang,
          `${name}: ${BEST_OF.join(', ')} のいずれかが必要です (値: "${value}")`,
          `${name}: expected one of ${BEST_OF.join(', ')}, got "${value}"`,
        ),
      );
    return Number(value) as BestOf;
  };
  const swiss = {
    bestOf: bestOf('--swiss-best-of', options.swissBestOf),
    roundMinutes: optionalInt('--swiss-round-minutes', options.swissRoundMinutes, 1, 240, lang),
  };
  const top = {
    bestOf: bestOf('--top-best-of', options.topBestOf),
    roundMinutes: optionalInt('--top-round-minutes', options.topRoundMinutes, 1, 240, lang),
  };
  const named = (f: typeof swiss) => f.bestOf !== undefined || f.roundMinutes !== undefined;
  if (structure.kind === 'single-elimination' && named(swiss)) {
    throw new CliError(
      say(
        lang,
        '--single-elimination にはスイスドローがありません (--top-best-of / --top-round-minutes を使います)',
        '--single-elimination has no Swiss: use --top-best-of / --top-round-minutes',
      ),
    );
  }
  if (!named(swiss) && !named(top)) return undefined;
  const format = (f: typeof swiss): StageFormat => ({
    bestOf: f.bestOf ?? 3,
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
  const id = options.id === undefined ? `t-${randomBytes(4).toString('hex')}` : textOption('--id', options.id, lang);
  const roundMinutes = optionalInt('--round-minutes', options.roundMinutes, 1, 240, lang) ?? 40;
  const structure = structureOf(options, lang);
  const stages = stagesOf(options, structure, roundMinutes, lang);
  const command: CreateTournament = {
    type: 'CreateTournament',
    data: {
      tournamentId: id,
      settings: {
        name: textOption('--name', options.name, lang),
        date,
        decklistsRequired: options.decklistsRequired === true,
        roundMinutes,
        structure,
        ...(stages === undefined ? {} : { stages }),
        deckRules: rules.value.rules,
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
  if (!rules)
    return say(
      lang,
      '記録なし（同梱のデータベースと大会日に有効なリスト）',
      'not recorded (the shipped database and the list in force on the date)',
    );
  const pool =
    rules.cardPool.source === 'shipped'
      ? say(lang, '同梱のOCGデータベース', 'shipped OCG database')
      : rules.cardPool.name;
  const list = rules.banlist
    ? `${rules.banlist.name}${rules.banlist.source === 'shipped' ? '' : ` (${rules.banlist.source})`}`
    : say(lang, 'なし', 'none');
  return say(
    lang,
    `カード ${pool}（${rules.cardPool.cards} 枚）、リスト ${list}`,
    `cards ${pool} (${rules.cardPool.cards}), list ${list}`,
  );
}

function printWarnings(io: Io, warnings: readonly Text[], lang: Lang): void {
  for (const w of warnings) io.stderr.write(`shinpan: ${say(lang, '注意', 'note')}: ${w[lang]}\n`);
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
      say(
        lang,
        `大会を作成しました: ${id} (${command.data.settings.name}、${command.data.settings.date})\n`,
        `Created tournament ${id} (${command.data.settings.name}, ${command.data.settings.date})\n`,
      ),
    );
    io.stdout.write(`${say(lang, 'デッキチェック', 'Deck checks')}: ${deckRulesText(rules, lang)}\n`);
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
      if (options.reason !== undefined)
        throw new CliError(
          say(lang, '--reason は --cards か --banlist と一緒に指定します', '--reason goes with --cards or --banlist'),
        );
      if (desk.json) return printJson(io, { deckRules: t.settings.deckRules ?? null });
      io.stdout.write(`${say(lang, 'デッキチェック', 'Deck checks')}: ${deckRulesText(t.settings.deckRules, lang)}\n`);
      return;
    }
    if (options.reason === undefined || options.reason.trim() === '')
      throw new CliError(
        say(lang, '--reason: 変更の理由が必要です', '--reason: say why the card pool or list changes'),
      );
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
    else
      io.stdout.write(
        `${say(lang, 'デッキチェックを変更しました', 'Changed deck checks')}: ${deckRulesText(rules, lang)}\n`,
      );
    printWarnings(io, chosen.value.warnings, lang);
  });
}

/** The tournament in one object, as `tournament show --json` prints it. */
function tournamentSummary(t: Tournament) {
  return {
    id: t.id,
    name: t.settings.name,
    date: t.settings.date,
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
    players: t.players.length,
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
  if (s.kind === 'single-elimination') return say(lang, 'シングルエリミネーション', 'single elimination');
  const top = s.topCut > 0 ? say(lang, ` + 上位${s.topCut}名の決勝トーナメント`, ` + top ${s.topCut}`) : '';
  return say(lang, `スイスドロー ${s.rounds}回戦${top}`, `Swiss, ${s.rounds} rounds${top}`);
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
  const kind =
    f.bestOf === 1
      ? say(lang, 'シングル戦 (1本勝負)', 'single duel')
      : say(lang, `マッチ戦 (${f.bestOf}本勝負)`, `best of ${f.bestOf}`);
  return say(lang, `${kind}、${f.roundMinutes}分`, `${kind}, ${f.roundMinutes} min`);
}

async function show(options: DbOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    if (desk.json) return printJson(io, tournamentSummary(t));
    const lang = desk.lang;
    const lines = [
      `${t.settings.name} (${t.id})`,
      `${say(lang, '日付', 'Date')}: ${t.settings.date}`,
      `${say(lang, '形式', 'Format')}: ${structureText(t.settings.structure, lang)}`,
      ...stagesText(t, lang),
      `${say(lang, '罰則規定', 'Policy')}: ${t.pack.content.name[lang]} (${t.pack.id} ${t.pack.version})`,
      `${say(lang, 'デッキチェック', 'Deck checks')}: ${deckRulesText(t.settings.deckRules, lang)}`,
      `${say(lang, '参加者', 'Players')}: ${t.players.length}`,
      `${say(lang, '状態', 'Status')}: ${t.status === 'finished' ? say(lang, '終了', 'finished') : say(lang, '進行中', 'open')}`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    if (t.rounds.length === 0) return;
    io.stdout.write(
      `\n${renderTable(
        [
          {
            header: say(lang, '回戦', 'Round'),
            value: (r: Tournament['rounds'][number]) => String(r.number),
            align: 'right',
          },
          { header: say(lang, '段階', 'Stage'), value: (r) => STAGE_NAMES[r.stage][lang] },
          { header: say(lang, '試合形式', 'Matches'), value: (r) => matchFormatText(r, lang) },
          { header: say(lang, '卓', 'Tables'), value: (r) => String(r.matches.length), align: 'right' },
          {
            header: say(lang, '入力済み', 'Reported'),
            value: (r) => String(r.matches.filter((m) => m.report !== null).length),
            align: 'right',
          },
          {
            header: say(lang, '状態', 'Status'),
            value: (r) => (r.ended ? say(lang, '終了', 'ended') : say(lang, '進行中', 'running')),
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
          players: t.players.length,
          rounds: t.rounds.length,
        })),
      );
    }
    const lang = db.lang;
    if (all.length === 0)
      return void io.stdout.write(
        say(lang, `${db.name} にはまだ大会がありません\n`, `${db.name} holds no tournament yet\n`),
      );
    io.stdout.write(
      renderTable(
        [
          { header: 'ID', value: (t: Tournament) => t.id },
          { header: say(lang, '大会名', 'Name'), value: (t) => t.settings.name },
          { header: say(lang, '日付', 'Date'), value: (t) => t.settings.date },
          { header: say(lang, '参加者', 'Players'), value: (t) => String(t.players.length), align: 'right' },
          { header: say(lang, '回戦', 'Rounds'), value: (t) => String(t.rounds.length), align: 'right' },
          {
            header: say(lang, '状態', 'Status'),
            value: (t) => (t.status === 'finished' ? say(lang, '終了', 'finished') : say(lang, '進行中', 'open')),
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
    io.stdout.write(say(lang, `大会を終了しました。`, `The tournament has finished.`));
    io.stdout.write(
      winner === null
        ? '\n'
        : say(lang, ` 優勝: ${nameOf(done, winner)} (${winner})\n`, ` Winner: ${nameOf(done, winner)} (${winner})\n`),
    );
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
      .option('--rounds <n>', 'Swiss rounds / スイスドローの回戦数')
      .option('--top <k>', `top cut size: ${TOP_CUT_SIZES.join(', ')} (default 0) / 決勝トーナメントの人数`)
      .option(
        '--single-elimination',
        'single elimination from round 1 instead of Swiss / 最初からシングルエリミネーション',
      )
      .option('--id <id>', 'tournament id (default: a random t-xxxxxxxx) / 大会ID')
      .option('--round-minutes <n>', 'minutes per round (default 40) / 1回戦の時間（分）')
      .option(
        '--swiss-best-of <n>',
        'duels per Swiss match: 1 (single duel), 3 or 5 (default 3) / スイスドローの試合形式（1: シングル戦）',
      )
      .option(
        '--top-best-of <n>',
        'duels per top-cut or elimination match: 1, 3 or 5 (default 3) / 決勝トーナメントの試合形式',
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
}
