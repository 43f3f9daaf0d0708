import { useT } from '../i18n/use-t';
import type { Shown } from './staff-account';
import { RolesText } from './staff-role-fields';

/** A password made or reset, shown once with the roles a new account got. */
export function OneTimePassword({ shown, onClose }: { shown: Shown; onClose: () => void }) {
  const { t } = useT();
  return (
    <div className="notice notice-ok" role="status" data-testid="one-time-password">
      <p>
        <strong>{t('staff.oneTimeFor', { username: shown.username })}</strong>
      </p>
      <p className="code one-time" lang="en">
        {shown.password}
      </p>
      {shown.created && (
        <div data-testid="created-roles">
          <p>{t('staff.createdWith', { name: shown.created.displayName })}</p>
          <RolesText account={shown.created} />
        </div>
      )}
      <p>{t('staff.oneTimeNote')}</p>
      <button type="button" className="button button-small" onClick={onClose}>
        {t('staff.oneTimeDone')}
      </button>
    </div>
  );
}
