import type { Actor, DuelEntry } from './events.js';
import { Ledger } from './ledger.js';
import { DEFAULT_CONFIRM_MINUTES } from './limits.js';
import { departures, findMatch, findRound } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * What players do themselves from their phones: report their match's result (the opponent's
 * equal report makes it the result) and check in before round 1. The state keeps every
 * report, so a judge looking into a false report sees what each player said and when. Each
 * list is a ledger (`ledger.ts`): adding to it costs the same for the first player and the
 * 8,192nd, and a match's reports or a player's check-in are found by key.
 */

export interface CheckIn {
  readonly player: string;
  readonly at: string;
  readonly by: Actor;
}

export interface EntryFee {
  readonly amount: number;
  readonly currency: string;
}

export interface FeePayment {
  readonly player: string;
  readonly paid: boolean;
  readonly at: string;
  readonly by: Actor;
}

export interface PlayerReport {
  readonly round: number;
  readonly table: number;
  readonly player: string;
  readonly duels: readonly DuelEntry[];
  readonly at: string;
}

export interface SelfServiceState {
  /** Off by default: the organizer turns it on per tournament. */
  readonly reporting: { readonly enabled: boolean; readonly confirmMinutes: number };
  /** Whether each player sees the reason for their own Swiss pairing on their page: off by default. */
  readonly pairingReasons: boolean;
  /** Whether a player's own check-in needs the venue code (the adapter checks the code): off by default. */
  readonly venueCode: boolean;
  /** Who checked in, when and by whom, by player id (`checkedIn.latest(id)`). */
  readonly checkedIn: Ledger<CheckIn>;
  /** The entry fee (`entry-fee.ts`); `null`: none set, or set to 0. */
  readonly fee: EntryFee | null;
  /** Every fee mark and its undoing, by player id (`payments.latest(id)` is what stands). */
  readonly payments: Ledger<FeePayment>;
  /** Every player report, in the order made, by match (`reports.of(matchKey(round, table))`). */
  readonly reports: Ledger<PlayerReport>;
  /** Results recorded by the players' agreement: who reported, who confirmed, when; by match. */
  readonly confirmations: Ledger<PlayerConfirmation>;
}

/** The key a match's reports and confirmation are found by. */
export const matchKey = (round: number, table: number): string => `${round}:${table}`;

export interface PlayerConfirmation {
  readonly round: number;
  readonly table: number;
  readonly reportedBy: string;
  readonly confirmedBy: string;
  readonly at: string;
}

export const NO_SELF_SERVICE: SelfServiceState = {
  reporting: { enabled: false, confirmMinutes: DEFAULT_CONFIRM_MINUTES },
  pairingReasons: false,
  venueCode: false,
  checkedIn: Ledger.empty((c) => c.player),
  fee: null,
  payments: Ledger.empty((p) => p.player),
  reports: Ledger.empty((r) => matchKey(r.round, r.table)),
  confirmations: Ledger.empty((c) => matchKey(c.round, c.table)),
};

export const selfService = (t: Tournament): SelfServiceState => t.selfService ?? NO_SELF_SERVICE;

export const sameDuels = (a: readonly DuelEntry[], b: readonly DuelEntry[]): boolean =>
  a.length === b.length && a.every((d, i) => d === b[i]);

/** Every report on one match, oldest first. */
export const reportsOn = (t: Tournament, round: number, table: number): readonly PlayerReport[] =>
  selfService(t).reports.of(matchKey(round, table));

/** How the players agreed on the match's result, if they did. */
export const confirmationOf = (t: Tournament, round: number, table: number): PlayerConfirmation | undefined =>
  selfService(t).confirmations.of(matchKey(round, table))[0];

/** Each player's latest report on the match (what they stand by now). */
export const latestReports = (t: Tournament, round: number, table: number): ReadonlyMap<string, PlayerReport> =>
  latestOf(reportsOn(t, round, table));

function latestOf(history: readonly PlayerReport[]): ReadonlyMap<string, PlayerReport> {
  const latest = new Map<string, PlayerReport>();
  for (const r of history) latest.set(r.player, r);
  return latest;
}

/** Why a match waits for the judges: the players disagree, or a report went unconfirmed past the organizer's time. */
export type QueueReason = 'disputed' | 'unconfirmed';

export interface QueuedMatch {
  readonly round: number;
  readonly table: number;
  readonly players: readonly [string, string];
  readonly reason: QueueReason;
  /** Each player's latest report (`null`: none), in table order, side by side. */
  readonly reports: readonly [PlayerReport | null, PlayerReport | null];
  /** Every report on the match, oldest first. */
  readonly history: readonly PlayerReport[];
  /** When it went to the judges: the second differing report, or the unconfirmed report's time plus the wait. */
  readonly since: string;
}

