import { err, ok, type Result } from '../result.js';
import { domainError, type DomainError } from './domain-errors.js';
import { findMatch, findRound } from './state-queries.js';
import type { MatchState, RoundState, Tournament } from './state.js';

/** The match a command names by round and table, or the error saying which of the two does not exist. */
export function locateMatch(
  t: Tournament,
  round: number,
  table: number,
): Result<{ round: RoundState; match: MatchState }, DomainError> {
  const r = findRound(t, round);
  if (!r) return err(domainError('round-not-found', { round }));
  // Nobody plays a held round: seating, results, extensions and penalties wait for the publish.
  if (r.held) return err(domainError('round-held', { round }));
  const match = findMatch(r, table);
  if (!match) return err(domainError('table-not-found', { round, table }));
  return ok({ round: r, match });
}
