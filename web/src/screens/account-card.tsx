import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { request } from '../api/http';
import { invalidate } from '../api/resource';
import { useSession, type Role } from '../api/session';
import type { TournamentListItem } from '../api/types';
import { ErrorNotice } from '../components/status';
import { ACCOUNTS, EVERY, type Shown, type StaffAccount } from './staff-account';
import { RoleChecks, RolesText, ScopeSelect } from './staff-role-fields';

/** One account: its roles changed place by place, its password reset, disabled or enabled. */
export function AccountCard({
  account,
  tournaments,
  every,
  scope: listScope,
  onPassword,
}: {
  account: StaffAccount;
  tournaments: readonly TournamentListItem[];
  every: boolean;
  scope: string;
  onPassword: (shown: Shown) => void;
}) {
  const { t } = useT();
  const { account: me } = useSession();
  const [scope, setScope] = useState(listScope);
  const held =
    scope === EVERY
      ? account.roles
      : (Object.hasOwn(account.tournamentRoles, scope) && account.tournamentRoles[scope]) || [];
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const editing = roles ?? [...held];
  const self = me?.id === account.id;

  async function send(method: string, path: string, body?: unknown): Promise<unknown> {
    setBusy(true);
    setError(null);
    try {
      const answer = await request<{ oneTimePassword?: string }>(method, path, body === undefined ? {} : { body });
      invalidate(ACCOUNTS);
      return answer.body;
    } catch (caught) {
      setError(caught);
      return null;
    } finally {
      setBusy(false);
    }
  }
  const path = `${ACCOUNTS}/${encodeURIComponent(account.id)}`;

  async function saveRoles() {
    const change =
      scope === EVERY
        ? { roles: editing }
        : {
            tournamentRoles: Object.fromEntries(
              Object.entries({ ...account.tournamentRoles, [scope]: editing }).filter(([, list]) => list.length > 0),
            ),
          };
    if (await send('PATCH', path, change)) setRoles(null);
  }

  async function reset() {
    if (!window.confirm(t('staff.resetConfirm', { username: account.username }))) return;
    const answer = (await send('POST', `${path}/password-reset`, {})) as { oneTimePassword?: string } | null;
    if (answer?.oneTimePassword) onPassword({ username: account.username, password: answer.oneTimePassword });
  }

  async function toggleDisabled() {
    if (!account.disabled && !window.confirm(t('staff.disableConfirm', { username: account.username }))) return;
    await send('PATCH', path, { disabled: !account.disabled });
  }

  return (
    <li className={`card${account.disabled ? ' card-disabled' : ''}`} data-testid={`account-${account.username}`}>
      <div className="title-row">
        <p>
          <strong className="card-title">{account.displayName}</strong>{' '}
          <span className="muted">{account.username}</span>
          {self && <span className="muted"> · {t('staff.you')}</span>}
        </p>
        <span>
          {account.disabled && <span className="badge badge-error">{t('staff.disabled')}</span>}{' '}
          {account.mustChangePassword && <span className="badge badge-warn">{t('staff.mustChange')}</span>}
        </span>
      </div>
      <RolesText account={account} />
      <details>
        <summary className="button button-small">{t('staff.editRoles')}</summary>
        <div className="stack">
          <ScopeSelect
            tournaments={tournaments}
            every={every}
            value={scope}
            onChange={(next) => {
              setScope(next);
              setRoles(null);
            }}
            testId={`scope-${account.username}`}
          />
          <RoleChecks legend={t('staff.roles')} value={editing} onChange={setRoles} />
          <button type="button" className="button button-primary" disabled={busy || roles === null} onClick={saveRoles}>
            {t('staff.saveRoles')}
          </button>
        </div>
      </details>
      {error !== null && <ErrorNotice error={error} />}
      <div className="row-actions">
        <button type="button" className="button button-small" disabled={busy} onClick={reset}>
          {t('staff.resetPassword')}
        </button>
        {!self && (
          <button
            type="button"
            className={account.disabled ? 'button button-small' : 'button button-small button-quiet'}
            disabled={busy}
            onClick={toggleDisabled}
          >
            {account.disabled ? t('staff.enable') : t('staff.disable')}
          </button>
        )}
      </div>
    </li>
  );
}