/** The match of a running round with no result yet: the only kind players' reports still count on. */
function openMatch(t: Tournament, round: number, table: number) {
  const r = findRound(t, round);
  const match = r && findMatch(r, table);
  return !r || r.ended || !match || match.report !== null ? undefined : match;
}

/** When a lone report goes to the judges unconfirmed: its time plus the organizer's wait. */
const dueAfter = (t: Tournament, report: PlayerReport): string =>
  new Date(Date.parse(report.at) + selfService(t).reporting.confirmMinutes * 60_000).toISOString();

/** When the one player's report in `history` (a match's reports) goes to the judges; null unless exactly one player reported on an open match. */
function loneDue(t: Tournament, round: number, table: number, history: readonly PlayerReport[]): string | null {
  if (!openMatch(t, round, table)) return null;
  const latest = latestOf(history);
  const [only] = latest.values();
  return latest.size === 1 ? dueAfter(t, only!) : null;
}

/**
 * When the one player's report on a match goes to the judges unconfirmed (the time the
 * players' pages count down to). Null unless exactly one player has reported on an open match.
 */
export const judgesAt = (t: Tournament, round: number, table: number): string | null =>
  loneDue(t, round, table, reportsOn(t, round, table));

/** A match where one player reported and the opponent has not, and when it goes to the judges unconfirmed. */
export interface WaitingReport {
  readonly round: number;
  readonly table: number;
  readonly due: string;
}

/**
 * Every match with a lone report (see judgesAt), by round and table: those due by now are the
 * queue's `unconfirmed` matches, the earliest still to come is when the queue next grows
 * without a write (the server watches its clock for that one time).
 */
export const waitingReports = (t: Tournament): WaitingReport[] =>
  reportsByMatch(t).flatMap((history) => {
    const { round, table } = history[0]!;
    const due = loneDue(t, round, table, history);
    return due === null ? [] : [{ round, table, due }];
  });

function queued(
  t: Tournament,
  round: number,
  table: number,
  history: readonly PlayerReport[],
  now: string,
): QueuedMatch | undefined {
  const match = openMatch(t, round, table);
  if (!match || history.length === 0) return undefined;
  const latest = latestOf(history);
  const [a, b] = match.players.map((p) => latest.get(p) ?? null) as [PlayerReport | null, PlayerReport | null];
  const entry = { round, table, players: match.players, reports: [a, b] as const, history };
  if (a && b) return { ...entry, reason: 'disputed', since: Date.parse(a.at) > Date.parse(b.at) ? a.at : b.at };
  const due = dueAfter(t, (a ?? b)!);
  return Date.parse(due) <= Date.parse(now) ? { ...entry, reason: 'unconfirmed', since: due } : undefined;
}

/** The match in the judges' queue as at `now`, if it is there (see judgesQueue). */
export const queuedMatch = (t: Tournament, round: number, table: number, now: string): QueuedMatch | undefined =>
  queued(t, round, table, reportsOn(t, round, table), now);

/** Every report grouped by match, oldest first in each, the matches by round and table. */
function reportsByMatch(t: Tournament): PlayerReport[][] {
  const byMatch = new Map<string, PlayerReport[]>();
  for (const r of selfService(t).reports) {
    const key = matchKey(r.round, r.table);
    const history = byMatch.get(key);
    if (history) history.push(r);
    else byMatch.set(key, [r]);
  }
  return [...byMatch.values()].sort((x, y) => x[0]!.round - y[0]!.round || x[0]!.table - y[0]!.table);
}

/**
 * The matches without a result that players reported and the judges must now settle, as at
 * `now`, by round and table. Staff settle one by entering the result as usual; it then leaves
 * the queue.
 */
export const judgesQueue = (t: Tournament, now: string): QueuedMatch[] =>
  reportsByMatch(t).flatMap((history) => queued(t, history[0]!.round, history[0]!.table, history, now) ?? []);

/** Whether the players of the match reported it from their own pages (found by key: a board asks for each of 4,096 tables). */
export function playersReported(t: Tournament, round: number, table: number): boolean {
  const { reports, confirmations } = selfService(t);
  const key = matchKey(round, table);
  return reports.has(key) || confirmations.has(key);
}

/** Before round 1: the players still in who have not checked in, in registration order. */
export function notCheckedIn(t: Tournament): string[] {
  const { checkedIn } = selfService(t);
  const { dropped } = departures(t);
  return t.players.filter((p) => !checkedIn.has(p.id) && !dropped.has(p.id)).map((p) => p.id);
}
