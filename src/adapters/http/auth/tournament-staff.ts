import { rolesIn } from '../../accounts/account-store.js';
import type { Principal } from './principal.js';

/**
 * Whether the caller sees a tournament as staff (penalties, reasons, the late list): a logged-in
 * account past its first password that holds a role globally or for this tournament. Staff of
 * another organizer's event see this one as the public does.
 */
export function isStaffOf(principal: Principal, tournamentId: string): boolean {
  return (
    principal.kind === 'staff' &&
    !principal.account.mustChangePassword &&
    rolesIn(principal.account, tournamentId).length > 0
  );
}
