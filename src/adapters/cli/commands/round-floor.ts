import type { Command } from 'commander';
import type { Lang } from '../../../core/text.js';
import type { TournamentCommand } from '../../../core/tournament/commands.js';
import { EXTENSION_MINUTES } from '../../../core/tournament/limits.js';
import { findMatch, findPlayer, findRound, latestRound } from '../../../core/tournament/state-queries.js';
import type { RoundState, Tournament } from '../../../core/tournament/state.js';
import { CliError } from '../cli-error.js';
import { atDesk, withWriteOptions, type Desk, type WriteOptions } from '../desk.js';
import { roundFloorMessages as M } from '../messages/round-floor.js';
import { intOption, optionalInt, rangeText, textOption } from '../option-values.js';
import { printJson, type Io } from '../output.js';

/*
 * The floor from the desk, for an event run from a terminal: seat marks (so `round late` lists
 * only who is really missing) and a table's time extension outside a judge call. The same
 * commands the judges' phones send, through the same pipeline.
 */

interface SeatOptions extends WriteOptions {
  readonly round?: string;
  readonly table?: string;
  readonly player?: string;
  readonly all?: boolean;
  readonly except?: string;
}

interface ExtendOptions extends WriteOptions {
  readonly round?: string;
  readonly table: string;
  readonly minutes: string;
  readonly reason?: string;
}

/** The round named by --round, else the latest; refused when none is paired. */
function roundOf(t: Tournament, value: string | undefined, lang: Lang): RoundState {
  const number = optionalInt('--round', value, 1, 1000, lang) ?? latestRound(t)?.number;
  const round = number === undefined ? undefined : findRound(t, number);
  if (!round) throw new CliError(M.say(lang, 'no-round'));
  return round;
}

/** The table named by --table in `round`, or an error naming the tables there are. */
function tableOf(round: RoundState, value: string, lang: Lang) {
  const table = intOption('--table', value, 1, 10_000, lang);
  const match = findMatch(round, table);
  if (!match)
    throw new CliError(M.say(lang, 'no-such-table', { round: round.number, table, tables: round.matches.length }));
  return match;
}

const named = (t: Tournament, ids: readonly string[]): string =>
  ids.map((id) => `${findPlayer(t, id)?.name ?? id} (${id})`).join(', ');

/**
 * `round seat --table N [--player P]`: the player, or both players of the table not yet
 * seated, marked seated now (their lateness counts to this mark). `round seat --all [--except
 * A,B]`: the roll call, everyone else of the round seated in one write.
 */
async function seat(options: SeatOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    if ((options.table === undefined) === (options.all !== true)) throw new CliError(M.say(lang, 'table-or-all'));
    if (options.except !== undefined && options.all !== true) throw new CliError(M.say(lang, 'except-needs-all'));
    const t = await desk.tournament();
    const round = roundOf(t, options.round, lang);
    if (options.all === true) return rollCall(desk, t, round, options.except, io);
    const match = tableOf(round, options.table ?? '', lang);
    // A named player goes to the core as named: it says who is not at this table or already seated.
    const players =
      options.player === undefined
        ? match.players.filter((p) => !match.seated.has(p))
        : [textOption('--player', options.player, lang)];
    if (players.length === 0) throw new CliError(M.say(lang, 'table-seated', { table: match.table }));
    const commands: TournamentCommand[] = players.map((player) => ({
      type: 'MarkSeated',
      data: { round: round.number, table: match.table, player },
      meta: desk.meta('MarkSeated'),
    }));
    await desk.runAll(commands);
    if (desk.json) return printJson(io, { round: round.number, table: match.table, seated: players });
    io.stdout.write(M.say(lang, 'seated', { round: round.number, names: named(t, players) }));
  });
}

async function rollCall(desk: Desk, t: Tournament, round: RoundState, except: string | undefined, io: Io) {
  const lang = desk.lang;
  const missing =
    except === undefined
      ? []
      : except
          .split(',')
          .map((p) => p.trim())
          .filter((p) => p !== '');
  const written = await desk.run({
    type: 'MarkAllSeated',
    data: { round: round.number, ...(missing.length > 0 ? { except: missing } : {}) },
    meta: desk.meta('MarkAllSeated'),
  });
  const seated = written.events.length;
  if (desk.json) return printJson(io, { round: round.number, seated, missing });
  io.stdout.write(
    M.say(lang, 'all-seated', {
      round: round.number,
      count: seated,
      missing: missing.length === 0 ? '' : M.say(lang, 'still-missing', { names: named(t, missing) }),
    }),
  );
}

/** `round extend --table N --minutes M [--reason TEXT]`: the table's time extension, outside any judge call. */
async function extend(options: ExtendOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const minutes = intOption('--minutes', options.minutes, EXTENSION_MINUTES.min, EXTENSION_MINUTES.max, lang);
    const reason = options.reason === undefined ? undefined : textOption('--reason', options.reason, lang);
    const t = await desk.tournament();
    const round = roundOf(t, options.round, lang);
    const match = tableOf(round, options.table, lang);
    const written = await desk.run({
      type: 'ExtendTime',
      data: { round: round.number, table: match.table, minutes, ...(reason === undefined ? {} : { reason }) },
      meta: desk.meta('ExtendTime'),
    });
    const after = written.state.status === 'none' ? undefined : findRound(written.state, round.number);
    const total = after ? (findMatch(after, match.table)?.extensions ?? []).reduce((s, e) => s + e.minutes, 0) : 0;
    if (desk.json)
      return printJson(io, { round: round.number, table: match.table, minutes, reason: reason ?? null, total });
    io.stdout.write(M.say(lang, 'extended', { round: round.number, table: match.table, minutes, total }));
  });
}

/** Registers `shinpan round seat|extend` under the `round` group. */
export function registerRoundFloor(group: Command, io: Io): void {
  withWriteOptions(
    group
      .command('seat')
      .description(
        'Mark players seated: one table (or one --player of it) as they arrive, or --all at the roll call / 着席を記録（卓ごと、または点呼で全員）',
      )
      .option('--round <n>', 'round (default: the latest) / 回戦')
      .option('--table <n>', 'the table; both players not yet seated unless --player / 卓')
      .option('--player <id>', 'only this player of the table / この選手だけ')
      .option('--all', 'the roll call: everyone not yet seated, except --except (not counted as late) / 点呼で全員')
      .option(
        '--except <ids>',
        'with --all: the players still missing, comma-separated / 来ていない選手（カンマ区切り）',
      ),
  ).action((options: SeatOptions) => seat(options, io));
  withWriteOptions(
    group
      .command('extend')
      .description(
        "A table's time extension outside a judge call (a deck check, a long ruling) / 卓の時間延長（ジャッジコール以外）",
      )
      .option('--round <n>', 'round (default: the latest) / 回戦')
      .requiredOption('--table <n>', 'the table / 卓')
      .requiredOption('--minutes <n>', `minutes to add (${rangeText(EXTENSION_MINUTES)}) / 延長する分数`)
      .option('--reason <text>', 'why, kept in the log / 理由'),
  ).action((options: ExtendOptions) => extend(options, io));
}
