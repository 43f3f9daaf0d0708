import type { Command } from 'commander';
import { pairingsView } from '../../../app/projections/pairings-view.js';
import type { Lang } from '../../../core/text.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { intOption, textOption } from '../option-values.js';
import { printJson, type Io } from '../output.js';
import { outcomeText } from '../tournament-words.js';
import { resultMessages as M } from '../messages/result.js';
import { registerResultQueue } from './result-queue.js';
import { REASON } from '../../../core/tournament/limits.js';

interface ResultOptions extends WriteOptions {
  readonly round: string;
  readonly table: string;
  readonly duels: string;
  readonly reason?: string;
}

/** `A,B,draw` → the duel entries; an empty value means no further duel was played. */
function duelList(value: string, lang: Lang): string[] {
  if (value.trim() === '') return [];
  const duels = value.split(',').map((d) => d.trim());
  const blank = duels.indexOf('');
  if (blank >= 0) {
    throw new CliError(M.say(lang, 'duels-entry-empty-expected-winners', { value: blank + 1 }));
  }
  return duels;
}

/** The match after the write, as `result report --json` prints it. */
function matchJson(t: Tournament, round: number, table: number) {
  const view = pairingsView(t, round)?.tables.find((x) => x.table === table);
  if (!view) return null;
  return {
    round,
    table,
    players: view.players.map((p) => p.id),
    outcome: view.outcome,
    duels: view.duels,
    needsResultAgain: view.needsResultAgain,
  };
}

async function report(options: ResultOptions, io: Io, correction: boolean): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const round = intOption('--round', options.round, 1, 1000, lang);
    const table = intOption('--table', options.table, 1, 10_000, lang);
    const duels = duelList(options.duels, lang);
    const done = correction
      ? await desk.run({
          type: 'CorrectResult',
          data: { round, table, duels, reason: textOption('--reason', options.reason ?? '', lang, REASON) },
          meta: desk.meta('CorrectResult'),
        })
      : await desk.run({ type: 'ReportResult', data: { round, table, duels }, meta: desk.meta('ReportResult') });
    if (done.state.status === 'none') return;
    const match = matchJson(done.state, round, table);
    if (desk.json) return printJson(io, match);
    if (!match) return;
    const wins = Object.fromEntries(match.players.map((p) => [p, 0]));
    for (const d of match.duels) if (d.winner !== null) wins[d.winner] = (wins[d.winner] ?? 0) + 1;
    const penalties = match.duels.filter((d) => d.byPenalty.length > 0).map((d) => d.duel);
    const note =
      penalties.length > 0
        ? M.say(lang, 'duel-decided-by-penalty', { penalties: penalties.join('・'), penalties2: penalties.join(', ') })
        : '';
    // The note says which duels a penalty decided, so the outcome need not say "(penalty)" too.
    const outcome =
      match.outcome.kind === 'win' && note !== '' ? { ...match.outcome, byPenalty: false } : match.outcome;
    const text = `${outcomeText(outcome, wins, lang)}${note}`;
    io.stdout.write(M.say(lang, 'round-table', { round, table, text }));
  });
}

/** Registers `shinpan result report|correct|queue|resolve`. */
export function registerResultCommands(program: Command, io: Io): void {
  const group = program.command('result').description('Enter and correct match results / 対戦結果の入力と訂正');
  const common = (c: Command): Command =>
    withWriteOptions(
      c
        .requiredOption('--round <n>', 'round / 回戦')
        .requiredOption('--table <n>', 'table / 卓')
        .requiredOption(
          '--duels <list>',
          'winner of each duel played, by player id, or draw; duels already decided by penalty are left out (e.g. A,B,A) / 各デュエルの勝者（罰則で決着したデュエルを除く）',
        ),
    );
  common(group.command('report').description('Report the result of a match / 対戦結果を入力')).action(
    (options: ResultOptions) => report(options, io, false),
  );
  common(
    group
      .command('correct')
      .description('Correct a reported result; the earlier report stays in the log / 結果を訂正（元の記録は残る）'),
  )
    .requiredOption('--reason <text>', 'why the result changes / 訂正の理由')
    .action((options: ResultOptions) => report(options, io, true));
  registerResultQueue(group, io);
}
