import type { DuelEntry } from '../../core/tournament/events.js';
import type { BestOf } from '../../core/tournament/match-format.js';
import type { MatchOutcome } from '../../core/tournament/match-record.js';
import { deriveOneMatch } from '../../core/tournament/match-results.js';
import { effectsOn } from '../../core/tournament/penalty-effects.js';
import {
  confirmationOf,
  judgesAt,
  latestReports,
  queuedMatch,
  selfService,
} from '../../core/tournament/self-service.js';
import { playerCallsIn, unresolvedCallAt } from '../../core/tournament/judge-calls.js';
import { playerCallView, type PlayerCallView } from './judge-call-views.js';
import { MAX_PLAYER_CALLS_PER_ROUND } from '../../core/tournament/limits.js';
import { finalPlaces } from '../../core/tournament/prizes.js';
import { decklistSettings } from '../../core/tournament/entry.js';
import { currentStandings } from '../../core/tournament/standings/current-standings.js';
import { findMatch, findPlayer, isDropped, latestRound } from '../../core/tournament/state-queries.js';
import type { Tournament } from '../../core/tournament/state.js';
import { entryOf } from '../../core/tournament/entry.js';
import { type Announcement, announcementsFor } from '../../core/tournament/announcements.js';
import { ANNOUNCEMENTS_SHOWN } from '../../core/tournament/limits.js';

/*
 * What a player sees on their own page (phone, no sign-in): check-in before round 1, then
 * their current table, opponent and what each of them reported, and whether they may report.
 */

/**
 * Where the player's match stands: `open` (nobody reported), `waiting` (the player reported,
 * the opponent has not), `to-confirm` (the opponent reported: confirm or say otherwise),
 * `judges` (disputed or unconfirmed too long: the judges decide), `recorded` (a result is
 * recorded), `penalty` (a penalty touches the match: a judge enters it), `off` (players do not
 * report in this tournament).
 */
export type MatchStatus = 'open' | 'waiting' | 'to-confirm' | 'judges' | 'recorded' | 'penalty' | 'off';

export interface PlayerPageMatch {
  readonly round: number;
  readonly stage: string;
  readonly bestOf: BestOf;
  readonly started: boolean;
  /** When the player must be seated (the time of pairing while the round waits to start). */
  readonly seatTime: string;
  readonly ended: boolean;
  readonly table: number | null;
  readonly bye: boolean;
  readonly opponent: { readonly id: string; readonly name: string } | null;
  readonly status: MatchStatus;
  readonly outcome: MatchOutcome | null;
  readonly byPlayers: boolean;
  readonly mine: { readonly duels: readonly DuelEntry[]; readonly at: string } | null;
  readonly theirs: { readonly duels: readonly DuelEntry[]; readonly at: string } | null;
  /**
   * While `waiting` or `to-confirm`: when the lone report goes to the judges unconfirmed (the
   * server's time), so both pages switch to `judges` at that moment without a reload; else null.
   */
  readonly judgesAt: string | null;
  /** Minutes the table's clock was extended (judge calls and other rulings), in all. */
  readonly extensionMinutes: number;
  /** The table's judge call not yet resolved (pressing the button again answers it), or null. */
  readonly call: PlayerCallView | null;
  /** Calls the player may still open this round. */
  readonly callsLeft: number;
}

/**
 * Where the player ends: once the tournament is finished, for everyone; while the top cut runs,
 * for a player not in its latest round (never in it, or eliminated), whose place no later
 * result moves.
 */
export interface PlayerPageFinal {
  /** The tournament is finished (else: the top cut goes on without the player). */
  readonly finished: boolean;
  /** The final place; `null` when the rank is withdrawn (a disqualification). */
  readonly place: number | null;
  /** The player played in the top cut (and lost in `eliminatedInRound`, unless the champion). */
  readonly topCut: boolean;
  readonly eliminatedInRound: number | null;
  /** Match wins, losses and draws (byes and penalties included), as the standings count them. */
  readonly record: { readonly wins: number; readonly losses: number; readonly draws: number };
  /** Finished, and the organizer chose to publish decklists: the page links to them (issue 39). */
  readonly decklistsPublished?: true;
}

export interface PlayerPage {
  /** `movedUp`: entered on the waiting list and moved up into a seat (said on the page before round 1). */
  readonly player: { readonly id: string; readonly name: string; readonly dropped: boolean; readonly movedUp: boolean };
  readonly reporting: { readonly enabled: boolean; readonly confirmMinutes: number };
  /** Before round 1: whether the player has checked in; `open` false once round 1 is paired. */
  /** `venueCode`: the player's own check-in needs the code shown at the venue. */
  readonly checkIn: { readonly open: boolean; readonly at: string | null; readonly venueCode: boolean };
  readonly match: PlayerPageMatch | null;
  /** Staff notices to everyone and to the player's table of the round shown, newest first (at most ANNOUNCEMENTS_SHOWN). */
  readonly announcements: readonly PageAnnouncement[];
  readonly final: PlayerPageFinal | null;
}

interface Placed {
  readonly places: ReadonlyMap<
    string,
    { readonly place: number; readonly topCut: boolean; readonly eliminatedInRound: number | null }
  >;
  readonly records: ReadonlyMap<string, { readonly wins: number; readonly losses: number; readonly draws: number }>;
}

