import { matchRecords } from '../tournament/match-results.js';
import { finalPlaces } from '../tournament/prizes.js';
import { departures } from '../tournament/state-queries.js';
import type { Tournament } from '../tournament/state.js';

/*
 * What a series reads of one tournament: its date and status, who played, each player's
 * matches (Swiss and top cut, as their results stand now, penalties included), their final
 * place and whether they were disqualified. A pure function of the tournament state; the
 * application keeps it per tournament version, so a leaderboard after a new event folds only
 * that event.
 */

export type MatchResult = 'win' | 'draw' | 'loss' | 'bye';

export interface PlayedMatch {
  readonly result: MatchResult;
  /** The round was played in single duels (best of 1). */
  readonly singleDuel: boolean;
}

export interface PlayerFacts {
  /** The player's identity across tournaments: the Card Game ID where given, else the player id. */
  readonly player: string;
  readonly name: string;
  readonly reading?: string;
  readonly matches: readonly PlayedMatch[];
  /** Final place (top cut by how far each went, then Swiss); null for a disqualified player. */
  readonly place: number | null;
  readonly disqualified: boolean;
  /** The disqualification takes the prizes already won too (受賞資格を失う失格). */
  readonly losesPrizes: boolean;
}

export interface EventFacts {
  readonly tournament: string;
  readonly name: string;
  /** YYYY-MM-DD. */
  readonly date: string;
  readonly finished: boolean;
  /** Players who played at least one match or bye: the attendance placement tiers read. */
  readonly attendance: number;
  /** The Swiss (or the first round) was played in single duels: the entry points are the single-duel ones. */
  readonly singleDuel: boolean;
  /** By identity; players who played nothing are absent. */
  readonly players: ReadonlyMap<string, PlayerFacts>;
}

/** The identity a tournament's player carries across tournaments. */
export const identityOf = (p: { readonly id: string; readonly cardGameId?: string }): string =>
  p.cardGameId !== undefined && p.cardGameId.trim() !== '' ? p.cardGameId.trim() : p.id;

export function eventFacts(t: Tournament): EventFacts {
  const bestOfRound = new Map(t.rounds.map((r) => [r.number, r.bestOf]));
  const matches = new Map<string, PlayedMatch[]>();
  const add = (player: string, result: MatchResult, round: number): void => {
    let list = matches.get(player);
    if (!list) {
      list = [];
      matches.set(player, list);
    }
    list.push({ result, singleDuel: bestOfRound.get(round) === 1 });
  };
  for (const m of matchRecords(t)) {
    const { outcome } = m;
    switch (outcome.kind) {
      case 'pending':
        break;
      case 'bye':
        for (const p of m.players) add(p, 'bye', m.round);
        break;
      case 'draw':
        for (const p of m.players) add(p, 'draw', m.round);
        break;
      case 'double-loss':
        for (const p of m.players) add(p, 'loss', m.round);
        break;
      case 'win':
        for (const p of m.players) add(p, p === outcome.winner ? 'win' : 'loss', m.round);
        break;
    }
  }
  const places = new Map(finalPlaces(t).map((f) => [f.player, f.place]));
  const { status } = departures(t);
  const players = new Map<string, PlayerFacts>();
  for (const p of t.players) {
    const played = matches.get(p.id);
    if (!played) continue;
    const disqualified = status(p.id).startsWith('disqualified');
    const losesPrizes = status(p.id) === 'disqualified-forfeit-prizes';
    players.set(identityOf(p), {
      player: identityOf(p),
      name: p.name,
      ...(p.reading === undefined ? {} : { reading: p.reading }),
      matches: played,
      place: disqualified ? null : (places.get(p.id) ?? null),
      disqualified,
      losesPrizes,
    });
  }
  return {
    tournament: t.id,
    name: t.settings.name,
    date: t.settings.date,
    finished: t.status === 'finished',
    attendance: players.size,
    singleDuel: t.rounds[0]?.bestOf === 1,
    players,
  };
}
