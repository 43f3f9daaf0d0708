import type { Deck } from '../../core/deck/deck.js';
import { featureTables } from '../../core/tournament/feature-tables.js';
import { playersView } from '../../core/tournament/held-rounds.js';
import { deriveOneMatch } from '../../core/tournament/match-results.js';
import type { StandingsRow } from '../../core/tournament/standings/standings.js';
import { findMatch, findPlayer } from '../../core/tournament/state-queries.js';
import type { RoundState, Tournament } from '../../core/tournament/state.js';
import { publishedDecklistPlayers } from './published-decklists.js';
import { standingsAfter } from './standings-view.js';

/*
 * What the stream's overlays show (issue 43): the feature tables of the round the public sees,
 * the next round's feature before it starts, and the standings ticker. A whitelist made for the
 * public, from the tournament as the public sees it (no held round): names, readings, records,
 * duel scores, the clock and extensions; never ids, codes, consent answers, staff's words or
 * penalties. Which registered list may be shown is the publication rule's (published-decklists.ts).
 */

/** Rows of the standings ticker. */
export const OVERLAY_TICKER_ROWS = 16;

export interface OverlayPlayer {
  readonly name: string;
  readonly reading: string | null;
  /** The record the player came to this round with. */
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Duels won in this match so far (reported duels and duels decided by penalty). */
  readonly duelWins: number;
  /** The registered list, only once the organizer's publication shows it (the adapter names the cards). */
  readonly decklist: Deck | null;
}

export interface OverlayMatch {
  readonly table: number;
  readonly players: readonly [OverlayPlayer, OverlayPlayer];
  readonly finished: boolean;
  readonly extensionMinutes: number;
}

export interface OverlayRound {
  readonly number: number;
  readonly stage: RoundState['stage'];
  readonly bestOf: number;
  readonly started: boolean;
  readonly ended: boolean;
  readonly seatTime: string;
  readonly roundMinutes: number;
  readonly features: readonly OverlayMatch[];
}

export interface OverlayView {
  readonly tournament: { readonly name: string; readonly finished: boolean };
  /** The newest round the public sees, with its feature tables. */
  readonly round: OverlayRound | null;
  /** That round again while it waits to start (paired to start later): its features are the next ones on stream. */
  readonly next: OverlayRound | null;
  readonly standings: {
    readonly afterRound: number;
    readonly rows: readonly {
      readonly rank: number | null;
      readonly name: string;
      readonly reading: string | null;
      readonly points: number;
      readonly wins: number;
      readonly losses: number;
      readonly draws: number;
    }[];
  };
}

function overlayRound(
  t: Tournament,
  r: RoundState,
  before: ReadonlyMap<string, StandingsRow>,
  published: ReadonlySet<string>,
): OverlayRound {
  const features = featureTables(t, r.number).flatMap((table): OverlayMatch[] => {
    const match = findMatch(r, table);
    if (!match) return [];
    const derived = deriveOneMatch(t, r.number, match, r.stage);
    const seat = (id: string): OverlayPlayer => {
      const p = findPlayer(t, id);
      const row = before.get(id);
      return {
        name: p?.name ?? id,
        reading: p?.reading ?? null,
        wins: row?.wins ?? 0,
        losses: row?.losses ?? 0,
        draws: row?.draws ?? 0,
        duelWins: derived.record.duelWins[id] ?? 0,
        decklist: published.has(id) ? (p?.decklist ?? null) : null,
      };
    };
    return [
      {
        table,
        players: [seat(match.players[0]), seat(match.players[1])],
        finished: derived.record.outcome.kind !== 'pending',
        extensionMinutes: match.extensions.reduce((sum, e) => sum + e.minutes, 0),
      },
    ];
  });
  return {
    number: r.number,
    stage: r.stage,
    bestOf: r.bestOf,
    started: r.started,
    ended: r.ended,
    // Before the start, the seat time announced with the pairings (if any); from the start, the one the clock counts from.
    seatTime: r.started ? r.seatTime : (r.plannedSeatTime ?? r.seatTime),
    roundMinutes: r.roundMinutes,
    features,
  };
}

/** The overlays' view of the tournament (from the public's view of it: a held round is left out). */
export function overlayView(full: Tournament): OverlayView {
  const t = playersView(full);
  const r = t.rounds[t.rounds.length - 1];
  const ended = [...t.rounds].reverse().find((x) => x.ended)?.number ?? 0;
  const rows = standingsAfter(t, ended);
  // The records players came to the round with: the standings after the round before it.
  const before = new Map(
    (r && r.number - 1 === ended ? rows : r ? standingsAfter(t, r.number - 1) : []).map((row) => [row.player, row]),
  );
  const round = r ? overlayRound(t, r, before, publishedDecklistPlayers(t)) : null;
  return {
    tournament: { name: t.settings.name, finished: t.status === 'finished' },
    round,
    next: round && !round.started && !round.ended ? round : null,
    standings: {
      afterRound: ended,
      rows: rows.slice(0, OVERLAY_TICKER_ROWS).map((row) => ({
        rank: row.rank,
        name: row.name,
        reading: row.reading ?? null,
        points: row.points,
        wins: row.wins,
        losses: row.losses,
        draws: row.draws,
      })),
    },
  };
}
