import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/use-t';
import { request } from '../api/http';
import { invalidate, useResource } from '../api/resource';
import { managedTournaments, useSession, type Role } from '../api/session';
import { paths } from '../api/tournament-api';
import type { TournamentListItem } from '../api/types';
import { SelectField, TextField } from '../components/form';
import { ErrorNotice, Loaded } from '../components/status';
import { useLocation } from '../router';

/*
 * The organizer's staff screen: staff accounts with their roles for every tournament or for
 * given ones, created with a one-time password, reset, disabled and enabled again. Account
 * writes are not tournament writes (no outbox): each is sent at once and its refusal shown.
 */

export interface StaffAccount {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly roles: readonly Role[];
  readonly tournamentRoles: Readonly<Record<string, readonly Role[]>>;
  readonly mustChangePassword: boolean;
  readonly disabled: boolean;
}

const ROLES: readonly Role[] = ['organizer', 'head-judge', 'judge', 'scorekeeper'];
const ACCOUNTS = '/api/accounts';
/** "" in a scope select: every tournament (the account's global roles). */
const EVERY = '';

/** One-time passwords are shown once, right where they were made; a new account's roles as the server stored them. */
interface Shown {
  readonly username: string;
  readonly password: string;
  readonly created?: StaffAccount;
}

/** Every staff account; `?tournament=ID` opens it on one tournament's staff. */
export function StaffAccounts() {
  const { t } = useT();
  const { query } = useLocation();
  const { account: me } = useSession();
  const managed = managedTournaments(me);
  const accounts = useResource<{ accounts: StaffAccount[] }>(ACCOUNTS);
  const tournaments = useResource<{ tournaments: TournamentListItem[] }>(paths.tournaments);
  // An organizer of given tournaments gives roles only there: no "every tournament" scope.
  const all = tournaments.data?.tournaments ?? [];
  const list = managed === 'all' ? all : all.filter((tm) => managed.includes(tm.id));
  const fallback = managed === 'all' ? EVERY : (managed[0] ?? EVERY);
  const [scope, setScope] = useState(query.get('tournament') ?? fallback);
  const [shown, setShown] = useState<Shown | null>(null);
  return (
    <section className="stack">
      <h1>{t('staff.title')}</h1>
      <p className="muted">{t('staff.intro')}</p>
      {shown && <OneTimePassword shown={shown} onClose={() => setShown(null)} />}
      <CreateAccount tournaments={list} every={managed === 'all'} initialScope={scope} onCreated={setShown} />
      <SelectField
        label={t('staff.showFor')}
        value={scope}
        onChange={(e) => setScope(e.target.value)}
        data-testid="staff-scope"
      >
        <option value={EVERY}>{t('staff.everyAccount')}</option>
        {list.map((tm) => (
          <option key={tm.id} value={tm.id}>
            {tm.name} ({tm.id})
          </option>
        ))}
      </SelectField>
      <Loaded resource={accounts}>
        {({ accounts: all }) => {
          const shownAccounts =
            scope === EVERY
              ? all
              : all.filter(
                  (a) =>
                    a.roles.length > 0 ||
                    (Object.hasOwn(a.tournamentRoles, scope) && (a.tournamentRoles[scope]?.length ?? 0) > 0),
                );
          return (
            <ul className="card-list">
              {shownAccounts.map((a) => (
                <AccountCard
                  key={a.id}
                  account={a}
                  tournaments={list}
                  every={managed === 'all'}
                  scope={scope === EVERY ? fallback : scope}
                  onPassword={setShown}
                />
              ))}
            </ul>
          );
        }}
      </Loaded>
    </section>
  );
}

function OneTimePassword({ shown, onClose }: { shown: Shown; onClose: () => void }) {
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

function RoleChecks({
  value,
  onChange,
  legend,
}: {
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  legend: string;
}) {
  const { t } = useT();
  return (
    <fieldset className="role-checks">
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <label key={role} className="check">
          <input
            type="checkbox"
            name={`role-${role}`}
            checked={value.includes(role)}
            onChange={(e) => onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))}
          />
          <span>{t(`role.${role}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function ScopeSelect({
  tournaments,
  every,
  value,
  onChange,
  testId,
}: {
  tournaments: readonly TournamentListItem[];
  /** Whether "every tournament" may be chosen (an organizer for every tournament). */
  every: boolean;
  value: string;
  onChange: (scope: string) => void;
  testId: string;
}) {
  const { t } = useT();
  return (
    <SelectField
      label={t('staff.scope')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={value === EVERY ? t('staff.scopeEvery') : t('staff.scopeOne')}
      data-testid={testId}
    >
      {every && <option value={EVERY}>{t('staff.everyTournament')}</option>}
      {tournaments.map((tm) => (
        <option key={tm.id} value={tm.id}>
          {tm.name} ({tm.id})
        </option>
      ))}
    </SelectField>
  );
}

function CreateAccount({
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

/** The roles an account holds, in words: for every tournament, then tournament by tournament. */
function RolesText({ account }: { account: StaffAccount }) {
  const { t } = useT();
  const words = (roles: readonly Role[]) => roles.map((r) => t(`role.${r}`)).join(t('staff.listSeparator'));
  const scoped = Object.entries(account.tournamentRoles);
  return (
    <ul className="plain-list">
      {account.roles.length > 0 && <li>{t('staff.rolesEvery', { roles: words(account.roles) })}</li>}
      {scoped.map(([id, roles]) => (
        <li key={id}>{t('staff.rolesFor', { tournament: id, roles: words(roles) })}</li>
      ))}
    </ul>
  );
}

function AccountCard({
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
