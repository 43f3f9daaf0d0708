import type { StoredEvent } from '../event-store.js';
import { playersView } from '../../core/tournament/held-rounds.js';
import { findRound } from '../../core/tournament/state-queries.js';
import type { Tournament } from '../../core/tournament/state.js';
import { pairingsView } from '../projections/pairings-view.js';
import { standingsAfter } from '../projections/standings-view.js';

/*
 * What a webhook can ask for, and what each delivery carries. The payload of every event but a
 * staff one is made from the same projections the public pages answer (the players' view, where
 * a held round does not exist yet): a whitelist made for the public, never a staff shape trimmed.
 */

export const WEBHOOK_EVENTS = [
  'round.published',
  'round.ended',
  'result.recorded',
  'standings.updated',
  'tournament.finished',
  'announcement.posted',
  'entry.opened',
  'entry.moved-up',
  'call.opened',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Events only an endpoint marked staff may ask for: what they carry is not the public's. */
export const STAFF_WEBHOOK_EVENTS: ReadonlySet<WebhookEvent> = new Set(['call.opened']);

export const isWebhookEvent = (name: string): name is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(name);

/** How many standings rows a delivery carries (a Discord embed shows fewer). */
export const STANDINGS_ROWS = 64;

/** One delivery made of a stored event: the webhook event's name and its payload. */
export interface WebhookMessage {
  readonly event: WebhookEvent;
  readonly data: unknown;
}

/** The webhook events a stored event raises (most raise none), in the order they are delivered. */
export function webhookEventsOf(event: StoredEvent): readonly WebhookEvent[] {
  switch (event.type) {
    case 'RoundPaired':
      // A held round reaches the public with its RoundPublished.
      return (event.data as { held?: unknown }).held === true ? [] : ['round.published'];
    case 'RoundPublished':
      return ['round.published'];
    case 'ResultReported':
    case 'ResultCorrected':
      return ['result.recorded'];
    case 'RoundEnded':
      return ['round.ended', 'standings.updated'];
    case 'TournamentFinished':
      return ['tournament.finished'];
    case 'Announced':
      // A notice to one table is for its two players' pages, not for a channel.
      return (event.data as { table?: unknown }).table === null ? ['announcement.posted'] : [];
    case 'EntryOpened':
      return ['entry.opened'];
    case 'PlayerRegistered':
      // A seat freed before round 1 (a withdrawal, a drop, a larger cap): the waiting entrant moved up.
      return (event.data as { fromWaitingList?: unknown }).fromWaitingList === true ? ['entry.moved-up'] : [];
    case 'CallOpened':
      return ['call.opened'];
    default:
      return [];
  }
}

/** The round a stored event names, when it names one. */
const roundOfEvent = (event: StoredEvent): number | undefined => {
  const round = (event.data as { round?: unknown }).round;
  return typeof round === 'number' ? round : undefined;
};

/**
 * The payload of one webhook event, from the tournament's state when the delivery is made
 * ready (about a second after the write; a retry sends the same payload). `tournament` is the
 * players' view or the full state, as the caller's endpoint may see.
 */
export function webhookPayload(name: WebhookEvent, event: StoredEvent, full: Tournament): unknown {
  const t = playersView(full);
  const head = { tournament: { id: t.id, name: t.settings.name, date: t.settings.date }, seq: event.seq, at: event.at };
  const round = roundOfEvent(event);
  switch (name) {
    case 'round.published':
    case 'round.ended': {
      const known = round !== undefined && findRound(t, round) !== undefined;
      return { ...head, round, pairings: known ? pairingsView(t, round) : null };
    }
    case 'result.recorded': {
      const table = (event.data as { table?: unknown }).table;
      const board = round !== undefined && findRound(t, round) !== undefined ? pairingsView(t, round) : null;
      return { ...head, round, table, match: board?.tables.find((m) => m.table === table) ?? null };
    }
    case 'standings.updated': {
      const after = Math.min(round ?? t.rounds.length, t.rounds.length);
      return { ...head, afterRound: after, standings: standingsAfter(t, after).slice(0, STANDINGS_ROWS) };
    }
    case 'tournament.finished':
      return { ...head, rounds: t.rounds.length, players: t.players.length };
    case 'announcement.posted': {
      const { id, text } = event.data as { id: number; text: { ja?: string; en?: string } };
      return { ...head, id, text };
    }
    case 'entry.opened': {
      const { cap, closesAt, mode } = event.data as { cap: number; closesAt: string; mode: string };
      return { ...head, cap, closesAt, mode };
    }
    case 'entry.moved-up': {
      // The entrant's id and name as the public player list shows them; never the Card Game ID.
      const { id, name } = (event.data as { player: { id: string; name: string } }).player;
      return { ...head, player: { id, name } };
    }
    case 'call.opened': {
      // Staff endpoints only: which table calls, and the caller's words.
      const { callId, table, player, note } = event.data as {
        callId: number;
        table: number;
        player: string | null;
        note: string | null;
      };
      return { ...head, round, callId, table, player, note };
    }
    default: {
      const _exhaustive: never = name;
      throw new TypeError(`unknown webhook event ${String(_exhaustive)}`);
    }
  }
}
