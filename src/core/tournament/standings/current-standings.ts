import type { MatchRecord, StandingsPlayer } from '../match-record.js';
import { roundRecords, standingsPlayers } from '../match-results.js';
import type { Tournament } from '../state.js';
import { encodeMatches, type EncodedMatches } from './encoded-matches.js';
import { indexPlayers, rankEncodedMaking, type StandingsRow } from './standings.js';
import { atOnce, type Making } from '../../making.js';

/*
 * The standings projection. Beside each round's records (kept by the match-result projection,
 * the same array while the round's results stand) it keeps that round encoded by player index,
 * so a new result re-encodes one round and the standings count flat arrays
 * (`rankEncoded`) instead of reading every record again, sorting from the last order. Player indices are positions
 * in `t.players`, which only ever grows at the end, so an encoding stays valid while the ids it
 * was made with are still the first ids in that order. Everything is held weakly, like the
 * match-result projection; `computeStandings` over all records is the full recomputation tests
 * compare it with.
 */

interface Roster {
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
}

const rosters = new WeakMap<Tournament['players'], Roster>();
const encodings = new WeakMap<readonly MatchRecord[], { ids: readonly string[]; readonly encoded: EncodedMatches }>();

/** Swiss standings after `round` (by default after every round paired so far), from the projection. */
export function currentStandings(t: Tournament, round: number = t.rounds.length): StandingsRow[] {
  return atOnce(currentStandingsMaking(t, round));
}

/** `currentStandings` made in pieces (core/making.ts): each round encoded, then counted a piece at a time. */
export function* currentStandingsMaking(t: Tournament, round: number = t.rounds.length): Making<StandingsRow[]> {
  const roster = rosterOf(t);
  const records = roundRecords(t);
  yield;
  const batches: EncodedMatches[] = [];
  for (let i = 0; i < records.length; i++) {
    if ((t.rounds[i]?.number ?? Number.POSITIVE_INFINITY) > round) continue;
    batches.push(encodedRound(records[i] as readonly MatchRecord[], roster));
    yield;
  }
  const players = playersOf(t, round);
  yield;
  const { rows, order } = yield* rankEncodedMaking(players, batches, lastOrders.get(players));
  lastOrders.set(players, order);
  return rows;
}

/** The order of the last standings counted for a players list: where the next sort starts (see `rankEncoded`). */
const lastOrders = new WeakMap<readonly StandingsPlayer[], readonly number[]>();

/**
 * `standingsPlayers`, kept while what it reads stays the same objects: the players, the
 * penalties (drops and disqualifications), the cuts and the rounds paired. A result changes none.
 */
const playerLists = new WeakMap<
  Tournament['players'],
  {
    readonly penalties: Tournament['penalties'];
    readonly cuts: Tournament['cuts'];
    readonly paired: number;
    readonly players: StandingsPlayer[];
  }
>();

function playersOf(t: Tournament, round: number): StandingsPlayer[] {
  const paired = Math.min(round, t.rounds.length);
  const known = playerLists.get(t.players);
  if (known && known.penalties === t.penalties && known.cuts === t.cuts && known.paired === paired)
    return known.players;
  const players = standingsPlayers(t, round);
  playerLists.set(t.players, { penalties: t.penalties, cuts: t.cuts, paired, players });
  return players;
}

function rosterOf(t: Tournament): Roster {
  const known = rosters.get(t.players);
  if (known) return known;
  const ids = t.players.map((p) => p.id);
  const roster = { ids, indexOf: indexPlayers(t.players) };
  rosters.set(t.players, roster);
  return roster;
}

function encodedRound(records: readonly MatchRecord[], roster: Roster): EncodedMatches {
  const known = encodings.get(records);
  if (known && (known.ids === roster.ids || startsWith(roster.ids, known.ids))) {
    known.ids = roster.ids;
    return known.encoded;
  }
  const encoded = encodeMatches(records, roster.indexOf);
  encodings.set(records, { ids: roster.ids, encoded });
  return encoded;
}

function startsWith(ids: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length > ids.length) return false;
  for (let i = 0; i < prefix.length; i++) if (ids[i] !== prefix[i]) return false;
  return true;
}
