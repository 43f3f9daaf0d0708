import { PLAYER_ROLE, type Actor } from './events.js';
import { Ledger } from './ledger.js';
import { DEFAULT_CALL_MINIMUM_MINUTES, EXTENSION_MINUTES } from './limits.js';
import type { Tournament } from './state.js';

/*
 * Judge calls: a player (or staff) calls a judge to a table, a judge claims the call, may pass
 * it to the head judge, and resolves it with a ruling, penalties and the table's extension.
 * Every call and every step of it is one ledger item (`ledger.ts`), so a replay costs the same
 * per call for the first and the thousandth; a call's few steps, a table's calls and a
 * player's calls in a round are found by key.
 */

export type CallStateName = 'open' | 'claimed' | 'escalated' | 'resolved';

/** How a call was opened (CallOpened). */
export interface OpenedCall {
  readonly callId: number;
  readonly round: number;
  readonly table: number;
  readonly player: string | null;
  readonly note: string | null;
  readonly by: Actor;
  readonly at: string;
}

/** One step of a call, its opening first. */
export type CallStep =
  | ({ readonly kind: 'opened' } & OpenedCall)
  | { readonly kind: 'claimed'; readonly callId: number; readonly by: Actor; readonly at: string }
  | {
      readonly kind: 'escalated';
      readonly callId: number;
      readonly by: Actor;
      readonly note: string | null;
      readonly at: string;
    }
  | {
      readonly kind: 'resolved';
      readonly callId: number;
      readonly by: Actor;
      readonly ruling: string | null;
      readonly penaltyIds: readonly number[];
      readonly extensionMinutes: number | null;
      readonly at: string;
    };

export interface JudgeCallsState {
  readonly rules: { readonly minimumMinutes: number };
  /** Every call in the order opened; `opened.of(tableKey(round, table))` a table's calls. */
  readonly opened: Ledger<OpenedCall>;
  /** Calls players opened themselves (not staff for them), by `playerKey(round, player)`. */
  readonly byPlayer: Ledger<OpenedCall>;
  /** Every step of every call, its opening first, by call id. */
  readonly steps: Ledger<CallStep>;
}

/** A call as it stands: how it was opened and what happened to it since. */
export interface JudgeCall extends OpenedCall {
  readonly state: CallStateName;
  /** Who holds it (the last to claim it); null while open. */
  readonly claimedBy: Actor | null;
  readonly claimedAt: string | null;
  readonly escalation: { readonly by: Actor; readonly note: string | null; readonly at: string } | null;
  readonly resolution: {
    readonly by: Actor;
    readonly ruling: string | null;
    readonly penaltyIds: readonly number[];
    readonly extensionMinutes: number | null;
    readonly at: string;
  } | null;
}

const tableKey = (round: number, table: number): string => `${round}:${table}`;
const playerKey = (round: number, player: string): string => `${round}:${player}`;
const stepKey = (callId: number): string => String(callId);

const NO_CALLS: JudgeCallsState = {
  rules: { minimumMinutes: DEFAULT_CALL_MINIMUM_MINUTES },
  opened: Ledger.empty((c) => tableKey(c.round, c.table)),
  byPlayer: Ledger.empty((c) => playerKey(c.round, c.by.id)),
  steps: Ledger.empty((s) => stepKey(s.callId)),
};

export const judgeCalls = (t: Tournament): JudgeCallsState => t.judgeCalls ?? NO_CALLS;

/** The state with a call opened. */
export function withOpened(s: JudgeCallsState, call: OpenedCall): JudgeCallsState {
  return {
    ...s,
    opened: s.opened.with(call),
    byPlayer: call.by.role === PLAYER_ROLE ? s.byPlayer.with(call) : s.byPlayer,
    steps: s.steps.with({ kind: 'opened', ...call }),
  };
}

/** The state with a later step of a call. */
export const withStep = (s: JudgeCallsState, step: Exclude<CallStep, { kind: 'opened' }>): JudgeCallsState => ({
  ...s,
  steps: s.steps.with(step),
});

/** A call's current standing from its steps (the first is its opening); undefined for none. */
function standing(steps: readonly CallStep[]): JudgeCall | undefined {
  const [first, ...rest] = steps;
  if (first?.kind !== 'opened') return undefined;
  const { kind: _, ...opened } = first;
  let call: JudgeCall = {
    ...opened,
    state: 'open',
    claimedBy: null,
    claimedAt: null,
    escalation: null,
    resolution: null,
  };
  for (const step of rest) {
    if (step.kind === 'claimed') call = { ...call, state: 'claimed', claimedBy: step.by, claimedAt: step.at };
    else if (step.kind === 'escalated')
      call = { ...call, state: 'escalated', escalation: { by: step.by, note: step.note, at: step.at } };
    else if (step.kind === 'resolved') {
      const { kind: _k, callId: _id, ...resolution } = step;
      call = { ...call, state: 'resolved', resolution };
    }
  }
  return call;
}

export const findCall = (t: Tournament, callId: number): JudgeCall | undefined =>
  standing(judgeCalls(t).steps.of(stepKey(callId)));

/** Every call, in the order opened. */
export const allCalls = (t: Tournament): JudgeCall[] => {
  const s = judgeCalls(t);
  return [...s.opened].flatMap((c) => standing(s.steps.of(stepKey(c.callId))) ?? []);
};

/** The calls of one table in one round, oldest first. */
export const callsAt = (t: Tournament, round: number, table: number): JudgeCall[] => {
  const s = judgeCalls(t);
  return s.opened.of(tableKey(round, table)).flatMap((c) => standing(s.steps.of(stepKey(c.callId))) ?? []);
};

/** The table's call not yet resolved, if any: calling again answers it. */
export const unresolvedCallAt = (t: Tournament, round: number, table: number): JudgeCall | undefined =>
  callsAt(t, round, table).find((c) => c.state !== 'resolved');

/** How many calls `player` opened in `round` from their page. */
export const playerCallsIn = (t: Tournament, round: number, player: string): number =>
  judgeCalls(t).byPlayer.of(playerKey(round, player)).length;

/** The next call's number. */
export const nextCallId = (t: Tournament): number => judgeCalls(t).opened.size + 1;

/**
 * The minutes a call earns the table if resolved at `now`: the time from claim to resolve,
 * rounded up to whole minutes, when it reaches the organizer's minimum; else 0. A call resolved
 * without being claimed (the head judge settled it) earns nothing by itself. At most the
 * longest extension a judge may give at once (EXTENSION_MINUTES), so the proposal is always one
 * the judge can confirm.
 */
export function proposedExtension(t: Tournament, call: JudgeCall, now: string): number {
  if (call.claimedAt === null) return 0;
  const minutes = (Date.parse(now) - Date.parse(call.claimedAt)) / 60_000;
  return minutes >= judgeCalls(t).rules.minimumMinutes ? Math.min(Math.ceil(minutes), EXTENSION_MINUTES.max) : 0;
}
