import { DEFAULT_CONFIRM_MINUTES } from './limits.js';
import type { Actor, DuelEntry } from './events.js';
import { isDropped } from './state-queries.js';
import type { Tournament } from './state.js';

/*
 * What players do themselves from their phones: report their match's result (the opponent's
 * equal report makes it the result) and check in before round 1. The state keeps every
 * report, so a judge looking into a false report sees what each player said and when.
 */

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
  /** Player id → when and by whom they were checked in. */
  readonly checkedIn: Readonly<Record<string, { readonly at: string; readonly by: Actor }>>;
  /** Every player report, in the order made. */
  readonly reports: readonly PlayerReport[];
  /** Results recorded by the players' agreement: who reported, who confirmed, when. */
  readonly confirmations: readonly PlayerConfirmation[];
}

export interface PlayerConfirmation {
  readonly round: number;
  readonly table: number;
  readonly reportedBy: string;
  readonly confirmedBy: string;
  readonly at: string;
}

export const NO_SELF_SERVICE: SelfServiceState = {
  reporting: { enabled: false, confirmMinutes: DEFAULT_CONFIRM_MINUTES },
  checkedIn: {},
  reports: [],
  confirmations: [],
};

export const selfService = (t: Tournament): SelfServiceState => t.selfService ?? NO_SELF_SERVICE;

export const sameDuels = (a: readonly DuelEntry[], b: readonly DuelEntry[]): boolean =>
  a.length === b.length && a.every((d, i) => d === b[i]);

/** Every report on one match, oldest first. */
export const reportsOn = (t: Tournament, round: number, table: number): readonly PlayerReport[] =>
  selfService(t).reports.filter((r) => r.round === round && r.table === table);

/** How the players agreed on the match's result, if they did. */
export const confirmationOf = (t: Tournament, round: number, table: number): PlayerConfirmation | undefined =>
  selfService(t).confirmations.find((c) => c.round === round && c.table === table);

/** Each player's latest report on the match (what they stand by now). */
export function latestReports(t: Tournament, round: number, table: number): ReadonlyMap<string, PlayerReport> {
  const latest = new Map<string, PlayerReport>();
  for (const r of reportsOn(t, round, table)) latest.set(r.player, r);
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

/**
 * The matches without a result that players reported and the judges must now settle, as at
 * `now`. Staff settle one by entering the result as usual; it then leaves the queue.
 */
export function judgesQueue(t: Tournament, now: string): QueuedMatch[] {
  const { confirmMinutes } = selfService(t).reporting;
  const queued: QueuedMatch[] = [];
  for (const round of t.rounds) {
    if (round.ended) continue;
    for (const match of round.matches) {
      if (match.report !== null) continue;
      const latest = latestReports(t, round.number, match.table);
      if (latest.size === 0) continue;
      const [a, b] = match.players.map((p) => latest.get(p) ?? null) as [PlayerReport | null, PlayerReport | null];
      const entry = { round: round.number, table: match.table, players: match.players, reports: [a, b] as const };
      const history = reportsOn(t, round.number, match.table);
      if (a && b) {
        queued.push({
          ...entry,
          reason: 'disputed',
          history,
          since: Date.parse(a.at) > Date.parse(b.at) ? a.at : b.at,
        });
        continue;
      }
      const only = (a ?? b)!;
      const due = new Date(Date.parse(only.at) + confirmMinutes * 60_000).toISOString();
      if (Date.parse(due) <= Date.parse(now)) queued.push({ ...entry, reason: 'unconfirmed', history, since: due });
    }
  }
  return queued;
}

/** The tables of `round` whose players reported from their own pages. */
export function matchesPlayersReported(t: Tournament, round: number): ReadonlySet<number> {
  const { reports, confirmations } = selfService(t);
  return new Set([...reports, ...confirmations].filter((r) => r.round === round).map((r) => r.table));
}

/** Before round 1: the players still in who have not checked in, in registration order. */
export function notCheckedIn(t: Tournament): string[] {
  const { checkedIn } = selfService(t);
  return t.players.filter((p) => checkedIn[p.id] === undefined && !isDropped(t, p.id)).map((p) => p.id);
}
