import { err, ok, type Result } from '../result.js';
import { checkBounded, checkText } from './command-checks.js';
import { REASON } from './limits.js';
import type { PairRound } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import type { EventDraft } from './events.js';
import { departures } from './state-queries.js';
import type { Tournament } from './state.js';
import type { Role } from './events.js';

/*
 * Before the first round is paired, every player's decklist is looked at once more: missing
 * lists (when the tournament requires them) and lists the deck rules found problems in stop the
 * pairing. The organizer may still go on, explicitly and with a reason, which the log keeps
 * (DecklistIssuesAccepted) beside the names it was given for.
 */

/** The one role that may pair round 1 over missing or illegal lists. */
export const ACCEPTS_DECKLIST_ISSUES: Role = 'organizer';

/** Refuses the first pairing over missing or illegal lists unless the organizer accepts them with a reason; answers the record of that acceptance. */
export function decklistGate(command: PairRound, t: Tournament): Result<EventDraft[], DomainError> {
  const d = command.data;
  if (d.round !== 1) return ok([]);
  const { dropped } = departures(t);
  const eligible = t.players.filter((p) => !dropped.has(p.id) && p.entryRound <= 1);
  const missing = t.settings.decklistsRequired ? eligible.filter((p) => p.decklist === null).map((p) => p.id) : [];
  const known = new Set(eligible.map((p) => p.id));
  // Which lists break the deck rules is the deck checker's answer (catalogue, banlist): the caller brings it.
  const illegal = [...new Set(d.decklistFindings ?? [])].filter((id) => known.has(id));
  if (missing.length === 0 && illegal.length === 0) return ok([]);
  const accept = d.acceptDecklists;
  if (accept === undefined) {
    return err(
      missing.length > 0
        ? domainError('decklists-missing', { players: missing })
        : domainError('decklists-illegal', { players: illegal }),
    );
  }
  if (command.meta.actor.role !== ACCEPTS_DECKLIST_ISSUES)
    return err(domainError('role-required', { roles: [ACCEPTS_DECKLIST_ISSUES], actual: command.meta.actor.role }));
  if (checkText('acceptDecklists.reason', accept.reason)) return err(domainError('reason-required'));
  const tooLong = checkBounded('acceptDecklists.reason', accept.reason, REASON);
  if (tooLong) return err(tooLong);
  return ok([
    {
      type: 'DecklistIssuesAccepted',
      data: { round: 1, missing, illegal, reason: accept.reason.trim(), by: command.meta.actor },
    },
  ]);
}
