import type { SwissPairing } from '../../../src/core/tournament/pairing/swiss-pairing.js';
import type { PlayedMatch, RoundInput } from '../../swiss/swiss-event-sim.js';

/** One npm Swiss pairer, adapted to the simulation's rounds. */
export interface PeerAdapter {
  /** The npm package name. */
  readonly name: string;
  /**
   * Builds the peer's own state for the round (not timed) and returns the call that pairs it
   * (timed), its answer turned into shinpan's shape: pairs, and the one unpaired player as the bye.
   */
  prepare(input: RoundInput): Promise<() => SwissPairing>;
}

/**
 * Imports a peer from bench/peers/node_modules. The specifier is a plain string so that the
 * type check of the repository does not need the peers installed.
 */
export async function importPeer(name: string): Promise<any> {
  const specifier: string = name;
  return import(specifier);
}

/** Match points the simulation scores: win 3, draw 1, loss 0, a bye as a win. */
export function matchPoints(match: PlayedMatch, player: string): number {
  if (match.winner === 'draw') return 1;
  return match.winner === player ? 3 : 0;
}

/**
 * Whether each player was ever paired outside their score group: replays the history round by
 * round, comparing the points both players had before the match.
 */
export function pairedUpDown(history: readonly PlayedMatch[]): Set<string> {
  const points = new Map<string, number>();
  const floated = new Set<string>();
  const rounds = [...new Set(history.map((m) => m.round))].sort((a, b) => a - b);
  for (const round of rounds) {
    const matches = history.filter((m) => m.round === round);
    for (const m of matches) {
      if (m.b !== null && (points.get(m.a) ?? 0) !== (points.get(m.b) ?? 0)) {
        floated.add(m.a);
        floated.add(m.b);
      }
    }
    for (const m of matches) {
      points.set(m.a, (points.get(m.a) ?? 0) + matchPoints(m, m.a));
      if (m.b !== null) points.set(m.b, (points.get(m.b) ?? 0) + matchPoints(m, m.b));
    }
  }
  return floated;
}

/** Turns a list of two-seat matches (the second seat `null` for an unpaired player) into a pairing. */
export function toPairing(matches: readonly { readonly a: string; readonly b: string | null }[]): SwissPairing {
  const pairs: (readonly [string, string])[] = [];
  const unpaired: string[] = [];
  for (const m of matches) {
    if (m.b === null) unpaired.push(m.a);
    else pairs.push([m.a, m.b]);
  }
  // More than one unpaired player is not a valid pairing: keep them all out so the check sees it.
  return { pairs, bye: unpaired.length === 1 ? unpaired[0]! : null };
}
