import type { Text } from '../../core/text.js';
import type { TournamentEvent } from '../../core/tournament/events.js';
import { fold } from '../../core/tournament/evolve.js';
import { pairingFacts, type ByeFacts, type TableFacts } from '../../core/tournament/pairing/pairing-facts.js';
import { byeReason, tableReason } from '../../core/tournament/pairing/pairing-reason-text.js';
import { swissPairingPlayers } from '../../core/tournament/swiss-pairing-input.js';

/*
 * "Why this pairing", recomputed on read rather than stored: a Swiss round's pairing depends
 * only on the state before it and its seed, and the log up to its RoundPaired never changes,
 * so folding that prefix gives back the exact field the matching saw. The facts are read off
 * the pairs the log recorded (the matching that was made), not off a new run, so a reason can
 * never describe a pairing other than the one played, even under a later version's algorithm.
 */

export interface TableReason {
  /** `null` for the bye. */
  readonly table: number | null;
  readonly players: readonly string[];
  readonly facts: TableFacts | ByeFacts;
  readonly reason: Text;
}

export interface RoundReasons {
  readonly round: number;
  /** Tables in order, then the bye. */
  readonly tables: readonly TableReason[];
}

export type NoReasons = 'not-paired' | 'not-swiss';

/**
 * The reasons of `round` from the tournament's log (in order). Linear in the events before the
 * round's pairing; `not-paired` when the log has no such round, `not-swiss` for an elimination
 * round (its bracket, not a matching, decides who meets whom).
 */
export function pairingReasons(
  events: readonly TournamentEvent[],
  round: number,
): { ok: true; value: RoundReasons } | { ok: false; error: NoReasons } {
  const at = events.findIndex((e) => e.type === 'RoundPaired' && e.data.round === round);
  if (at < 0) return { ok: false, error: 'not-paired' };
  const paired = events[at] as Extract<TournamentEvent, { type: 'RoundPaired' }>;
  if (paired.data.stage !== 'swiss') return { ok: false, error: 'not-swiss' };
  const before = fold(events.slice(0, at));
  if (before.status === 'none') return { ok: false, error: 'not-paired' };
  const players = swissPairingPlayers(before, round);
  const names = new Map(before.players.map((p) => [p.id, p.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const matches = [...paired.data.matches].sort((x, y) => x.table - y.table);
  const facts = pairingFacts(
    { players, seed: paired.data.seed ?? 0 },
    { pairs: matches.map((m) => m.players), bye: paired.data.byes[0] ?? null },
  );
  const tables: TableReason[] = facts.tables.map((f, i) => ({
    table: matches[i]!.table,
    players: matches[i]!.players,
    facts: f,
    reason: tableReason(f, nameOf),
  }));
  if (facts.bye) {
    tables.push({ table: null, players: [facts.bye.player], facts: facts.bye, reason: byeReason(facts.bye, nameOf) });
  }
  return { ok: true, value: { round, tables } };
}
