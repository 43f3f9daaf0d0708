import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { actingRole } from '../../app/acting-role.js';
import type { Written } from '../../app/tournament-service.js';
import type { Lang } from '../../core/text.js';
import type { CommandMeta, TournamentCommand, TournamentCommandType } from '../../core/tournament/commands.js';
import type { DomainError } from '../../core/tournament/domain-errors.js';
import { ROLES, type Role } from '../../core/tournament/events.js';
import { PLAYER_ID } from '../../core/tournament/limits.js';
import type { Tournament } from '../../core/tournament/state.js';
import { CliError } from './cli-error.js';
import { resolveTournament, withDb, withDbOptions, type Db, type DbOptions } from './db-options.js';
import { pickLang } from './lang.js';
import { choiceOption, textOption, timeOption } from './option-values.js';
import { deskMessages as M } from './messages/desk.js';

/*
 * The scorekeeper's desk: one tournament of one database, and the commands sent to it. The
 * person at the desk is trusted: by default they act as head judge where a command allows it,
 * else in the role the command needs (organizer, scorekeeper). `--as` pins one role, and the
 * domain refuses what that role may not do.
 */

export interface WriteOptions extends DbOptions {
  readonly as?: string;
  readonly judge?: string;
  readonly at?: string;
}

/** Adds the database options plus --as, --judge and --at. */
export function withWriteOptions(command: Command): Command {
  return withDbOptions(command)
    .option(
      '--as <role>',
      `act as ${ROLES.join(', ')} (default: head judge where allowed, else the role needed) / 操作する役割`,
    )
    .option('--judge <name>', 'who is acting, kept with every event (default cli:<os user>) / 操作者の名前')
    .option('--at <iso-time>', 'the time of the command, e.g. 2011-06-01T10:00:00+09:00 (default: now) / 操作の時刻');
}

/** A domain refusal as a CLI error (exit 2): the sentence in the reader's language and the stable code. */
export function domainFailure(error: DomainError, lang: Lang): CliError {
  return new CliError(`${error.message[lang]} [${error.code}]`);
}

/** Checked once per run: the option values that every command's meta is built from. */
function checkWriteOptions(options: WriteOptions, lang: Lang): void {
  if (options.as !== undefined) choiceOption('--as', options.as, ROLES, lang);
  if (options.judge !== undefined) textOption('--judge', options.judge, lang);
  if (options.at !== undefined) timeOption('--at', options.at, lang);
  // Every desk command that names a player (--player) names it as the API's paths do.
  const { player } = options as { readonly player?: unknown };
  if (typeof player === 'string') textOption('--player', player, lang, PLAYER_ID);
}

export function osUser(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The clock's time in the desk's own zone, to the second: 2011-06-01T10:00:00+09:00, as people read it in the log. */
export function localTime(now: Date): string {
  const offset = -now.getTimezoneOffset();
  const local = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
  return `${local}${sign}${pad(Math.abs(offset) / 60)}:${pad(Math.abs(offset) % 60)}`;
}

/** A command's meta: the acting user and role, and the time of --at or the clock. */
export function commandMeta(options: WriteOptions, type: TournamentCommandType, now: Date, seed?: number): CommandMeta {
  // The desk is trusted with every role: it acts in the one the server would pick for an account holding them all.
  const role = (options.as as Role | undefined) ?? actingRole(ROLES, type) ?? 'head-judge';
  return {
    at: options.at ?? localTime(now),
    actor: { id: options.judge?.trim() ?? `cli:${osUser()}`, role },
    ...(seed === undefined ? {} : { seed }),
  };
}

/** One tournament opened for commands. */
export class Desk {
  readonly #now = new Date();

  constructor(
    readonly db: Db,
    readonly tournamentId: string,
    readonly options: WriteOptions,
  ) {}

  get lang(): Lang {
    return this.db.lang;
  }

  get json(): boolean {
    return this.options.json === true;
  }

  /** The tournament as it stands now. */
  async tournament(): Promise<Tournament> {
    const { state } = await this.db.service.load(this.tournamentId);
    if (state.status === 'none')
      throw new CliError(M.say(this.lang, 'there-no-tournament', { tournamentId: this.tournamentId }));
    return state;
  }

  /** The meta for a command of `type` sent now from this desk. */
  meta(type: TournamentCommandType, seed?: number): CommandMeta {
    return commandMeta(this.options, type, this.#now, seed);
  }

  /** Decides and appends one command through the write pipeline; a refusal ends the run with exit 2 and nothing written. */
  async run(command: TournamentCommand): Promise<Written> {
    const result = await this.db.service.execute(this.tournamentId, command);
    if (!result.ok) throw domainFailure(result.error, this.lang);
    return result.value;
  }

  /** Several commands as one write: all of them or none. `label` names the refused one in the error. */
  async runAll(
    commands: readonly TournamentCommand[],
    label: (index: number) => string = () => '',
  ): Promise<Tournament> {
    const result = await this.db.service.write(this.tournamentId, { commands });
    if (!result.ok) {
      const { index, error } = result.error;
      const where = index === null ? '' : label(index);
      throw new CliError(`${where}${error.message[this.lang]} [${error.code}]`);
    }
    if (result.value.state.status === 'none') throw new Error('a batch left no tournament');
    return result.value.state;
  }
}

/** Opens the database and its tournament, runs `work` at the desk, and closes the database. */
export async function atDesk<T>(options: WriteOptions, work: (desk: Desk) => Promise<T>): Promise<T> {
  checkWriteOptions(options, pickLang(options.lang));
  return withDb(options, async (db) => {
    const id = await resolveTournament(db, options.tournament);
    return work(new Desk(db, id, options));
  });
}

/** The same checks for a command that creates the tournament (no tournament to resolve yet). */
export function checkedWriteOptions(options: WriteOptions, lang: Lang): WriteOptions {
  checkWriteOptions(options, lang);
  return options;
}
