import { err, ok, type Result } from '../result.js';
import { invalidField, seriesError, type SeriesError } from './series-errors.js';
import type { SeriesMeta } from './series.js';

/*
 * One player across tournaments. The player id (the Card Game ID where given) is the identity;
 * staff link a second id to the person's id with a reason (a typo at the desk), and unlink it.
 * One stream for the whole database; the official record and every leaderboard read it.
 * A link points at an id that is itself not linked, and nothing points at a linked id, so every
 * id is one step from its person: no chains, no cycles.
 */

export const MAX_PLAYER_ID = 64;

export type LinkCommand =
  | {
      readonly type: 'LinkPlayers';
      readonly data: { player: string; to: string; reason: string };
      readonly meta: SeriesMeta;
    }
  | { readonly type: 'UnlinkPlayers'; readonly data: { player: string; reason: string }; readonly meta: SeriesMeta };

export type LinkEvent =
  | {
      readonly type: 'PlayersLinked';
      readonly data: { player: string; to: string; reason: string };
      readonly at: string;
      readonly actor: string;
    }
  | {
      readonly type: 'PlayersUnlinked';
      readonly data: { player: string; reason: string };
      readonly at: string;
      readonly actor: string;
    };

export interface LinkState {
  /** Linked id → the person's id. */
  readonly to: ReadonlyMap<string, string>;
  /** Every link and unlink in order, with its reason (the log staff read). */
  readonly history: readonly LinkEvent[];
}

export const initialLinks = (): LinkState => ({ to: new Map(), history: [] });

/** The person an id belongs to. */
export const personOf = (links: LinkState, id: string): string => links.to.get(id) ?? id;

const idProblem = (field: string, id: string): SeriesError | null =>
  id.trim() === '' || id.length > MAX_PLAYER_ID
    ? invalidField(field, `1〜${MAX_PLAYER_ID} 文字のID`, `an id of 1 to ${MAX_PLAYER_ID} characters`)
    : null;

export function decideLinks(command: LinkCommand, state: LinkState): Result<LinkEvent[], SeriesError> {
  const { at, actor } = command.meta;
  const reason = command.data.reason.trim();
  const problem =
    idProblem('player', command.data.player) ??
    (command.type === 'LinkPlayers' ? idProblem('to', command.data.to) : null) ??
    (reason === '' || reason.length > 500
      ? invalidField('reason', '理由を500文字以内で', 'a reason, at most 500 characters')
      : null);
  if (problem) return err(problem);
  const player = command.data.player.trim();
  if (command.type === 'UnlinkPlayers') {
    if (!state.to.has(player)) return err(seriesError('not-linked', { player }));
    return ok([{ type: 'PlayersUnlinked', data: { player, reason }, at, actor }]);
  }
  const to = command.data.to.trim();
  if (player === to) return err(seriesError('link-to-self', { player }));
  const already = state.to.get(player);
  if (already !== undefined) return err(seriesError('already-linked', { player, to: already }));
  const target = state.to.get(to);
  if (target === player) return err(seriesError('link-cycle', { player, to }));
  if (target !== undefined) return err(seriesError('already-linked', { player: to, to: target }));
  for (const [linked, person] of state.to)
    if (person === player) return err(seriesError('already-linked', { player: linked, to: player }));
  return ok([{ type: 'PlayersLinked', data: { player, to, reason }, at, actor }]);
}

export function evolveLinks(state: LinkState, event: LinkEvent): LinkState {
  const to = new Map(state.to);
  if (event.type === 'PlayersLinked') to.set(event.data.player, event.data.to);
  else to.delete(event.data.player);
  return { to, history: [...state.history, event] };
}

/**
 * A record kept per id (the official record), gathered per person: the entries of every id
 * linked to the person's, in time order, under the person's id.
 */
export function recordByPerson<T extends { readonly at: string }>(
  record: ReadonlyMap<string, readonly T[]>,
  links: LinkState,
): Map<string, T[]> {
  const merged = new Map<string, T[]>();
  for (const [id, entries] of record) {
    const person = personOf(links, id);
    merged.set(person, [...(merged.get(person) ?? []), ...entries]);
  }
  for (const entries of merged.values()) entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return merged;
}
