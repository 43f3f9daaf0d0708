import { PlayerImport } from './player-import';
import { useState } from 'react';
import { useDeferredValue } from '../components/deferred-value';
import { useT } from '../i18n/use-t';
import { can, useSession } from '../api/session';
import { useTournament } from '../api/tournament-context';
import { SelectField } from '../components/form';
import { Loaded } from '../components/status';
import { usePlayers } from '../penalty/player-picker';
import { Link, useLocation } from '../router';
import { PlayerPages } from './player-list';
import { RegisterForm } from './register-form';

/** Player registration with the decklist and its check, and the list of players. */
export function Players() {
  const { t } = useT();
  const { query: linkQuery } = useLocation();
  const { account } = useSession();
  const { id } = useTournament();
  const players = usePlayers();
  // `?q=`: a link from the rounds screen opens the list on one player.
  const [filter, setFilter] = useState(() => linkQuery.get('q') ?? '');
  const [order, setOrder] = useState<'registration' | 'name'>('registration');
  const query = useDeferredValue(filter.trim().toLowerCase());
  const canRegister = can(account, 'RegisterPlayer', id);
  return (
    <section className="stack">
      <h1>{t('players.title')}</h1>
      <Link to={`/t/${encodeURIComponent(id)}/check-in`}>{t('selfService.checkInView.title')}</Link>{' '}
      <Link to={`/t/${encodeURIComponent(id)}/decklists`}>{t('entry.staff.title')}</Link>
      {canRegister && <RegisterForm />}
      {canRegister && <PlayerImport />}
      <Loaded resource={players}>
        {(list) => {
          return (
            <>
              <h2>{t('players.count', { count: list.length })}</h2>
              <label className="field search">
                <span className="visually-hidden">{t('players.filter')}</span>
                <input
                  type="search"
                  placeholder={t('players.filter')}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                />
              </label>
              <SelectField
                label={t('names.order')}
                value={order}
                onChange={(e) => setOrder(e.target.value === 'name' ? 'name' : 'registration')}
                hint={order === 'name' ? t('names.rule') : undefined}
                data-testid="players-order"
              >
                <option value="registration">{t('names.orderRegistration')}</option>
                <option value="name">{t('names.orderByName')}</option>
              </SelectField>
              <PlayerPages list={list} query={query} order={order} canRegister={canRegister} />
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
