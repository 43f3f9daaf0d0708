import type { Command } from 'commander';
import { entryOf, waitingPlace } from '../../../core/tournament/entry.js';
import type { EntryMode, EntryReceived, LotteryDrawn } from '../../../core/tournament/events.js';
import { ENTRY_CAP, ENTRY_TEXT_MAX } from '../../../core/tournament/limits.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { entryMessages as M } from '../messages/entry.js';
import { intOption, rangeText, textOption, timeOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { filmingOption } from './filming.js';

/*
 * The organizer's side of public entry: open it (cap, closing time, waiting list or lottery),
 * close it (drawing the lottery with a seed that the log keeps), enter a player at the desk as
 * the public page does, and list the entries with the duplicates flagged.
 */

interface OpenOptions extends WriteOptions {
  readonly cap: string;
  readonly until: string;
  readonly waitingList?: boolean;
  readonly lottery?: boolean;
}

interface CloseOptions extends WriteOptions {
  readonly seed?: string;
}

interface AddOptions extends WriteOptions {
  readonly name: string;
  readonly reading: string;
  readonly cardGameId?: string;
  readonly filming?: string;
}

async function openEntry(options: OpenOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    if (options.waitingList && options.lottery) throw new CliError(M.say(lang, 'one-mode'));
    const cap = intOption('--cap', options.cap, ENTRY_CAP.min, ENTRY_CAP.max, lang);
    const closesAt = timeOption('--until', options.until, lang);
    const mode: EntryMode = options.lottery ? 'lottery' : options.waitingList ? 'waiting-list' : 'first-come';
    await desk.run({ type: 'OpenEntry', data: { cap, closesAt, mode }, meta: desk.meta('OpenEntry') });
    if (desk.json) return printJson(io, { cap, closesAt, mode });
    io.stdout.write(M.say(lang, 'opened', { cap, until: closesAt, mode: M.say(lang, `mode-${mode}`) }));
  });
}

async function closeEntry(options: CloseOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    // A lottery draws with the seed committed when entry opened; `--seed` only for one opened without (older logs).
    const data =
      options.seed === undefined ? {} : { seed: intOption('--seed', options.seed, 0, Number.MAX_SAFE_INTEGER, lang) };
    const done = await desk.run({ type: 'CloseEntry', data, meta: desk.meta('CloseEntry') });
    const drawn = done.events.find((e) => e.type === 'LotteryDrawn')?.data as LotteryDrawn['data'] | undefined;
    if (desk.json) return printJson(io, { closed: true, lottery: drawn ?? null });
    io.stdout.write(M.say(lang, 'closed'));
    if (drawn)
      io.stdout.write(
        M.say(lang, 'drawn', { seed: drawn.seed, drawn: drawn.drawn.length, waiting: drawn.waiting.length }),
      );
  });
}

async function addEntry(options: AddOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const data = {
      name: textOption('--name', options.name, lang, { max: ENTRY_TEXT_MAX }),
      reading: textOption('--reading', options.reading, lang, { max: ENTRY_TEXT_MAX }),
      // Dashes, spaces and full-width digits are the domain's to read (normal-form.ts).
      ...(options.cardGameId === undefined ? {} : { cardGameId: options.cardGameId }),
      ...filmingOption(options.filming, lang),
    };
    const done = await desk.run({ type: 'Enter', data, meta: desk.meta('Enter') });
    const received = done.events.find((e) => e.type === 'EntryReceived')?.data as EntryReceived['data'];
    const { id } = received.entrant;
    if (desk.json)
      return printJson(io, {
        player: id,
        status: received.status,
        place: waitingPlace(await desk.tournament(), id),
        duplicateOf: received.duplicateOf,
      });
    io.stdout.write(M.say(lang, 'entered', { name: data.name, id, status: M.say(lang, `status-${received.status}`) }));
  });
}

async function listEntries(options: DbOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const t = await desk.tournament();
    const rows = [...entryOf(t).entrants].map((e) => {
      const place = waitingPlace(t, e.id);
      const player = findPlayer(t, e.id);
      // A registered entry that left (withdrawn, a no-show) says so: it is not in the event any more.
      const status: 'registered' | 'dropped' | 'waiting' | typeof e.status = player
        ? player.drop !== null
          ? 'dropped'
          : 'registered'
        : place !== null
          ? 'waiting'
          : e.status;
      return { ...e, cardGameId: e.cardGameId ?? null, status, place };
    });
    if (desk.json) return printJson(io, { settings: entryOf(t).settings, entries: rows });
    if (rows.length === 0) return void io.stdout.write(M.say(lang, 'no-entries'));
    io.stdout.write(
      renderTable(
        [
          { header: 'ID', value: (r: (typeof rows)[number]) => r.id },
          { header: M.say(lang, 'name'), value: (r) => r.name },
          { header: M.say(lang, 'reading'), value: (r) => r.reading },
          { header: M.say(lang, 'card-game-id'), value: (r) => r.cardGameId ?? '' },
          {
            header: M.say(lang, 'status'),
            value: (r) => `${M.say(lang, `status-${r.status}`)}${r.place === null ? '' : ` #${r.place}`}`,
          },
          { header: M.say(lang, 'duplicates'), value: (r) => r.duplicateOf.join(', ') },
        ],
        rows,
      ),
    );
  });
}

/** Registers `shinpan entry open|close|add|list`. */
export function registerEntryCommands(program: Command, io: Io): void {
  const group = program
    .command('entry')
    .description('Public entry from players’ phones before the day / 事前エントリー（選手のスマートフォンから）');
  withWriteOptions(
    group
      .command('open')
      .description('Open public entry with a cap and a closing time / エントリー受付を開始（定員と締切）')
      .requiredOption('--cap <n>', `players at most (${rangeText(ENTRY_CAP)}) / 定員`)
      .requiredOption('--until <iso-time>', 'closing time, e.g. 2011-06-01T09:00:00+09:00 / 締切時刻')
      .option(
        '--waiting-list',
        'past the cap, entries wait and move up when someone withdraws / キャンセル待ちを受け付ける',
      )
      .option('--lottery', 'every entry applies; the draw at closing decides / 締切時に抽選'),
  ).action((options: OpenOptions) => openEntry(options, io));
  withWriteOptions(
    group
      .command('close')
      .description('Close public entry; a lottery is drawn now / エントリー受付を締切（抽選はこのとき）')
      .option('--seed <n>', 'the lottery seed (default: drawn now; kept in the log) / 抽選のシード'),
  ).action((options: CloseOptions) => closeEntry(options, io));
  withWriteOptions(
    group
      .command('add')
      .description('Enter a player at the desk as the public page does / 受付でエントリーを代行')
      .requiredOption('--name <name>', 'name / 氏名')
      .requiredOption('--reading <kana>', 'reading in kana / フリガナ')
      .option(
        '--card-game-id <digits>',
        'KONAMI Card Game ID, 10 digits (dashes and spaces allowed) / KONAMI ID（10桁、ハイフン・空白可）',
      )
      .option(
        '--filming <yes|no>',
        'the answer to being filmed for the stream (left out: not asked, counts as no) / 配信での撮影への同意',
      ),
  ).action((options: AddOptions) => addEntry(options, io));
  withDbOptions(
    group.command('list').description('Every entry with its status and possible duplicates / エントリー一覧'),
  ).action((options: DbOptions) => listEntries(options, io));
}
