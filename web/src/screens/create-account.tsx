import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/use-t';
import { request } from '../api/http';
import { invalidate } from '../api/resource';
import type { Role } from '../api/session';
import type { TournamentListItem } from '../api/types';
import { TextField } from '../components/form';
import { ErrorNotice } from '../components/status';
import { ACCOUNTS, EVERY, type Shown, type StaffAccount } from './staff-account';
import { RoleChecks, ScopeSelect } from './staff-role-fields';

/** A new staff account with its roles in one place; the server makes its one-time password. */
export function CreateAccount({
  tournaments,
  every,
  initialScope,
  onCreated,
}: {
  tournaments: readonly TournamentListItem[];
  every: boolean;
  initialScope: string;
  onCreated: (shown: Shown) => void;
}) {
  const { t } = useT();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [scope, setScope] = useState(initialScope);
  // No role ticked in advance: every account's roles are chosen for it, never left over from the last one.
  const [roles, setRoles] = useState<Role[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body =
        scope === EVERY
          ? { username, displayName, roles }
          : { username, displayName, roles: [], tournamentRoles: { [scope]: roles } };
      const answer = await request<{ account: StaffAccount; oneTimePassword?: string }>('POST', ACCOUNTS, { body });
      if (answer.body.oneTimePassword)
        onCreated({
          username: answer.body.account.username,
          password: answer.body.oneTimePassword,
          created: answer.body.account,
        });
      // The next account starts empty; the place (scope) stays, as several are made for one event.
      setUsername('');
      setDisplayName('');
      setRoles([]);
      invalidate(ACCOUNTS);
    } catch (caught) {
      // What was typed stays in the form, with the server's reason.
      setError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="panel" open>
      <summary>
        <h2>{t('staff.create')}</h2>
      </summary>
      <form className="stack" onSubmit={submit}>
        <div className="field-row">
          <TextField
            label={t('staff.username')}
            hint={t('staff.usernameHint')}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
            name="username"
            autoComplete="off"
            autoCapitalize="none"
          />
          <TextField
            label={t('staff.displayName')}
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            required
            name="displayName"
            autoComplete="off"
          />
        </div>
        <ScopeSelect tournaments={tournaments} every={every} value={scope} onChange={setScope} testId="create-scope" />
        <RoleChecks legend={t('staff.roles')} value={roles} onChange={setRoles} />
        {error !== null && <ErrorNotice error={error} />}
        <button type="submit" className="button button-primary" disabled={busy || roles.length === 0}>
          {t('staff.createSubmit')}
        </button>
      </form>
    </details>
  );
}
