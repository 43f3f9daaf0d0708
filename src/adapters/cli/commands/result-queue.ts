import type { Command } from 'commander';
import type { Lang } from '../../../core/text.js';
import { judgesQueue, latestReports, type QueuedMatch } from '../../../core/tournament/self-service.js';
import { DRAW } from '../../../core/tournament/events.js';
import { findMatch, findPlayer, findRound } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { deskTime } from '../desk-time.js';
import { resultQueueMessages as M } from '../messages/result-queue.js';
import { intOption, textOption, timeOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';

/*
 * The judges' queue of players' own reports at the desk: the matches whose players disagree
 * (disputed) or whose lone report went unconfirmed past the organizer's wait, each player's
 * latest report side by side; and settling one by taking a player's report as the result
 * (the same ReportResult a scorekeeper enters, so it leaves the queue the same way).
 */

interface QueueOptions extends DbOptions {
  readonly at?: string;
}

interface ResolveOptions extends WriteOptions {
  readonly round: string;
  readonly table: string;
  readonly accept: string;
}

const duelsText = (t: Tournament, duels: readonly string[], lang: Lang): string =>
  duels.map((d) => (d === DRAW ? M.say(lang, 'draw') : (findPlayer(t, d)?.name ?? d))).join(' / ');

async function queue(options: QueueOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const at = options.at === undefined ? new Date().toISOString() : timeOption('--at', options.at, lang);
    const t = await desk.tournament();
    const list = judgesQueue(t, at);
    if (desk.json) return printJson(io, { at, queue: list });
    if (list.length === 0) return void io.stdout.write(M.say(lang, 'empty'));
    const says = (q: QueuedMatch): string =>
      q.players
        .map((p, i) => {
          const r = q.reports[i];
          return `${findPlayer(t, p)?.name ?? p} (${p}): ${r ? duelsText(t, r.duels, lang) : M.say(lang, 'none')}`;
        })
        .join(' | ');
    io.stdout.write(
      renderTable<QueuedMatch>(
        [
          { header: M.say(lang, 'round'), value: (q) => String(q.round), align: 'right' },
          { header: M.say(lang, 'table'), value: (q) => String(q.table), align: 'right' },
          { header: M.say(lang, 'why'), value: (q) => M.say(lang, q.reason) },
          { header: M.say(lang, 'since'), value: (q) => deskTime(t, q.since) },
          { header: M.say(lang, 'says'), value: says },
        ],
        list,
      ),
    );
    io.stdout.write(`${M.say(lang, 'to-settle')}\n`);
  });
}

/** `result resolve --accept P`: the player's latest report on the match becomes its result. */
async function resolve(options: ResolveOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const round = intOption('--round', options.round, 1, 1000, lang);
    const table = intOption('--table', options.table, 1, 10_000, lang);
    const player = textOption('--accept', options.accept, lang);
    const t = await desk.tournament();
    const r = findRound(t, round);
    const match = r && findMatch(r, table);
    if (!match) throw new CliError(M.say(lang, 'no-such-table', { round, table }));
    if (!match.players.includes(player))
      throw new CliError(M.say(lang, 'not-at-table', { player, round, table, players: match.players.join(', ') }));
    const report = latestReports(t, round, table).get(player);
    if (!report) throw new CliError(M.say(lang, 'no-report', { player, round, table }));
    await desk.run({
      type: 'ReportResult',
      data: { round, table, duels: report.duels },
      meta: desk.meta('ReportResult'),
    });
    if (desk.json) return printJson(io, { round, table, accepted: player, duels: report.duels });
    io.stdout.write(
      M.say(lang, 'resolved', {
        round,
        table,
        player: `${findPlayer(t, player)?.name ?? player} (${player})`,
        duels: duelsText(t, report.duels, lang),
      }),
    );
  });
}

/** Registers `shinpan result queue|resolve` under the `result` group. */
export function registerResultQueue(group: Command, io: Io): void {
  withDbOptions(
    group
      .command('queue')
      .description(
        "The judges' queue of players' own reports: disputed, or unconfirmed past the organizer's wait / 選手報告の確認待ち（食い違い・未確認）",
      )
      .option('--at <iso-time>', 'the time the queue is read at (default: now) / 確認する時刻'),
  ).action((options: QueueOptions) => queue(options, io));
  withWriteOptions(
    group
      .command('resolve')
      .description("Settle a queued match with one player's report as the result / 選手の報告を結果にして確定")
      .requiredOption('--round <n>', 'round / 回戦')
      .requiredOption('--table <n>', 'table / 卓')
      .requiredOption(
        '--accept <player>',
        'the player whose latest report becomes the result / 結果にする報告の選手ID',
      ),
  ).action((options: ResolveOptions) => resolve(options, io));
}
