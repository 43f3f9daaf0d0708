import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import type { Lang } from '../../../core/text.js';
import type { CreateTournament, TournamentCommand } from '../../../core/tournament/commands.js';
import { TOP_CUT_SIZES, type Structure, type TopCutSize } from '../../../core/tournament/events.js';
import { finalPlaces } from '../../../core/tournament/prizes.js';
import { latestRound } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { checkOnNewTournament } from '../../../app/tournament-service.js';
import { loadPack } from '../../policy/pack-file.js';
import { CliError } from '../cli-error.js';
import { withDb, withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk, checkedWriteOptions, commandMeta, domainFailure, withWriteOptions, type WriteOptions } from '../desk.js';
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
  readonly decklistsRequired?: boolean;
  readonly policy?: string;
}

function structureOf(options: CreateOptions, lang: Lang): Structure {
  if (options.singleElimination) {
    if (options.rounds !== undefined || options.top !== undefined) {
      throw new CliError(say(lang, '--single-elimination には --rounds と --top を指定しません', '--single-elimination takes no --rounds or --top'));
    }
    return { kind: 'single-elimination' };
  }
  if (options.rounds === undefined) throw new CliError(say(lang, '--rounds: スイスドローの回戦数が必要です (または --single-elimination)', '--rounds: the number of Swiss rounds is required (or --single-elimination)'));
  const rounds = intOption('--rounds', options.rounds, 1, 20, lang);
  const top = optionalInt('--top', options.top, 0, 64, lang) ?? 0;
  if (!(TOP_CUT_SIZES as readonly number[]).includes(top)) {
    throw new CliError(say(lang, `--top: ${TOP_CUT_SIZES.join(', ')} のいずれかが必要です (値: "${options.top}")`, `--top: expected one of ${TOP_CUT_SIZES.join(', ')}, got "${options.top}"`));
  }
  return { kind: 'swiss', rounds, topCut: top as TopCutSize };
}

/** The whole CreateTournament command, checked before the database is opened (so a bad option creates no file). */
function createCommand(options: CreateOptions, lang: Lang): CreateTournament {
  checkedWriteOptions(options, lang);
  const pack = loadPack(options.policy);
  if (!pack.ok) throw new CliError(pack.error);
  const id = options.id === undefined ? `t-${randomBytes(4).toString('hex')}` : textOption('--id', options.id, lang);
  const command: CreateTournament = {
    type: 'CreateTournament',
    data: {
      tournamentId: id,
      settings: {
        name: textOption('--name', options.name, lang),
        date: dateOption('--date', options.date, lang),
        decklistsRequired: options.decklistsRequired === true,
        roundMinutes: optionalInt('--round-minutes', options.roundMinutes, 1, 240, lang) ?? 40,
        structure: structureOf(options, lang),
      },
      pack: { id: pack.value.id, version: pack.value.version, content: pack.value },
    },
    meta: commandMeta(options, 'CreateTournament', new Date()),
  };
  const checked = checkOnNewTournament(command);
  if (!checked.ok) throw domainFailure(checked.error, lang);
  return command;
}

async function create(options: CreateOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const command = createCommand(options, lang);
  const id = command.data.tournamentId;
  await withDb(
    options,
    async (db) => {
      const result = await db.service.execute(id, command);
      if (!result.ok) throw domainFailure(result.error, lang);
    },
    true,
  );
  if (options.json) printJson(io, { id });
  else io.stdout.write(say(lang, `大会を作成しました: ${id} (${command.data.settings.name}、${command.data.settings.date})\n`, `Created tournament ${id} (${command.data.settings.name}, ${command.data.settings.date})\n`));
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
    pack: { id: t.pack.id, version: t.pack.version },
    players: t.players.length,
    rounds: t.rounds.map((r) => ({ round: r.number, stage: r.stage, ended: r.ended, tables: r.matches.length, reported: r.matches.filter((m) => m.report !== null).length, byes: r.byes })),
  };
}

