import type { MatchOutcome } from '../match-record.js';
import type { BracketSlot, PairedMatch } from '../events.js';
import type { RoundState } from '../state.js';

/*
 * Single-elimination brackets, for a top cut after Swiss and for events that are elimination
 * from the start. A bracket is the power of two at or above the number of entrants; missing
 * seeds are byes for the top seeds. Seeds sit in the usual order (1 v 8, 4 v 5, 2 v 7, 3 v 6)
 * so the top two seeds can meet only in the final.
 */

/** The smallest power of two that holds `entrants` (at least 2). */
export function bracketSize(entrants: number): number {
  let size = 2;
  while (size < entrants) size *= 2;
  return size;
}

/** Seed numbers (1-based) in bracket order for a bracket of `size` players. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

/** Entrants in bracket order from seeds best first; `null` where a seed is missing (its opponent has a bye). */
export function seedEntrants(seeds: readonly string[]): (string | null)[] {
  return bracketOrder(bracketSize(seeds.length)).map((seed) => seeds[seed - 1] ?? null);
}

/** One elimination round from its entrants: neighbours meet, a lone entrant has a bye, tables count up in bracket order. */
export function pairEntrants(entrants: readonly (string | null)[]): {
  matches: PairedMatch[];
  byes: string[];
  bracket: BracketSlot[];
} {
  const matches: PairedMatch[] = [];
  const byes: string[] = [];
  const bracket: BracketSlot[] = [];
  for (let i = 0; i < entrants.length; i += 2) {
    const a = entrants[i] ?? null;
    const b = entrants[i + 1] ?? null;
    if (a !== null && b !== null) {
      const table = matches.length + 1;
      matches.push({ table, players: [a, b] });
      bracket.push({ kind: 'match', table });
    } else if (a !== null || b !== null) {
      const player = (a ?? b) as string;
      byes.push(player);
      bracket.push({ kind: 'bye', player });
    } else {
      bracket.push({ kind: 'empty' });
    }
  }
  return { matches, byes, bracket };
}

/**
 * Who comes out of each position of an elimination round: the winner of the match or the
 * player with the bye, unless they have dropped since; nobody after a double loss.
 */
export function advancingEntrants(
  round: RoundState,
  outcomeAt: (table: number) => MatchOutcome,
  dropped: (player: string) => boolean,
): (string | null)[] {
  return (round.bracket ?? []).map((slot) => {
    let player: string | null = null;
    if (slot.kind === 'bye') player = slot.player;
    if (slot.kind === 'match') {
      const outcome = outcomeAt(slot.table);
      if (outcome.kind === 'win') player = outcome.winner;
    }
    return player !== null && !dropped(player) ? player : null;
  });
}
