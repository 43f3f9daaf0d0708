import { err, ok, type Result } from '../result.js';
import { domainError, type DomainError } from './domain-errors.js';
import { deriveOneMatch } from './match-results.js';
import { findRound } from './state-queries.js';
import type { MatchState, RoundState, Tournament } from './state.js';

/*
 * An elimination round followed by the next one is a fact: the players who went on are playing.
 * A result correction or an appeal that would change who won a match there would leave the
 * standings contradicting the matches played (a champion who never played the final), so it is
 * refused (`bracket-advanced`) rather than re-seating the bracket behind the players' backs.
 */

/**
 * In an elimination round already followed by the next, the player of this match who went on
 * (`null`: nobody); undefined while the next round is not paired.
 */
export function advancedFrom(t: Tournament, round: RoundState, match: MatchState): string | null | undefined {
  const next = round.bracket === null ? undefined : findRound(t, round.number + 1);
  if (!next) return undefined;
  return match.players.find((p) => next.tableOf.has(p) || next.byes.includes(p)) ?? null;
}

/** Who a match's result sends on: the winner, or nobody (a double loss, or no result yet). */
function winnerOf(t: Tournament, round: RoundState, match: MatchState): string | null {
  const outcome = deriveOneMatch(t, round.number, match, round.stage).record.outcome;
  return outcome.kind === 'win' ? outcome.winner : null;
}

/**
 * `bracket-advanced` when the penalties of `after` (the state an appeal leaves) change who won an
 * elimination match of `before` whose next round is paired. Only the cut's matches are derived.
 */
export function checkBracketKept(before: Tournament, after: Tournament): Result<void, DomainError> {
  for (const round of before.rounds) {
    if (round.bracket === null) continue;
    for (const match of round.matches) {
      const advanced = advancedFrom(before, round, match);
      if (advanced === undefined) break;
      if (winnerOf(before, round, match) !== winnerOf(after, round, match))
        return err(
          domainError('bracket-advanced', { round: round.number, table: match.table, advanced: advanced ?? '—' }),
        );
    }
  }
  return ok(undefined);
}
