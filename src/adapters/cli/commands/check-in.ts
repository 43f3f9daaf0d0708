import type { Command } from 'commander';
import { MAX_CONFIRM_MINUTES, notCheckedIn, selfService } from '../../../core/tournament/self-service.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { intOption, optionalInt } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { say } from '../tournament-words.js';

/*
 * The desk's side of what players otherwise do from their page: check a player in, see who has
 * not checked in, drop the no-shows (after naming how many), and turn players' own result
 * reports on or off for the tournament.
 */

interface CheckInOptions extends WriteOptions {
  readonly player: string;
}

interface DropNoShowsOptions extends WriteOptions {
  readonly count?: string;
}

interface ReportingOptions extends WriteOptions {
  readonly on?: boolean;
  readonly off?: boolean;
  readonly confirmMinutes?: string;
}

async function checkIn(options: CheckInOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    await desk.run({ type: 'CheckInPlayer', data: { player: options.player }, meta: desk.meta('CheckInPlayer') });
    const t = await desk.tournament();
    const left = notCheckedIn(t).length;
    if (desk.json) return printJson(io, { player: options.player, checkedIn: true, notCheckedIn: left });
    const name = findPlayer(t, options.player)?.name ?? options.player;
    io.stdout.write(
      say(
        desk.lang,
        `${name} (${options.player}) がチェックインしました。未チェックイン ${left} 名\n`,
        `${name} (${options.player}) checked in; ${left} not checked in\n`,
      ),
    );
  });
}

async function checkIns(options: DbOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const { checkedIn } = selfService(t);
    const missing = new Set(notCheckedIn(t));
    const rows = t.players
      .filter((p) => missing.has(p.id) || checkedIn[p.id])
      .map((p) => ({ id: p.id, name: p.name, checkedIn: checkedIn[p.id]?.at ?? null }));
    if (desk.json) return printJson(io, { open: t.rounds.length === 0, notCheckedIn: missing.size, players: rows });
    const lang = desk.lang;
    io.stdout.write(
      renderTable(
        [
          { header: 'ID', value: (r: (typeof rows)[number]) => r.id },
          { header: say(lang, '氏名', 'Name'), value: (r) => r.name },
          {
            header: say(lang, 'チェックイン', 'Checked in'),
            value: (r) => (r.checkedIn ? r.checkedIn.slice(11, 16) : say(lang, '未', 'no')),
          },
        ],
        rows,
      ),
    );
    io.stdout.write(
      say(
        lang,
        `チェックイン済み ${rows.length - missing.size} 名、未チェックイン ${missing.size} 名\n`,
        `${rows.length - missing.size} checked in, ${missing.size} not checked in\n`,
      ),
    );
  });
}

async function dropNoShows(options: DropNoShowsOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const t = await desk.tournament();
    const missing = notCheckedIn(t);
    // The count is the organizer's confirmation: without it, say how many would go and write nothing.
    if (options.count === undefined)
      throw new CliError(
        say(
          lang,
          `未チェックインの選手 ${missing.length} 名 (${missing.join(', ')}) をドロップします。確認のため --count ${missing.length} を付けて実行してください`,
          `this drops the ${missing.length} players who have not checked in (${missing.join(', ')}); run again with --count ${missing.length} to confirm`,
        ),
      );
    const count = intOption('--count', options.count, 0, 1_000_000, lang);
    const done = await desk.run({ type: 'DropNoShows', data: { count }, meta: desk.meta('DropNoShows') });
    const dropped = done.events.map((e) => (e.data as { player: string }).player);
    if (desk.json) return printJson(io, { dropped });
    io.stdout.write(
      say(
        lang,
        `未チェックインの ${dropped.length} 名をドロップしました: ${dropped.join(', ')}\n`,
        `Dropped the ${dropped.length} players who had not checked in: ${dropped.join(', ')}\n`,
      ),
    );
  });
}

async function playerReports(options: ReportingOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    if (options.on === options.off)
      throw new CliError(
        say(lang, '--on か --off のどちらか一つを指定してください', 'give exactly one of --on and --off'),
      );
    const confirmMinutes = optionalInt('--confirm-minutes', options.confirmMinutes, 1, MAX_CONFIRM_MINUTES, lang);
    const data = { enabled: options.on === true, ...(confirmMinutes === undefined ? {} : { confirmMinutes }) };
    await desk.run({ type: 'SetPlayerReporting', data, meta: desk.meta('SetPlayerReporting') });
    const { reporting } = selfService(await desk.tournament());
    if (desk.json) return printJson(io, reporting);
    io.stdout.write(
      reporting.enabled
        ? say(
            lang,
            `選手による結果報告を受け付けます。相手が ${reporting.confirmMinutes} 分以内に確認しない報告はジャッジに回ります\n`,
            `Players report their own results; a report the opponent has not confirmed within ${reporting.confirmMinutes} minutes goes to the judges\n`,
          )
        : say(
            lang,
            '選手による結果報告を受け付けません (スタッフが入力します)\n',
            'Players do not report results (staff enter them)\n',
          ),
    );
  });
}

/** `player check-in`, `player check-ins`, `player drop-no-shows`. */
export function registerCheckInCommands(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('check-in')
      .description('Check a player in before round 1 / 第1回戦前のチェックイン')
      .requiredOption('--player <id>', 'player id / プレイヤーID'),
  ).action((options: CheckInOptions) => checkIn(options, io));
  withDbOptions(group.command('check-ins').description('Who has checked in and who has not / チェックイン状況')).action(
    (options: DbOptions) => checkIns(options, io),
  );
  withWriteOptions(
    group
      .command('drop-no-shows')
      .description(
        'Before round 1: drop every player who has not checked in (each its own drop) / 未チェックインの選手をまとめてドロップ',
      )
      .option(
        '--count <n>',
        'how many you confirm are dropped (the command names the number) / ドロップする人数（確認）',
      ),
  ).action((options: DropNoShowsOptions) => dropNoShows(options, io));
}

/** `tournament player-reports --on|--off [--confirm-minutes N]`. */
export function registerPlayerReportsCommand(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('player-reports')
      .description('Let players report their own results from their page (off by default) / 選手による結果報告の設定')
      .option('--on', 'players report; the opponent confirms / 選手が報告し相手が確認')
      .option('--off', 'staff enter every result / スタッフが入力')
      .option(
        '--confirm-minutes <n>',
        `minutes a report waits for the opponent before it goes to the judges (1–${MAX_CONFIRM_MINUTES}, default 10) / 相手の確認を待つ時間（分）`,
      ),
  ).action((options: ReportingOptions) => playerReports(options, io));
}
