import type { Command } from 'commander';
import type { Lang } from '../../../core/text.js';
import type { Announced } from '../../../core/tournament/events.js';
import { ANNOUNCEMENT_CHARS } from '../../../core/tournament/limits.js';
import { findRound, latestRound } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type Desk, type WriteOptions } from '../desk.js';
import { deskTime } from '../desk-time.js';
import { roundHeldMessages as M } from '../messages/round-held.js';
import { optionalInt, textOption, timeOption } from '../option-values.js';
import { printJson, type Io } from '../output.js';

/*
 * A round paired held (`round pair --hold`) is published by `round publish`, fixed before that
 * by `round swap`; a round paired to start later (`round pair --start-later`) starts with
 * `round start`; `announce` posts a notice to the players' pages and the wall display.
 */

interface PublishOptions extends WriteOptions {
  readonly round?: string;
  readonly seatTime?: string;
}

type StartOptions = PublishOptions;

interface SwapOptions extends WriteOptions {
  readonly round?: string;
  readonly players: string;
}

interface AnnounceOptions extends WriteOptions {
  readonly text?: string;
  readonly textJa?: string;
  readonly textEn?: string;
  readonly table?: string;
}

/** The round --round names (the latest by default), the tournament, and the --seat-time given, if any. */
async function roundAndSeatTime(options: PublishOptions, desk: Desk) {
  const seatTime = options.seatTime === undefined ? undefined : timeOption('--seat-time', options.seatTime, desk.lang);
  const t = await desk.tournament();
  const round = optionalInt('--round', options.round, 1, 1000, desk.lang) ?? latestRound(t)?.number;
  if (round === undefined) throw new CliError(M.say(desk.lang, 'no-round'));
  return { t, round, seatTime };
}

async function publish(options: PublishOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const { t, round, seatTime } = await roundAndSeatTime(options, desk);
    // A seat time named at pairing that passed while the round was held gives way to the publish time: say so.
    const named = findRound(t, round)?.held?.seatTime ?? null;
    const written = await desk.run({
      type: 'PublishRound',
      data: { round, ...(seatTime === undefined ? {} : { seatTime }) },
      meta: desk.meta('PublishRound'),
    });
    const started = written.events.find((e) => e.type === 'RoundStarted')?.data as { seatTime: string } | undefined;
    if (desk.json)
      return printJson(io, {
        round,
        published: true,
        started: started !== undefined,
        seatTime: started?.seatTime ?? null,
      });
    io.stdout.write(M.say(lang, 'published', { round }));
    const moved = started !== undefined && named !== null && Date.parse(named) < Date.parse(started.seatTime);
    io.stdout.write(
      !started
        ? M.say(lang, 'published-later')
        : moved
          ? M.say(lang, 'published-moved', {
              seatTime: deskTime(t, started.seatTime),
              named: named === null ? '' : deskTime(t, named),
            })
          : M.say(lang, 'published-started', { seatTime: deskTime(t, started.seatTime) }),
    );
  });
}

/** `round start`: the round posted with --start-later starts; lateness counts from the seat time it answers. */
async function start(options: StartOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const { t, round, seatTime } = await roundAndSeatTime(options, desk);
    const written = await desk.run({
      type: 'StartRound',
      data: { round, ...(seatTime === undefined ? {} : { seatTime }) },
      meta: desk.meta('StartRound'),
    });
    const started = written.events.find((e) => e.type === 'RoundStarted')?.data as { seatTime: string } | undefined;
    if (desk.json) return printJson(io, { round, started: true, seatTime: started?.seatTime ?? null });
    io.stdout.write(M.say(lang, 'started', { round, seatTime: started ? deskTime(t, started.seatTime) : '' }));
  });
}

async function swap(options: SwapOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const players = options.players.split(',').map((p) => p.trim());
    if (players.length !== 2 || players.some((p) => p === '')) throw new CliError(M.say(lang, 'swap-two'));
    const [a, b] = players as [string, string];
    const t = await desk.tournament();
    const round = optionalInt('--round', options.round, 1, 1000, lang) ?? latestRound(t)?.number;
    if (round === undefined) throw new CliError(M.say(lang, 'no-round'));
    await desk.run({ type: 'FixPairing', data: { round, swap: [a, b] }, meta: desk.meta('FixPairing') });
    if (desk.json) return printJson(io, { round, swapped: [a, b] });
    io.stdout.write(M.say(lang, 'swapped', { round, a, b }));
  });
}

