import { useT } from '../i18n/use-t';
import { can, managedTournaments, useSession } from '../api/session';
import { formatTime, useLang } from '../i18n/i18n';
import { Link, matchPath, useLocation } from '../router';

/**
 * Who is signed in on this device and with which roles: inside a tournament the roles held
 * there (global ones plus the tournament's own), elsewhere the global ones. An organizer for
 * every tournament also gets the way to the staff accounts. A sign-in shown from what the
 * device saved (the server has not answered since the page loaded) says so, with its time.
 */
export function SignedInAs() {
  const { t } = useT();
  const { lang } = useLang();
  const { account, savedAt } = useSession();
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
      {savedAt !== null && (
        <span className="who-saved" data-testid="signed-in-saved">
          {t('savedSession.mark', { time: formatTime(savedAt, lang) })}
        </span>
      )}
      {managedTournaments(account).length !== 0 && (
        <Link
          to={tournament ? `/staff?tournament=${encodeURIComponent(tournament)}` : '/staff'}
          data-testid="staff-link"
        >
          {t('staff.link')}
        </Link>
      )}
      {can(account, 'webhooks:manage') && (
        <Link to="/webhooks" data-testid="webhooks-link">
          {t('webhooks.link')}
        </Link>
      )}
    </p>
  );
}

/**
 * Under the header, what the person must know about the sign-in itself: it is the saved one
 * (what they enter waits, the server decides), the saved one has ended, or a sign-out still
 * has to reach the server. `inBanner`: a line of the offline banner, shorter, not a notice of its own.
 */
export function SessionNotice({ inBanner = false }: { inBanner?: boolean }) {
  const { t } = useT();
  const { lang } = useLang();
  const { account, savedAt, ended, signOutPending } = useSession();
  const notice = inBanner ? {} : { className: 'notice notice-warn', role: 'status' };
  if (account && savedAt !== null)
    return (
      <p {...notice} data-testid="saved-session">
        {t(inBanner ? 'savedSession.short' : 'savedSession.notice', { time: formatTime(savedAt, lang) })}
      </p>
    );
  if (account === null && ended)
    return (
      <p {...notice} data-testid="session-ended">
        {t('savedSession.ended')}{' '}
        <Link to={`/sign-in?next=${encodeURIComponent(location.pathname)}`}>{t('nav.signIn')}</Link>
      </p>
    );
  if (account === null && signOutPending)
    return (
      <p {...notice} data-testid="sign-out-pending">
        {t('savedSession.signOutPending')}
      </p>
    );
  return null;
}
