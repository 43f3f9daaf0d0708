import type { Command } from 'commander';
import { decklistSettings, receiptOf } from '../../../core/tournament/entry.js';
import { PUBLISH_TOP } from '../../../core/tournament/limits.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { deskTime } from '../desk-time.js';
import { decklistReceiptMessages as M } from '../messages/decklist-receipt.js';
import { intOption, rangeText, timeOption } from '../option-values.js';
import { printJson, type Io } from '../output.js';

/*
 * Players' own decklists at the desk: the deadline for sending them, a player's receipt (what a
 * judge compares at a deck check), and which lists are published after the event.
 */

interface DeadlineOptions extends WriteOptions {
  readonly until: string;
}

interface ReceiptOptions extends DbOptions {
  readonly player: string;
}

interface PublishOptions extends WriteOptions {
  readonly top?: string;
  readonly all?: boolean;
}

async function deadline(options: DeadlineOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const until = timeOption('--until', options.until, desk.lang);
    await desk.run({ type: 'SetDecklistDeadline', data: { until }, meta: desk.meta('SetDecklistDeadline') });
    if (desk.json) return printJson(io, { deadline: until });
    io.stdout.write(M.say(desk.lang, 'deadline-set', { until }));
  });
}

async function receipt(options: ReceiptOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const t = await desk.tournament();
    const player = findPlayer(t, options.player);
    if (!player) throw new CliError(M.say(lang, 'player-not-registered', { id: options.player }));
    const latest = player.decklist === null ? undefined : receiptOf(t, player.id);
    if (!latest) throw new CliError(M.say(lang, 'no-receipt', { id: player.id }));
    const submissions = decklistSettings(t).submissions.of(player.id);
    if (desk.json)
      return printJson(io, {
        player: player.id,
        receipt: { at: latest.at, hash: latest.hash },
        submissions: submissions.map(({ at, hash, byPlayer, findings, corrected }) => ({
          at,
          hash,
          byPlayer,
          findings,
          corrected,
        })),
      });
    const by = latest.corrected ? 'by-correction' : latest.byPlayer ? 'by-player' : 'by-staff';
    io.stdout.write(
      M.say(lang, 'receipt', {
        name: player.name,
        id: player.id,
        hash: latest.hash,
        at: deskTime(t, latest.at),
        by: M.say(lang, by),
      }),
    );
    if (submissions.length > 1) io.stdout.write(M.say(lang, 'earlier', { count: submissions.length - 1 }));
  });
}

async function publish(options: PublishOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    if ((options.top === undefined) === (options.all !== true)) throw new CliError(M.say(lang, 'top-or-all'));
    const scope =
      options.top === undefined
        ? ({ kind: 'all' } as const)
        : ({ kind: 'top', top: intOption('--top', options.top, PUBLISH_TOP.min, PUBLISH_TOP.max, lang) } as const);
    await desk.run({ type: 'SetDecklistPublication', data: { scope }, meta: desk.meta('SetDecklistPublication') });
    if (desk.json) return printJson(io, { publication: scope });
    io.stdout.write(scope.kind === 'all' ? M.say(lang, 'publish-all') : M.say(lang, 'publish-top', { top: scope.top }));
  });
}

/** Adds `decklist deadline|receipt|publish` to the decklist group. */
export function registerDecklistReceiptCommands(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('deadline')
      .description(
        'Until when players send their own decklists (default: until round 1 is paired) / 選手のデッキリスト提出期限',
      )
      .requiredOption('--until <iso-time>', 'e.g. 2011-06-01T09:30:00+09:00 / 期限の時刻'),
  ).action((options: DeadlineOptions) => deadline(options, io));
  withDbOptions(
    group
      .command('receipt')
      .description(
        "A player's decklist receipt: the time and short hash of the list sent / デッキリストの受付（時刻と短いハッシュ）",
      )
      .requiredOption('--player <id>', 'player id / プレイヤーID'),
  ).action((options: ReceiptOptions) => receipt(options, io));
  withWriteOptions(
    group
      .command('publish')
      .description(
        'Which decklists are published once the tournament has finished; chosen before entry opens / 大会後に公開するデッキリスト（エントリー開始前に決定）',
      )
      .option('--top <n>', `the top N of the final ranking (${rangeText(PUBLISH_TOP)}) / 上位N名`)
      .option('--all', "everyone's / 全員"),
  ).action((options: PublishOptions) => publish(options, io));
}