/** One language's text: not blank, at most ANNOUNCEMENT_CHARS characters. */
const announcementText = (name: string, value: string, lang: Lang): string =>
  textOption(name, value, lang, { max: ANNOUNCEMENT_CHARS });

async function announce(options: AnnounceOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const explicit = { ja: options.textJa, en: options.textEn };
    if (options.text !== undefined && explicit[lang] !== undefined)
      throw new CliError(M.say(lang, 'text-twice', { lang }));
    // --text is in the language the desk speaks (--lang); --text-ja and --text-en name theirs.
    const given = { ...explicit, [lang]: options.text ?? explicit[lang] };
    const text = {
      ...(given.ja === undefined
        ? {}
        : { ja: announcementText(options.textJa === undefined ? '--text' : '--text-ja', given.ja, lang) }),
      ...(given.en === undefined
        ? {}
        : { en: announcementText(options.textEn === undefined ? '--text' : '--text-en', given.en, lang) }),
    };
    if (text.ja === undefined && text.en === undefined) throw new CliError(M.say(lang, 'text-required'));
    const table = optionalInt('--table', options.table, 1, 100_000, lang);
    const written = await desk.run({
      type: 'Announce',
      data: { text, ...(table === undefined ? {} : { table }) },
      meta: desk.meta('Announce'),
    });
    const event = written.events.find((e) => e.type === 'Announced');
    if (!event) return;
    const posted = event.data as Announced['data'];
    if (desk.json) return printJson(io, { announcement: { ...posted, at: event.at } });
    const to =
      posted.table === null || posted.round === null
        ? M.say(lang, 'everyone')
        : M.say(lang, 'to-table', { round: posted.round, table: posted.table });
    io.stdout.write(M.say(lang, 'announced', { id: posted.id, to }));
  });
}

/** `shinpan round publish`, `round start`, `round swap` (under `round`) and `shinpan announce`. */
export function registerHeldRoundCommands(program: Command, round: Command, io: Io): void {
  withWriteOptions(
    round
      .command('publish')
      .description(
        'Publish a round paired with --hold: players, the wall display and public pages see it, and it starts (unless paired with a later start) / 保留中の回戦を発表',
      )
      .option('--round <n>', 'round (default: the latest) / 回戦')
      .option(
        '--seat-time <iso-time>',
        'seat time, not before now (default: the one given at pairing if still to come, else now) / 着席時刻（発表より前は不可）',
      ),
  ).action((options: PublishOptions) => publish(options, io));
  withWriteOptions(
    round
      .command('start')
      .description(
        'Start a round paired with --start-later: its clock and tardiness count from now, or --seat-time / 後から開始する回戦を開始',
      )
      .option('--round <n>', 'round (default: the latest) / 回戦')
      .option(
        '--seat-time <iso-time>',
        'seat time (default: now, or the seat time given at pairing if still to come) / 着席時刻',
      ),
  ).action((options: StartOptions) => start(options, io));
  withWriteOptions(
    round
      .command('swap')
      .description(
        'Before a held round is published: two players change places (table, seat or bye) / 保留中の組み合わせで2人を入れ替え',
      )
      .requiredOption('--players <a,b>', 'the two player ids / 入れ替える2人の選手ID')
      .option('--round <n>', 'round (default: the latest) / 回戦'),
  ).action((options: SwapOptions) => swap(options, io));
  withWriteOptions(
    program
      .command('announce')
      .description(
        "Post a short notice to the players' pages and the wall display: to everyone, or one table of the round they see / 選手ページと会場表示へのアナウンス",
      )
      .option(
        '--text <text>',
        `the text in the --lang language, up to ${ANNOUNCEMENT_CHARS} characters / 本文（--lang の言語）`,
      )
      .option('--text-ja <text>', 'the Japanese text / 日本語の本文')
      .option('--text-en <text>', 'the English text / 英語の本文')
      .option('--table <n>', 'only to this table / この卓だけに'),
  ).action((options: AnnounceOptions) => announce(options, io));
}