function structureText(s: Structure, lang: Lang): string {
  if (s.kind === 'single-elimination') return say(lang, 'シングルエリミネーション', 'single elimination');
  const top = s.topCut > 0 ? say(lang, ` + 上位${s.topCut}名の決勝トーナメント`, ` + top ${s.topCut}`) : '';
  return say(lang, `スイスドロー ${s.rounds}回戦${top}`, `Swiss, ${s.rounds} rounds${top}`);
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
      `${say(lang, '罰則規定', 'Policy')}: ${t.pack.content.name[lang]} (${t.pack.id} ${t.pack.version})`,
      `${say(lang, '参加者', 'Players')}: ${t.players.length}`,
      `${say(lang, '状態', 'Status')}: ${t.status === 'finished' ? say(lang, '終了', 'finished') : say(lang, '進行中', 'open')}`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    if (t.rounds.length === 0) return;
    io.stdout.write(
      `\n${renderTable(
        [
          { header: say(lang, '回戦', 'Round'), value: (r: Tournament['rounds'][number]) => String(r.number), align: 'right' },
          { header: say(lang, '段階', 'Stage'), value: (r) => STAGE_NAMES[r.stage][lang] },
          { header: say(lang, '卓', 'Tables'), value: (r) => String(r.matches.length), align: 'right' },
          { header: say(lang, '入力済み', 'Reported'), value: (r) => String(r.matches.filter((m) => m.report !== null).length), align: 'right' },
          { header: say(lang, '状態', 'Status'), value: (r) => (r.ended ? say(lang, '終了', 'ended') : say(lang, '進行中', 'running')) },
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
        all.map((t) => ({ id: t.id, name: t.settings.name, date: t.settings.date, status: t.status, players: t.players.length, rounds: t.rounds.length })),
      );
    }
    const lang = db.lang;
    if (all.length === 0) return void io.stdout.write(say(lang, `${db.name} にはまだ大会がありません\n`, `${db.name} holds no tournament yet\n`));
    io.stdout.write(
      renderTable(
        [
          { header: 'ID', value: (t: Tournament) => t.id },
          { header: say(lang, '大会名', 'Name'), value: (t) => t.settings.name },
          { header: say(lang, '日付', 'Date'), value: (t) => t.settings.date },
          { header: say(lang, '参加者', 'Players'), value: (t) => String(t.players.length), align: 'right' },
          { header: say(lang, '回戦', 'Rounds'), value: (t) => String(t.rounds.length), align: 'right' },
          { header: say(lang, '状態', 'Status'), value: (t) => (t.status === 'finished' ? say(lang, '終了', 'finished') : say(lang, '進行中', 'open')) },
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
    if (last && !last.ended) commands.push({ type: 'EndRound', data: { round: last.number }, meta: desk.meta('EndRound') });
    commands.push({ type: 'FinishTournament', data: {}, meta: desk.meta('FinishTournament') });
    const done = await desk.runAll(commands);
    const places = finalPlaces(done);
    const winner = places[0]?.player ?? null;
    if (desk.json) return printJson(io, { id: done.id, status: done.status, winner });
    const lang = desk.lang;
    io.stdout.write(say(lang, `大会を終了しました。`, `The tournament has finished.`));
    io.stdout.write(winner === null ? '\n' : say(lang, ` 優勝: ${nameOf(done, winner)} (${winner})\n`, ` Winner: ${nameOf(done, winner)} (${winner})\n`));
  });
}

/** Registers `shinpan tournament create|list|show|finish`. */
export function registerTournamentCommands(program: Command, io: Io): void {
  const group = program.command('tournament').description('Create and look at tournaments in a database file / 大会の作成と確認');
  withWriteOptions(
    group
      .command('create')
      .description('Create a tournament (Swiss rounds and an optional top cut) / 大会を作成')
      .requiredOption('--name <name>', 'tournament name / 大会名')
      .requiredOption('--date <YYYY-MM-DD>', 'tournament date (card legality and lists are judged by it) / 大会日')
      .option('--rounds <n>', 'Swiss rounds / スイスドローの回戦数')
      .option('--top <k>', `top cut size: ${TOP_CUT_SIZES.join(', ')} (default 0) / 決勝トーナメントの人数`)
      .option('--single-elimination', 'single elimination from round 1 instead of Swiss / 最初からシングルエリミネーション')
      .option('--id <id>', 'tournament id (default: a random t-xxxxxxxx) / 大会ID')
      .option('--round-minutes <n>', 'minutes per round (default 40) / 1回戦の時間（分）')
      .option('--decklists-required', 'every player must register a decklist before round 1 / デッキリスト提出を必須にする')
      .option('--policy <file>', 'policy pack (default: the shipped ocg-5ds rules) / 罰則規定ファイル'),
  ).action((options: CreateOptions) => create(options, io));
  withDbOptions(group.command('list').description('Every tournament in the database / データベース内の大会一覧')).action((options: DbOptions) => list(options, io));
  withDbOptions(group.command('show').description('Settings and rounds of the tournament / 大会の設定と回戦')).action((options: DbOptions) => show(options, io));
  withWriteOptions(group.command('finish').description('End the last round and finish the tournament / 最終回戦を終了し大会を終える')).action((options: WriteOptions) => finish(options, io));
}
