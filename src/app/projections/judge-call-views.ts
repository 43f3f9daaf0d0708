import { allCalls, judgeCalls, proposedExtension, type JudgeCall } from '../../core/tournament/judge-calls.js';
import { findPlayer, findRound, latestRound } from '../../core/tournament/state-queries.js';
import type { Tournament } from '../../core/tournament/state.js';

/*
 * Judge calls as the judges' phones, the head judge's floor view and `shinpan call list` read
 * them: one shape for the HTTP API and the CLI.
 */

export interface CallView {
  readonly id: number;
  readonly round: number;
  readonly table: number;
  readonly state: JudgeCall['state'];
  /** The two players of the table. */
  readonly players: readonly { readonly id: string; readonly name: string }[];
  /** The player who called from their page, or for whom staff called; null for a call for the table. */
  readonly player: string | null;
  readonly note: string | null;
  readonly openedAt: string;
  readonly claimedAt: string | null;
  readonly resolvedAt: string | null;
  /** Who opened the call (a player's id, or a staff account). */
  readonly by: string;
  readonly claimedBy: string | null;
  readonly escalation: { readonly by: string; readonly note: string | null; readonly at: string } | null;
  readonly resolvedBy: string | null;
  readonly ruling: string | null;
  readonly extensionMinutes: number | null;
  readonly penaltyIds: readonly number[];
  /** While claimed or escalated: the minutes resolving now would propose (claim to now, rounded up); else null. */
  readonly proposedExtensionMinutes: number | null;
}

export function callView(t: Tournament, call: JudgeCall, now: string): CallView {
  const match = findRound(t, call.round)?.matches.find((m) => m.table === call.table);
  const r = call.resolution;
  return {
    id: call.callId,
    round: call.round,
    table: call.table,
    state: call.state,
    players: (match?.players ?? []).map((id) => ({ id, name: findPlayer(t, id)?.name ?? id })),
    player: call.player,
    note: call.note,
    openedAt: call.at,
    claimedAt: call.claimedAt,
    resolvedAt: r?.at ?? null,
    by: call.by.id,
    claimedBy: call.claimedBy?.id ?? null,
    escalation: call.escalation && { by: call.escalation.by.id, note: call.escalation.note, at: call.escalation.at },
    resolvedBy: r?.by.id ?? null,
    ruling: r?.ruling ?? null,
    extensionMinutes: r?.extensionMinutes ?? null,
    penaltyIds: r?.penaltyIds ?? [],
    proposedExtensionMinutes: r === null && call.claimedAt !== null ? proposedExtension(t, call, now) : null,
  };
}

/**
 * A call as one of its table's players receives it (pressing the button, their page): a
 * whitelist of what they may know, never the staff view trimmed. Who holds it, the notes, the
 * escalation and the ruling's words stay with staff.
 */
export interface PlayerCallView {
  readonly id: number;
  readonly round: number;
  readonly table: number;
  readonly state: JudgeCall['state'];
  readonly openedAt: string;
}

export function playerCallView(call: JudgeCall): PlayerCallView {
  return { id: call.callId, round: call.round, table: call.table, state: call.state, openedAt: call.at };
}

/** Every call, in the order opened (the queue's oldest first); `open`: only those not resolved. */
export function callViews(t: Tournament, now: string, options: { open?: boolean } = {}): CallView[] {
  return allCalls(t)
    .filter((c) => !options.open || c.state !== 'resolved')
    .map((c) => callView(t, c, now));
}

export interface FloorView {
  readonly round: number | null;
  /** The organizer's rule: the shortest call that earns a proposed extension. */
  readonly minimumMinutes: number;
  /** Calls not resolved, escalated first, then oldest first. */
  readonly open: readonly CallView[];
  /** Per judge who claimed a call this round: calls claimed and resolved, most first. */
  readonly judges: readonly { readonly judge: string; readonly claimed: number; readonly resolved: number }[];
  /** Median seconds this round from the call to its claim, and from the claim to its resolution (null: none yet). */
  readonly medianSecondsToClaim: number | null;
  readonly medianSecondsToResolve: number | null;
  /** Tables of the round with an extension, and their minutes in all. */
  readonly extensions: readonly { readonly table: number; readonly minutes: number }[];
  /** Tables that called twice or more this round: a pattern the head judge wants to see. */
  readonly repeatTables: readonly { readonly table: number; readonly calls: number }[];
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const seconds = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 1000);

/** The head judge's view of the floor in `round` (default: the latest round). */
export function floorView(t: Tournament, now: string, round?: number): FloorView {
  const r = round === undefined ? latestRound(t) : findRound(t, round);
  const minimumMinutes = judgeCalls(t).rules.minimumMinutes;
  if (!r)
    return {
      round: round ?? null,
      minimumMinutes,
      open: [],
      judges: [],
      medianSecondsToClaim: null,
      medianSecondsToResolve: null,
      extensions: [],
      repeatTables: [],
    };
  const calls = allCalls(t).filter((c) => c.round === r.number);
  const open = calls
    .filter((c) => c.state !== 'resolved')
    .sort((a, b) => Number(b.state === 'escalated') - Number(a.state === 'escalated'))
    .map((c) => callView(t, c, now));
  const judges = new Map<string, { judge: string; claimed: number; resolved: number }>();
  const perTable = new Map<number, number>();
  for (const c of calls) {
    perTable.set(c.table, (perTable.get(c.table) ?? 0) + 1);
    if (!c.claimedBy) continue;
    const entry = judges.get(c.claimedBy.id) ?? { judge: c.claimedBy.id, claimed: 0, resolved: 0 };
    entry.claimed += 1;
    if (c.resolution) entry.resolved += 1;
    judges.set(c.claimedBy.id, entry);
  }
  return {
    round: r.number,
    minimumMinutes,
    open,
    judges: [...judges.values()].sort((a, b) => b.claimed - a.claimed || a.judge.localeCompare(b.judge)),
    medianSecondsToClaim: median(calls.flatMap((c) => (c.claimedAt ? [seconds(c.at, c.claimedAt)] : []))),
    medianSecondsToResolve: median(
      calls.flatMap((c) => (c.claimedAt && c.resolution ? [seconds(c.claimedAt, c.resolution.at)] : [])),
    ),
    extensions: r.matches.flatMap((m) => {
      const minutes = m.extensions.reduce((sum, e) => sum + e.minutes, 0);
      return minutes > 0 ? [{ table: m.table, minutes }] : [];
    }),
    repeatTables: [...perTable]
      .filter(([, n]) => n >= 2)
      .map(([table, n]) => ({ table, calls: n }))
      .sort((a, b) => a.table - b.table),
  };
}
