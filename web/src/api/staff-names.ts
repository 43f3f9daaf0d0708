import { useResource } from './resource';
import { can, useSession } from './session';
import { useTournament } from './tournament-context';

/**
 * A staff member as people know them: the display name of the user name the log keeps (木村,
 * not kimura), from the server's list for this tournament; a name it lacks stays as logged.
 */
export function useStaffName(): (user: string) => string {
  const { id } = useTournament();
  const { account } = useSession();
  const path = can(account, 'staff:read', id) ? `/api/staff-names/${encodeURIComponent(id)}` : null;
  const names = useResource<{ names: Record<string, string> }>(path).data?.names;
  // Own keys only: a user name is outside input, and `constructor` is only a name.
  return (user) => (names && Object.hasOwn(names, user) ? names[user]! : user);
}
