import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { managedTournaments, useSession } from '../api/session';
import { paths } from '../api/tournament-api';
import type { TournamentListItem } from '../api/types';
import { SelectField } from '../components/form';
import { Loaded } from '../components/status';
import { useLocation } from '../router';
import { ACCOUNTS, EVERY, type Shown, type StaffAccount } from './staff-account';
import { OneTimePassword } from './one-time-password';
import { CreateAccount } from './create-account';
import { AccountCard } from './account-card';

export type { StaffAccount } from './staff-account';

/*
 * The organizer's staff screen: staff accounts with their roles for every tournament or for
 * given ones, created with a one-time password, reset, disabled and enabled again. Account
 * writes are not tournament writes (no outbox): each is sent at once and its refusal shown.
 */

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
