import { err, ok } from '../result.js';
import { checkInteger, checkText, firstError } from './command-checks.js';
import { explain } from './command-problems.js';
import type { Drafted, MarkFeatureTables, SetFilmingConsent } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import { entryOf } from './entry.js';
import type { EventDraft, FeatureTablesMarked, FilmingConsentRecorded } from './events.js';
import { Ledger } from './ledger.js';
import { MAX_FEATURE_TABLES } from './limits.js';
import { findMatch, findPlayer, findRound } from './state-queries.js';
import type { RoundState, Tournament } from './state.js';

/*
 * Feature matches on stream and the players' consent to be filmed (issue 43). A player is
 * filmed only after saying yes: asked at entry (the public page or staff's registration) and
 * at the desk; never asked counts as no, as a "no" does. Staff mark each round's feature
 * tables; a table is marked only when both its players said yes, and a later "no" takes the
 * table off its round's features in the same write, so the log never holds a feature table
 * with a player who declined.
 */

export interface FilmingState {
  /**
   * Every answer in the order given, found by player (or entrant) id: the latest counts; none:
   * never asked, which counts as no. A ledger, since thousands of entrants each add one.
   */
  readonly consent: Ledger<{ readonly player: string; readonly consent: boolean }>;
  /** Round → its feature tables, in the order staff gave them. */
  readonly features: ReadonlyMap<number, readonly number[]>;
}

const NONE: FilmingState = { consent: Ledger.empty((a) => a.player), features: new Map() };
const filmingOf = (t: Tournament): FilmingState => t.filming ?? NONE;

/** The player's answer: `yes`, `no`, or `not-asked` (which counts as no). */
export function filmingConsent(t: Tournament, player: string): 'yes' | 'no' | 'not-asked' {
  const answer = filmingOf(t).consent.latest(player)?.consent;
  return answer === undefined ? 'not-asked' : answer ? 'yes' : 'no';
}

/** The round's feature tables (empty when none are marked). */
export const featureTables = (t: Tournament, round: number): readonly number[] =>
  filmingOf(t).features.get(round) ?? [];

/** The answer given with an entry or a registration, as the event that records it (none when not asked). */
export function consentGiven(field: string, player: string, consent: unknown): EventDraft[] | DomainError {
  if (consent === undefined) return [];
  if (typeof consent !== 'boolean') return domainError('invalid-command', { field, problem: explain('true-or-false') });
  return [{ type: 'FilmingConsentRecorded', data: { player, consent } }];
}

/** The first player at `table` of round `r` who has not said yes, as the refusal naming them. */
function withoutConsent(
  t: Tournament,
  r: RoundState,
  table: number,
  seats: readonly string[] | undefined = findMatch(r, table)?.players,
): DomainError | null {
  for (const player of seats ?? []) {
    const answer = filmingConsent(t, player);
    if (answer !== 'yes')
      return domainError('filming-consent-missing', {
        round: r.number,
        table,
        player,
        name: findPlayer(t, player)?.name ?? player,
        answer,
      });
  }
  return null;
}

/** FilmingConsentRecorded; a "no" from a player at a feature table of a round not ended also takes that table off. */
export function decideSetFilmingConsent(command: SetFilmingConsent, t: Tournament): Drafted {
  const { player, consent } = command.data;
  const bad = firstError(
    checkText('player', player),
    typeof consent === 'boolean'
      ? null
      : domainError('invalid-command', { field: 'consent', problem: explain('true-or-false') }),
  );
  if (bad) return err(bad);
  if (!findPlayer(t, player) && !entryOf(t).entrants.has(player))
    return err(domainError('player-not-found', { player }));
  const events: EventDraft[] = [{ type: 'FilmingConsentRecorded', data: { player, consent } }];
  if (consent) return ok(events);
  for (const [round, tables] of filmingOf(t).features) {
    const r = findRound(t, round);
    const table = r?.tableOf.get(player);
    if (!r || r.ended || table === undefined || !tables.includes(table)) continue;
    events.push({ type: 'FeatureTablesMarked', data: { round, tables: tables.filter((n) => n !== table) } });
  }
  return ok(events);
}

/** FeatureTablesMarked: the round's feature tables as given (an empty list takes them all off). */
export function decideMarkFeatureTables(command: MarkFeatureTables, t: Tournament): Drafted {
  const { round, tables } = command.data;
  const bad = checkInteger('round', round, { min: 1, max: Number.MAX_SAFE_INTEGER });
  if (bad) return err(bad);
  const r = findRound(t, round);
  if (!r) return err(domainError('round-not-found', { round }));
  if (r.ended) return err(domainError('round-already-ended', { round }));
  if (!Array.isArray(tables))
    return err(domainError('invalid-command', { field: 'tables', problem: explain('table-list') }));
  if (tables.length > MAX_FEATURE_TABLES)
    return err(
      domainError('invalid-command', {
        field: 'tables',
        problem: explain('too-many-items', { max: MAX_FEATURE_TABLES }),
      }),
    );
  const seen = new Set<number>();
  for (const [i, table] of tables.entries()) {
    const field = `tables[${i}]`;
    const badTable = checkInteger(field, table, { min: 1, max: Number.MAX_SAFE_INTEGER });
    if (badTable) return err(badTable);
    if (seen.has(table))
      return err(domainError('invalid-command', { field, problem: explain('ids-twice', { id: table }) }));
    seen.add(table);
    if (!findMatch(r, table)) return err(domainError('table-not-found', { round, table }));
    const refused = withoutConsent(t, r, table);
    if (refused) return err(refused);
  }
  return ok([{ type: 'FeatureTablesMarked', data: { round, tables: [...tables] } }]);
}

/** Whether a swap of a held round would seat a player who has not said yes at one of its feature tables. */
export function swapOntoFeature(t: Tournament, r: RoundState, [a, b]: readonly [string, string]): DomainError | null {
  const features = featureTables(t, r.number);
  if (features.length === 0) return null;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    const table = r.tableOf.get(to);
    if (table === undefined || !features.includes(table)) continue;
    const seats = findMatch(r, table)?.players.map((p) => (p === to ? from : p));
    const refused = withoutConsent(t, r, table, seats);
    if (refused) return refused;
  }
  return null;
}

/** The state after a consent or a round's feature tables. */
export function evolveFilming(t: Tournament, event: FilmingConsentRecorded | FeatureTablesMarked): Tournament {
  const f = filmingOf(t);
  if (event.type === 'FilmingConsentRecorded')
    return { ...t, filming: { ...f, consent: f.consent.with({ ...event.data }) } };
  return { ...t, filming: { ...f, features: new Map(f.features).set(event.data.round, event.data.tables) } };
}
