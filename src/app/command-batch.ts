import { err, ok, type Result } from '../core/result.js';
import type { TournamentCommand } from '../core/tournament/commands.js';
import { decide } from '../core/tournament/decide.js';
import { domainError, type DomainError } from '../core/tournament/domain-errors.js';
import type { TournamentEvent } from '../core/tournament/events.js';
import { fold } from '../core/tournament/evolve.js';
import type { TournamentState } from '../core/tournament/state.js';
import { VersionConflictError, type EventStore } from './event-store.js';
import { toNewEvent } from './stored-events.js';
import type { TournamentService } from './tournament-service.js';

/*
 * Several commands as one write: an import of a whole player list, "end the round and pair the
 * next". Each is decided on the state the previous ones leave, and their events are appended
 * in one transaction on the version they were decided on, so either all are written or none.
 */

export interface BatchFailure {
  /** The position of the refused command, or null for a version conflict on the append. */
  readonly index: number | null;
  readonly error: DomainError;
}

export interface BatchDone {
  readonly state: TournamentState;
  readonly version: number;
  readonly events: readonly TournamentEvent[];
}

/** Decides every command in order and appends all their events at once, or writes nothing and names the refused command. */
export async function executeBatch(
  store: EventStore,
  service: TournamentService,
  tournamentId: string,
  commands: readonly TournamentCommand[],
): Promise<Result<BatchDone, BatchFailure>> {
  const loaded = await service.load(tournamentId);
  let state = loaded.state;
  const decided: { event: TournamentEvent; actor: string }[] = [];
  for (const [index, command] of commands.entries()) {
    const result = decide(command, state);
    if (!result.ok) return err({ index, error: result.error });
    state = fold(result.value, state);
    decided.push(...result.value.map((event) => ({ event, actor: command.meta.actor.id })));
  }
  if (decided.length === 0) return ok({ state, version: loaded.version, events: [] });
  try {
    const appended = await store.append(tournamentId, loaded.version, decided.map(({ event, actor }) => toNewEvent(event, actor)));
    return ok({ state, version: appended.version, events: decided.map((d) => d.event) });
  } catch (error) {
    if (error instanceof VersionConflictError) {
      return err({ index: null, error: domainError('version-conflict', { expected: error.expectedVersion, actual: error.actualVersion }) });
    }
    throw error;
  }
}
