import type { Command } from 'commander';
import { CONFIRM_MINUTES, DEFAULT_CONFIRM_MINUTES } from '../../../core/tournament/limits.js';
import { notCheckedIn, selfService } from '../../../core/tournament/self-service.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { deskTime } from '../desk-time.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { intOption, optionalInt } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { checkInMessages as M } from '../messages/check-in.js';
import { filmingOption } from './filming.js';

/*
 * The desk's side of what players otherwise do from their page: check a player in, see who has
 * not checked in, drop the no-shows (after naming how many), and turn players' own result
 * reports on or off for the tournament.
 */

interface CheckInOptions extends WriteOptions {
  readonly player: string;
  readonly filming?: string;
}

interface DropNoShowsOptions extends WriteOptions {
  readonly count?: string;
}

interface SwitchOptions extends WriteOptions {
  readonly on?: boolean;
  readonly off?: boolean;
}

interface ReportingOptions extends SwitchOptions {
  readonly confirmMinutes?: string;
}

async function checkIn(options: CheckInOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const { filming } = filmingOption(options.filming, desk.lang);
    const checkIn = {
      type: 'CheckInPlayer',
      data: { player: options.player },
      meta: desk.meta('CheckInPlayer'),
    } as const;
    // The answer to filming asked at the desk goes with the check-in, as one write.
    if (filming === undefined) await desk.run(checkIn);
    else
      await desk.runAll([
        checkIn,
        {
          type: 'SetFilmingConsent',
          data: { player: options.player, consent: filming },
          meta: desk.meta('SetFilmingConsent'),
        },
      ]);
    const t = await desk.tournament();
    const left = notCheckedIn(t).length;
    if (desk.json) return printJson(io, { player: options.player, checkedIn: true, notCheckedIn: left });
    const name = findPlayer(t, options.player)?.name ?? options.player;
    io.stdout.write(M.say(desk.lang, 'checked-not-checked-2', { name, player: options.player, left }));
  });
}

async function checkIns(options: DbOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const { checkedIn } = selfService(t);
    const missing = new Set(notCheckedIn(t));
    const rows = t.players
      .filter((p) => missing.has(p.id) || checkedIn.has(p.id))
      .map((p) => ({ id: p.id, name: p.name, checkedIn: checkedIn.latest(p.id)?.at ?? null }));
    if (desk.json) return printJson(io, { open: t.rounds.length === 0, notCheckedIn: missing.size, players: rows });
    const lang = desk.lang;
    io.stdout.write(
      renderTable(
        [
          { header: 'ID', value: (r: (typeof rows)[number]) => r.id },
          { header: M.say(lang, 'name'), value: (r) => r.name },
          {
            header: M.say(lang, 'checked'),
            value: (r) => (r.checkedIn ? deskTime(t, r.checkedIn).slice(11, 16) : M.say(lang, 'no')),
          },
        ],
        rows,
      ),
    );
    io.stdout.write(M.say(lang, 'checked-not-checked', { value: rows.length - missing.size, size: missing.size }));
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
        M.say(lang, 'this-drops-players-who-have', { missingCount: missing.length, missing: missing.join(', ') }),
      );
    const count = intOption('--count', options.count, 0, 1_000_000, lang);
    const done = await desk.run({ type: 'DropNoShows', data: { count }, meta: desk.meta('DropNoShows') });
    const dropped = done.events.map((e) => (e.data as { player: string }).player);
    if (desk.json) return printJson(io, { dropped });
    io.stdout.write(
      M.say(lang, 'dropped-players-who-had-not', { droppedCount: dropped.length, dropped: dropped.join(', ') }),
    );
  });
}

async function playerReports(options: ReportingOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    if (options.on === options.off) throw new CliError(M.say(lang, 'give-exactly-one-off'));
    const confirmMinutes = optionalInt(
      '--confirm-minutes',
      options.confirmMinutes,
      CONFIRM_MINUTES.min,
      CONFIRM_MINUTES.max,
      lang,
    );
    const data = { enabled: options.on === true, ...(confirmMinutes === undefined ? {} : { confirmMinutes }) };
    await desk.run({ type: 'SetPlayerReporting', data, meta: desk.meta('SetPlayerReporting') });
    const { reporting } = selfService(await desk.tournament());
    if (desk.json) return printJson(io, reporting);
    io.stdout.write(
      reporting.enabled
        ? M.say(lang, 'players-report-their-own-results', { confirmMinutes: reporting.confirmMinutes })
        : M.say(lang, 'players-do-not-report-results'),
    );
  });
}

async function pairingReasons(options: SwitchOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    if (options.on === options.off) throw new CliError(M.say(lang, 'give-exactly-one-off'));
    const shown = options.on === true;
    await desk.run({ type: 'SetPlayerPairingReasons', data: { shown }, meta: desk.meta('SetPlayerPairingReasons') });
    if (desk.json) return printJson(io, { shown: selfService(await desk.tournament()).pairingReasons });
    io.stdout.write(M.say(lang, shown ? 'players-see-pairing-reasons' : 'players-do-not-see-pairing-reasons'));
  });
}

async function venueCode(options: SwitchOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    if (options.on === options.off) throw new CliError(M.say(lang, 'give-exactly-one-off'));
    const required = options.on === true;
    await desk.run({ type: 'SetCheckInVenueCode', data: { required }, meta: desk.meta('SetCheckInVenueCode') });
    if (desk.json) return printJson(io, { required: selfService(await desk.tournament()).venueCode });
    io.stdout.write(M.say(lang, required ? 'venue-code-required' : 'venue-code-not-required'));
  });
}

/** `player check-in`, `player check-ins`, `player drop-no-shows`. */
export function registerCheckInCommands(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('check-in')
      .description('Check a player in before round 1 / 第1回戦前のチェックイン')
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .option('--filming <yes|no>', "the player's answer to being filmed for the stream / 配信での撮影への同意"),
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
        `minutes a report waits for the opponent before it goes to the judges (${CONFIRM_MINUTES.min}–${CONFIRM_MINUTES.max}, default ${DEFAULT_CONFIRM_MINUTES}) / 相手の確認を待つ時間（分）`,
      ),
  ).action((options: ReportingOptions) => playerReports(options, io));
}

/** `tournament player-pairing-reasons --on|--off`. */
export function registerPairingReasonsCommand(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('player-pairing-reasons')
      .description(
        'Show each player, on their page, why their Swiss pairing was made (off by default) / 選手ページに組み合わせ理由を表示',
      )
      .option('--on', "each player sees their own table's reason / 各選手に自分の卓の理由を表示")
      .option('--off', 'staff only / スタッフのみ'),
  ).action((options: SwitchOptions) => pairingReasons(options, io));
}

/** `tournament check-in-venue-code --on|--off`. */
export function registerVenueCodeCommand(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('check-in-venue-code')
      .description(
        "A player's own check-in needs the venue code shown on the staff's check-in screen (off by default) / 選手のチェックインに会場コードを必須にする",
      )
      .option('--on', 'only at the venue: the 4-digit code is needed / 会場コードが必要')
      .option('--off', 'from anywhere / どこからでも'),
  ).action((options: SwitchOptions) => venueCode(options, io));
}
