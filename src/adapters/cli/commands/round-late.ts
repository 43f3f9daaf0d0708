import type { Command } from 'commander';
import { latePlayers, lateReport, TARDINESS_PHASE, type LatePlayer } from '../../../app/projections/late-players.js';
import type { Lang } from '../../../core/text.js';
import { findRound, latestRound } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk } from '../desk.js';
import { deskTime } from '../desk-time.js';
import { optionalInt, timeOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { roundLateMessages as M } from '../messages/round-late.js';
import { penaltyName } from '../tournament-words.js';

interface LateOptions extends DbOptions {
  readonly round?: string;
  readonly at?: string;
}

/**
 * `shinpan round late`: the round clock's late list at the desk, the same projection the
 * server pushes to the judges' phones: every player not seated, how late, and the guideline
 * tardiness penalty for that delay now (or at --at), with what was already issued.
 */
async function late(options: LateOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const at = options.at === undefined ? new Date() : new Date(timeOption('--at', options.at, lang));
    const t = await desk.tournament();
    const number = optionalInt('--round', options.round, 1, 1000, lang) ?? latestRound(t)?.number;
    if (number === undefined) throw new CliError(M.say(lang, 'no-round-paired'));
    const round = findRound(t, number);
    if (!round) throw new CliError(M.say(lang, 'round-not-paired', { round: number }));
    const list = latePlayers(t, round, at);
    if (desk.json)
      return printJson(io, { round: round.number, seatTime: round.seatTime, at: at.toISOString(), late: list });
    io.stdout.write(lateText(t, round.number, deskTime(t, round.seatTime), list, lang));
  });
}

function lateText(t: Tournament, round: number, seatTime: string, list: readonly LatePlayer[], lang: Lang): string {
  const heading = M.say(lang, 'heading', { round, count: list.length, seatTime });
  if (list.length === 0) return `${heading}\n`;
  const proposal = (l: LatePlayer): string => {
    const name = penaltyName(t, l.penalty, lang);
    const up = l.repeat?.upgradeTo;
    const repeat = l.repeat
      ? up
        ? M.say(lang, 'repeat-or-upgrade', {
            count: l.repeat.count,
            ordinal: ordinal(l.repeat.count),
            upgrade: penaltyName(t, up, lang),
          })
        : M.say(lang, 'repeat', { count: l.repeat.count, ordinal: ordinal(l.repeat.count) })
      : '';
    return `${name}${repeat}`;
  };
  const table = renderTable<LatePlayer>(
    [
      { header: M.say(lang, 'table'), value: (l) => String(l.table), align: 'right' },
      { header: M.say(lang, 'player'), value: (l) => `${l.name} (${l.player})` },
      {
        header: M.say(lang, 'late'),
        value: (l) => M.say(lang, 'minutes', { minutes: l.minutesLate }),
        align: 'right',
      },
      { header: M.say(lang, 'proposed'), value: proposal },
      {
        header: M.say(lang, 'issued'),
        value: (l) =>
          l.issued
            ? `#${l.issued.penaltyId} ${penaltyName(t, l.issued.penalty, lang)}${l.confirmable ? M.say(lang, 'can-be-raised') : ''}`
            : '',
      },
    ],
    list,
  );
  // The command that issues (or raises) a proposal, in the pack's own infraction and fact names.
  const example = lateReport(t, list[0]?.minutesLate ?? 0);
  const [fact, minutes] = Object.entries(example.facts ?? {})[0] ?? [];
  const issue = `shinpan penalty issue --player <id> --infraction ${example.infraction} --phase ${TARDINESS_PHASE} --fact ${fact}=${minutes}`;
  return `${heading}\n${table}\n${M.say(lang, 'to-issue')}: ${issue}\n`;
}

const ordinal = (n: number): string =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'} time`;

/** Registers `shinpan round late` under the `round` group. */
export function registerRoundLate(group: Command, io: Io): void {
  withDbOptions(
    group
      .command('late')
      .description(
        "The players not seated, how late, and the guideline tardiness penalty now (the round clock's list) / 遅刻者と指針の罰則",
      )
      .option('--round <n>', 'round (default: the latest) / 回戦')
      .option('--at <iso-time>', 'the time to measure the delay at (default: now) / 遅刻を計る時刻'),
  ).action((options: LateOptions) => late(options, io));
}
