import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { paths } from '../api/tournament-api';
import type { TournamentListItem } from '../api/types';
import { Loaded } from '../components/status';
import { Link } from '../router';

/** Every tournament on this server, newest first; organizers get the button to create one. */
export function TournamentList() {
  const { t } = useT();
  const { account } = useSession();
  const list = useResource<{ tournaments: TournamentListItem[] }>(paths.tournaments);
  return (
    <section>
      <div className="title-row">
        <h1>{t('tournaments.title')}</h1>
        {can(account, 'CreateTournament') && (
          <Link to="/new" className="button button-primary">
            {t('tournaments.create')}
          </Link>
        )}
      </div>
      <Loaded resource={list}>
        {({ tournaments }) =>
          tournaments.length === 0 ? (
            <p className="empty">{t('tournaments.none')}</p>
          ) : (
            <ul className="card-list">
              {[...tournaments]
                .sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name))
                .map((tournament) => (
                  <li key={tournament.id} className="card">
                    <Link to={`/t/${encodeURIComponent(tournament.id)}`} className="card-link">
                      <span className="card-title">{tournament.name}</span>
                      <span className="muted">
                        {tournament.date} · {t(`tournaments.status.${tournament.status}`)}
                      </span>
                    </Link>
                  </li>
                ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
