import { err, ok } from '../result.js';
import { checkBounded, checkInteger } from './command-checks.js';
import { explain } from './command-problems.js';
import type { ClaimCall, Drafted, EscalateCall, OpenCall, ResolveCall, SetCallRules } from './commands.js';
import { decideExtendTime } from './decide-rounds.js';
import { domainError, type DomainError } from './domain-errors.js';
import type { EventDraft } from './events.js';
import { findCall, nextCallId, playerCallsIn, unresolvedCallAt, type JudgeCall } from './judge-calls.js';
import {
  CALL_MINIMUM_MINUTES,
  CALL_NOTE_CHARS,
  CALL_RULING_CHARS,
  EXTENSION_MINUTES,
  MAX_CALL_PENALTIES,
  MAX_PLAYER_CALLS_PER_ROUND,
} from './limits.js';
import { locateMatch } from './match-lookup.js';
import { PLAYER_ROLE } from './events.js';
import { findPlayer, isDropped } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * Judge calls. One call per table at a time: calling again while the table's call is not yet
 * resolved answers that call and writes nothing (a player pressing twice, both players
 * pressing). A player's calls in a round are bounded (MAX_PLAYER_CALLS_PER_ROUND), so one
 * player cannot flood the judges' phones or the log. A call is held by the judge who claimed
 * it: a second judge's claim is refused, and only that judge (or the head judge) passes it on
 * or resolves it. Resolving with minutes writes the table's extension as every other
 * extension is written (TimeExtended), so the round clock, results and the late list follow.
 */

/** Optional words: null when absent or blank, else the trimmed text, or the error naming `field`. */
function words(field: string, value: unknown, max: number): { text: string | null } | { error: DomainError } {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return { text: null };
  const bad = checkBounded(field, value, { max });
  return bad ? { error: bad } : { text: (value as string).trim() };
}

export function decideSetCallRules(command: SetCallRules, _t: Tournament): Drafted {
  const { minimumMinutes } = command.data;
  const bad = checkInteger('minimumMinutes', minimumMinutes, CALL_MINIMUM_MINUTES);
  if (bad) return err(bad);
  return ok([{ type: 'CallRulesSet', data: { minimumMinutes } }]);
}

export function decideOpenCall(command: OpenCall, t: Tournament): Drafted {
  const { round, table, player } = command.data;
  const actor = command.meta.actor;
  if (t.status === 'finished') return err(domainError('tournament-finished'));
  const badNumber =
    checkInteger('round', round, { min: 1, max: Number.MAX_SAFE_INTEGER }) ??
    checkInteger('table', table, { min: 1, max: Number.MAX_SAFE_INTEGER });
  if (badNumber) return err(badNumber);
  const found = locateMatch(t, round, table);
  if (!found.ok) return found;
  if (found.value.round.ended) return err(domainError('round-already-ended', { round }));
  if (actor.role === PLAYER_ROLE && player === undefined)
    return err(domainError('invalid-command', { field: 'player', problem: explain('text-required') }));
  if (player !== undefined) {
    if (!findPlayer(t, player)) return err(domainError('player-not-found', { player }));
    if (isDropped(t, player)) return err(domainError('player-dropped', { player }));
    if (!found.value.match.players.includes(player))
      return err(domainError('not-your-table', { round, table, player }));
  }
  const note = words('note', command.data.note, CALL_NOTE_CHARS);
  if ('error' in note) return err(note.error);
  if (unresolvedCallAt(t, round, table)) return ok([]);
  if (actor.role === PLAYER_ROLE && playerCallsIn(t, round, actor.id) >= MAX_PLAYER_CALLS_PER_ROUND)
    return err(domainError('too-many-calls', { round, max: MAX_PLAYER_CALLS_PER_ROUND }));
  return ok([
    {
      type: 'CallOpened',
      data: { callId: nextCallId(t), round, table, player: player ?? null, note: note.text, by: actor },
    },
  ]);
}

/** The call a command names, not yet resolved, or why not. */
function unresolved(t: Tournament, callId: number): { call: JudgeCall } | { error: DomainError } {
  const call = Number.isInteger(callId) ? findCall(t, callId) : undefined;
  if (!call) return { error: domainError('call-not-found', { call: callId }) };
  if (call.state === 'resolved') return { error: domainError('call-already-resolved', { call: callId }) };
  return { call };
}

