import type { TournamentCommandType } from '../core/tournament/commands.js';
import type { Role } from '../core/tournament/events.js';
import { COMMAND_ROLES } from '../core/tournament/permissions.js';

// Head judge first: decide lets a head judge confirm what a judge may not, so someone holding
// both acts as head judge. The HTTP API (an account's roles) and the CLI desk (trusted, every
// role) both ask here, so they never disagree on who a write was sent as.
const ACTING_ORDER: readonly Role[] = ['head-judge', 'organizer', 'judge', 'scorekeeper'];

/** The one role someone holding `roles` acts in for a command: the first the command allows, head judge preferred. */
export function actingRole(roles: readonly Role[], command: TournamentCommandType): Role | undefined {
  const allowed = COMMAND_ROLES[command];
  return ACTING_ORDER.find((role) => roles.includes(role) && allowed.includes(role));
}