// Once per state, not per player: after the event every player's page asks for it.
const placedOf = new WeakMap<Tournament, Placed>();

function placed(t: Tournament): Placed {
  let found = placedOf.get(t);
  if (!found) {
    found = {
      places: new Map(finalPlaces(t).map((f) => [f.player, f])),
      records: new Map(currentStandings(t).map((r) => [r.player, { wins: r.wins, losses: r.losses, draws: r.draws }])),
    };
    placedOf.set(t, found);
  }
  return found;
}

/** The player's final place, when it is settled (see PlayerPageFinal). */
function finalOf(t: Tournament, player: string): PlayerPageFinal | null {
  const round = latestRound(t);
  const finished = t.status === 'finished';
  const outOfTopCut = round?.stage === 'top-cut' && !round.tableOf.has(player) && !round.byes.includes(player);
  if (!finished && !outOfTopCut) return null;
  const { places, records } = placed(t);
  const place = places.get(player);
  return {
    finished,
    place: place?.place ?? null,
    topCut: place?.topCut ?? false,
    eliminatedInRound: place?.eliminatedInRound ?? null,
    record: records.get(player) ?? { wins: 0, losses: 0, draws: 0 },
    ...(finished && decklistSettings(t).publication !== null ? { decklistsPublished: true as const } : {}),
  };
}

export interface PageAnnouncement {
  readonly id: number;
  readonly text: { readonly ja?: string; readonly en?: string };
  /** The player's table, for a notice to it; null for everyone. */
  readonly table: number | null;
  readonly at: string;
}

/** A notice as players read it: who posted it stays with staff. */
export const pageAnnouncement = (a: Announcement): PageAnnouncement => ({
  id: a.id,
  text: a.text,
  table: a.table,
  at: a.at,
});

export function playerPage(t: Tournament, playerId: string, now: string): PlayerPage | undefined {
  const player = findPlayer(t, playerId);
  if (!player) return undefined;
  const s = selfService(t);
  const round = latestRound(t);
  const base = {
    player: {
      id: player.id,
      name: player.name,
      dropped: isDropped(t, player.id),
      movedUp: entryOf(t).waitingById.has(player.id),
    },
    reporting: s.reporting,
    checkIn: { open: t.rounds.length === 0, at: s.checkedIn.latest(player.id)?.at ?? null, venueCode: s.venueCode },
    announcements: announcementsFor(t, round, player.id).slice(0, ANNOUNCEMENTS_SHOWN).map(pageAnnouncement),
    final: finalOf(t, player.id),
  };
  const table = round?.tableOf.get(player.id);
  if (!round || (table === undefined && !round.byes.includes(player.id))) return { ...base, match: null };
  const common = {
    round: round.number,
    stage: round.stage,
    bestOf: round.bestOf,
    started: round.started,
    seatTime: round.seatTime,
    ended: round.ended,
  };
  if (table === undefined)
    return {
      ...base,
      match: {
        ...common,
        table: null,
        bye: true,
        opponent: null,
        status: 'recorded',
        outcome: { kind: 'bye' },
        byPlayers: false,
        mine: null,
        theirs: null,
        judgesAt: null,
        extensionMinutes: 0,
        call: null,
        callsLeft: 0,
      },
    };
  const match = findMatch(round, table)!;
  const opponentId = match.players.find((p) => p !== player.id)!;
  const opponent = findPlayer(t, opponentId);
  const latest = latestReports(t, round.number, table);
  const view = (r: ReturnType<typeof latest.get>) => (r ? { duels: r.duels, at: r.at } : null);
  const outcome = deriveOneMatch(t, round.number, match, round.stage).record.outcome;
  const effects = effectsOn(t, round.number, table);
  const queued = queuedMatch(t, round.number, table, now) !== undefined;
  const mine = view(latest.get(player.id));
  const theirs = view(latest.get(opponentId));
  const call = unresolvedCallAt(t, round.number, table);
  const status: MatchStatus =
    match.report !== null || outcome.kind !== 'pending'
      ? 'recorded'
      : effects.duelLosses.length > 0 || effects.matchLosses.length > 0
        ? 'penalty'
        : !s.reporting.enabled
          ? 'off'
          : queued
            ? 'judges'
            : theirs
              ? 'to-confirm'
              : mine
                ? 'waiting'
                : 'open';
  return {
    ...base,
    match: {
      ...common,
      table,
      bye: false,
      opponent: { id: opponentId, name: opponent?.name ?? opponentId },
      status,
      outcome: outcome.kind === 'pending' ? null : outcome,
      byPlayers: confirmationOf(t, round.number, table) !== undefined,
      mine,
      theirs,
      judgesAt: status === 'waiting' || status === 'to-confirm' ? judgesAt(t, round.number, table) : null,
      extensionMinutes: match.extensions.reduce((sum, e) => sum + e.minutes, 0),
      call: call ? playerCallView(call) : null,
      callsLeft: Math.max(0, MAX_PLAYER_CALLS_PER_ROUND - playerCallsIn(t, round.number, player.id)),
    },
  };
}