export function decideClaimCall(command: ClaimCall, t: Tournament): Drafted {
  const found = unresolved(t, command.data.callId);
  if ('error' in found) return err(found.error);
  const { call } = found;
  const actor = command.meta.actor;
  if (call.claimedBy !== null) {
    // The same judge pressing again holds it already; anyone else is told who does.
    if (call.claimedBy.id === actor.id && call.state === 'claimed') return ok([]);
    return err(domainError('call-already-claimed', { call: call.callId, by: call.claimedBy.id }));
  }
  return ok([{ type: 'CallClaimed', data: { callId: call.callId, by: actor } }]);
}

export function decideEscalateCall(command: EscalateCall, t: Tournament): Drafted {
  const found = unresolved(t, command.data.callId);
  if ('error' in found) return err(found.error);
  const { call } = found;
  if (call.state === 'escalated') return err(domainError('call-already-escalated', { call: call.callId }));
  if (call.claimedBy?.id !== command.meta.actor.id)
    return err(domainError('call-not-yours', { call: call.callId, holder: call.claimedBy?.id ?? null }));
  const note = words('note', command.data.note, CALL_NOTE_CHARS);
  if ('error' in note) return err(note.error);
  return ok([{ type: 'CallEscalated', data: { callId: call.callId, by: command.meta.actor, note: note.text } }]);
}

export function decideResolveCall(command: ResolveCall, t: Tournament): Drafted {
  const found = unresolved(t, command.data.callId);
  if ('error' in found) return err(found.error);
  const { call } = found;
  const actor = command.meta.actor;
  if (actor.role !== 'head-judge' && call.claimedBy?.id !== actor.id)
    return err(domainError('call-not-yours', { call: call.callId, holder: call.claimedBy?.id ?? null }));
  const ruling = words('ruling', command.data.ruling, CALL_RULING_CHARS);
  if ('error' in ruling) return err(ruling.error);
  const penaltyIds = command.data.penaltyIds ?? [];
  const badPenalty = checkPenalties(t, call, penaltyIds);
  if (badPenalty) return err(badPenalty);
  const minutes = command.data.extensionMinutes;
  const drafts: EventDraft[] = [];
  if (minutes !== undefined) {
    const bad = checkInteger('extensionMinutes', minutes, EXTENSION_MINUTES);
    if (bad) return err(bad);
    const extended = decideExtendTime(
      {
        type: 'ExtendTime',
        data: { round: call.round, table: call.table, minutes, ...(ruling.text ? { reason: ruling.text } : {}) },
        meta: command.meta,
      },
      t,
    );
    if (!extended.ok) return extended;
    drafts.push(...extended.value);
  }
  drafts.push({
    type: 'CallResolved',
    data: {
      callId: call.callId,
      by: actor,
      ruling: ruling.text,
      penaltyIds: [...penaltyIds],
      extensionMinutes: minutes ?? null,
    },
  });
  return ok(drafts);
}

/** Each linked penalty exists once in the list and is for a player of the call's table. */
function checkPenalties(t: Tournament, call: JudgeCall, ids: readonly number[]): DomainError | null {
  if (!Array.isArray(ids))
    return domainError('invalid-command', { field: 'penaltyIds', problem: explain('penalty-id-list') });
  if (ids.length > MAX_CALL_PENALTIES)
    return domainError('invalid-command', {
      field: 'penaltyIds',
      problem: explain('too-many-items', { max: MAX_CALL_PENALTIES }),
    });
  const seen = new Set<number>();
  const match = locateMatch(t, call.round, call.table);
  for (const id of ids) {
    const bad = checkInteger('penaltyIds', id, { min: 1, max: Number.MAX_SAFE_INTEGER });
    if (bad) return bad;
    if (seen.has(id))
      return domainError('invalid-command', { field: 'penaltyIds', problem: explain('ids-twice', { id }) });
    seen.add(id);
    const penalty = t.penalties[id - 1]?.id === id ? t.penalties[id - 1] : t.penalties.find((p) => p.id === id);
    if (!penalty) return domainError('penalty-not-found', { penalty: String(id) });
    if (!match.ok || !match.value.match.players.includes(penalty.player))
      return domainError('penalty-not-of-call', { penalty: id, round: call.round, table: call.table });
  }
  return null;
}
