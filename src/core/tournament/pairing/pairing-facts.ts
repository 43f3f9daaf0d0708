import type { SwissPairing, SwissPairingInput } from './swiss-field.js';

/*
 * Why each table of a Swiss round looks the way it does, read off the pairing the matching
 * made and the field it was made for (nothing is stored beside the pairing: the same input and
 * pairing always give the same facts). A score group ("bracket") is every player on the same
 * points; the matching pairs inside brackets first, floats the fewest players down, never
 * repeats a pairing it can avoid, and gives the bye to the lowest-ranked player without one
 * unless that forces a rematch (see `swiss-pairing.ts`). The facts say which of these rules
 * shaped each table; `pairing-reason-text.ts` turns them into one line in ja or en.
 */

export interface SeatFacts {
  readonly id: string;
  readonly points: number;
  /** 1 = best, in the order the pairing ranked the field. */
  readonly rank: number;
  /** Players of this player's bracket (paired this round) they had met before: pairs the matching could not make. */
  readonly metInBracket: readonly string[];
}

/** Why a player left their bracket to play someone with fewer points. */
export type PairDownWhy =
  /** The bracket (with those floated into it) had an odd number of players: one had to go down. */
  | 'odd-bracket'
  /** More left the bracket than parity asks: pairing them inside would have repeated a pairing. */
  | 'rematch-avoided';

export type TableFacts =
  | {
      readonly kind: 'drawn';
      readonly table: number;
      readonly players: readonly [SeatFacts, SeatFacts];
    }
  | {
      readonly kind: 'same-record';
      readonly table: number;
      readonly players: readonly [SeatFacts, SeatFacts];
      /** The two had met before: no pairing of the field avoided every rematch. */
      readonly rematch: boolean;
    }
  | {
      readonly kind: 'pair-down';
      readonly table: number;
      readonly players: readonly [SeatFacts, SeatFacts];
      readonly from: number;
      readonly to: number;
      /** Players on `from` points paired this round (with those floated into the bracket). */
      readonly bracketSize: number;
      readonly why: PairDownWhy;
      readonly rematch: boolean;
    };

export type ByeWhy =
  /** Round 1: everyone on 0 points, the seed drew the order. */
  | 'drawn'
  /** The lowest-ranked player who had not had a bye. */
  | 'lowest-without-bye'
  /** Lower-ranked players without a bye were passed over: leaving them out forced a rematch. */
  | 'rematch-avoided'
  /** Everyone still in had had a bye: the lowest-ranked took a second one. */
  | 'everyone-had-one';

export interface ByeFacts {
  readonly player: string;
  readonly points: number;
  readonly rank: number;
  readonly why: ByeWhy;
  /** For `rematch-avoided`: the lower-ranked players without a bye who were passed over. */
  readonly passedOver: readonly string[];
}

export interface PairingFacts {
  /** In table order (table = index + 1), as the round was paired. */
  readonly tables: readonly TableFacts[];
  readonly bye: ByeFacts | null;
}

/**
 * The facts of `pairing` (as made for `input`). Linear in players plus their histories. Throws
 * a RangeError when the pairing names a player the input lacks (it was made for another field).
 */
export function pairingFacts(input: SwissPairingInput, pairing: SwissPairing): PairingFacts {
  const players = input.players;
  const rankFree = players.every((p) => p.points === 0 && p.opponents.length === 0 && !p.hadBye);
  // The pairing ranks by points, ties kept in the input's (standings) order.
  const ranked = players.map((p, i) => ({ p, i })).sort((x, y) => y.p.points - x.p.points || x.i - y.i);
  const rankOf = new Map(ranked.map(({ p }, r) => [p.id, r + 1]));
  const byId = new Map(players.map((p) => [p.id, p]));
  const get = (id: string) => {
    const p = byId.get(id);
    if (p === undefined) throw new RangeError(`pairing: player "${id}" is not in the field it was made for`);
    return p;
  };

  const paired = new Set(pairing.pairs.flat());
  const bracketOf = new Map<number, string[]>();
  for (const { p } of ranked) {
    if (!paired.has(p.id)) continue;
    const list = bracketOf.get(p.points);
    if (list) list.push(p.id);
    else bracketOf.set(p.points, [p.id]);
  }

  // Per bracket: players floated in from above, players floated out below.
  const floatsIn = new Map<number, number>();
  const floatsOut = new Map<number, number>();
  for (const [a, b] of pairing.pairs) {
    const [pa, pb] = [get(a).points, get(b).points];
    if (pa === pb) continue;
    const [hi, lo] = pa > pb ? [pa, pb] : [pb, pa];
    floatsOut.set(hi, (floatsOut.get(hi) ?? 0) + 1);
    floatsIn.set(lo, (floatsIn.get(lo) ?? 0) + 1);
  }

  // Through the player's own opponents (a few per round played), not the bracket: a round-2
  // bracket of 4,096 would make every seat cost the whole bracket.
  const seat = (id: string): SeatFacts => {
    const p = get(id);
    const met = [...new Set(p.opponents)].filter((o) => paired.has(o) && byId.get(o)?.points === p.points);
    return {
      id,
      points: p.points,
      rank: rankOf.get(id)!,
      metInBracket: met.sort((a, b) => rankOf.get(a)! - rankOf.get(b)!),
    };
  };

  const tables = pairing.pairs.map(([a, b], i): TableFacts => {
    const table = i + 1;
    const seats = [seat(a), seat(b)] as const;
    if (rankFree) return { kind: 'drawn', table, players: seats };
    const rematch = get(a).opponents.includes(b) || get(b).opponents.includes(a);
    if (seats[0].points === seats[1].points) return { kind: 'same-record', table, players: seats, rematch };
    const from = Math.max(seats[0].points, seats[1].points);
    const to = Math.min(seats[0].points, seats[1].points);
    const bracketSize = (bracketOf.get(from)?.length ?? 0) + (floatsIn.get(from) ?? 0);
    const parity = bracketSize % 2;
    const why: PairDownWhy = (floatsOut.get(from) ?? 0) <= parity ? 'odd-bracket' : 'rematch-avoided';
    return { kind: 'pair-down', table, players: seats, from, to, bracketSize, why, rematch };
  });

  return { tables, bye: pairing.bye === null ? null : byeFacts(pairing.bye, ranked, rankFree) };
}

function byeFacts(
  bye: string,
  ranked: readonly { readonly p: SwissPairingInput['players'][number] }[],
  rankFree: boolean,
): ByeFacts {
  const at = ranked.findIndex(({ p }) => p.id === bye);
  if (at < 0) throw new RangeError(`pairing: the bye "${bye}" is not in the field it was made for`);
  const player = ranked[at]!.p;
  const base = { player: bye, points: player.points, rank: at + 1 };
  if (rankFree) return { ...base, why: 'drawn', passedOver: [] };
  if (player.hadBye) return { ...base, why: 'everyone-had-one', passedOver: [] };
  const passedOver = ranked.slice(at + 1).flatMap(({ p }) => (p.hadBye ? [] : [p.id]));
  return { ...base, why: passedOver.length === 0 ? 'lowest-without-bye' : 'rematch-avoided', passedOver };
}
