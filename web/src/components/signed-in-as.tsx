import { useTranslation } from 'react-i18next';
import { managedTournaments, useSession } from '../api/session';
import { Link, matchPath, useLocation } from '../router';

/**
 * Who is signed in on this device and with which roles: inside a tournament the roles held
 * there (global ones plus the tournament's own), elsewhere the global ones. An organizer for
 * every tournament also gets the way to the staff accounts.
 */
export function SignedInAs() {
  const { t } = useTranslation();
  const { account } = useSession();
  const { path } = useLocation();
  // Inside a tournament the staff screen opens on that tournament's staff.
  const tournament = matchPath('/t/:id', path.split('/').slice(0, 3).join('/'))?.id;
  if (!account || account.mustChangePassword) return null;
  const scopedCount = Object.keys(account.tournamentRoles ?? {}).length;
  const roles =
    account.roles.length > 0
      ? account.roles.map((r) => t(`role.${r}`)).join(t('staff.listSeparator'))
      : t('staff.rolesInTournaments', { count: scopedCount });
  return (
    <p className="header-who" data-testid="signed-in-as">
      <span>{t('staff.signedInAs', { name: account.displayName, username: account.username })}</span>
      <span className="who-roles">{roles}</span>
      {managedTournaments(account).length !== 0 && (
        <Link
          to={tournament ? `/staff?tournament=${encodeURIComponent(tournament)}` : '/staff'}
          data-testid="staff-link"
        >
          {t('staff.link')}
        </Link>
      )}
    </p>
  );
}
