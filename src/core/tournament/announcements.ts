import { err, ok } from '../result.js';
import { checkBounded, firstError } from './command-checks.js';
import { explain } from './command-problems.js';
import type { Announce, Drafted } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import type { Actor, Announced } from './events.js';
import { Ledger } from './ledger.js';
import { ANNOUNCEMENT_CHARS } from './limits.js';
import { findMatch } from './state-queries.js';
import type { RoundState, Tournament } from './state.js';

/*
 * Staff notices to the players ("round 3 starts at 14:00", "table 12: a judge is coming"): in
 * the log for good, shown on the players' pages and the wall display. One to a table names the
 * table of the round the players can see, so it reaches the two players sitting there then.
 */

export interface Announcement {
  readonly id: number;
  readonly text: { readonly ja?: string; readonly en?: string };
  readonly round: number | null;
  readonly table: number | null;
  readonly by: Actor;
  readonly at: string;
}

/** Notices to everyone are found under this key, a table's under `tableKey(round, table)`. */
export const EVERYONE = 'all';
export const tableKey = (round: number, table: number): string => `${round}:${table}`;
const keyOf = (a: Announcement): string =>
  a.table === null || a.round === null ? EVERYONE : tableKey(a.round, a.table);

const NO_ANNOUNCEMENTS: Ledger<Announcement> = Ledger.empty(keyOf);

export const announcements = (t: Tournament): Ledger<Announcement> => t.announcements ?? NO_ANNOUNCEMENTS;

/** The newest round the players can see (held rounds are staff's only), if any. */
export function publishedRound(t: Tournament): RoundState | undefined {
  for (let i = t.rounds.length - 1; i >= 0; i -= 1) {
    const round = t.rounds[i] as RoundState;
    if (!round.held) return round;
  }
  return undefined;
}

function checkAnnouncementText(field: string, value: string | undefined): DomainError | null {
  return value === undefined ? null : checkBounded(field, value, { max: ANNOUNCEMENT_CHARS });
}

/** Announced, to everyone or to one table of the round the players see. */
export function decideAnnounce(command: Announce, t: Tournament): Drafted {
  const { text, table } = command.data;
  if (text.ja === undefined && text.en === undefined)
    return err(domainError('invalid-command', { field: 'text', problem: explain('announcement-text-required') }));
  const problem = firstError(checkAnnouncementText('text.ja', text.ja), checkAnnouncementText('text.en', text.en));
  if (problem) return err(problem);
  let round: number | null = null;
  if (table !== undefined) {
    if (!Number.isSafeInteger(table) || table < 1)
      return err(domainError('invalid-command', { field: 'table', problem: explain('whole-number') }));
    const seen = publishedRound(t);
    if (!seen) return err(domainError('invalid-command', { field: 'table', problem: explain('no-published-round') }));
    if (!findMatch(seen, table)) return err(domainError('table-not-found', { round: seen.number, table }));
    round = seen.number;
  }
  const trimmed = {
    ...(text.ja === undefined ? {} : { ja: text.ja.trim() }),
    ...(text.en === undefined ? {} : { en: text.en.trim() }),
  };
  const event: Omit<Announced, 'at'> = {
    type: 'Announced',
    data: { id: announcements(t).size + 1, text: trimmed, round, table: table ?? null, by: command.meta.actor },
  };
  return ok([event]);
}

/** The state after an announcement: one item added to the ledger. */
export function announced(t: Tournament, event: Announced): Tournament {
  const { id, text, round, table, by } = event.data;
  return { ...t, announcements: announcements(t).with({ id, text, round, table, by, at: event.at }) };
}

/** What one player's page shows: the notices to everyone and to the player's table in the round they see, newest first. */
export function announcementsFor(t: Tournament, round: RoundState | undefined, player: string | null): Announcement[] {
  const all = announcements(t);
  const table = round && player !== null ? round.tableOf.get(player) : undefined;
  const mine = round && table !== undefined ? all.of(tableKey(round.number, table)) : [];
  return [...all.of(EVERYONE), ...mine].sort((a, b) => b.id - a.id);
}
