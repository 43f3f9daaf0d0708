import { playersView } from '../../../core/tournament/held-rounds.js';
import type { Tournament } from '../../../core/tournament/state.js';
import type { Principal } from '../auth/principal.js';
import { isStaffOf } from '../auth/tournament-staff.js';

/** The tournament as this caller may see it: staff of the event see a held round, everyone else does not. */
export const seenBy = (principal: Principal, tournamentId: string, t: Tournament): Tournament =>
  isStaffOf(principal, tournamentId) ? t : playersView(t);
