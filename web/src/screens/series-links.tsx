import type { PublicSeries } from '../../../src/app/projections/series-standings.js';
import { useResource } from '../api/resource';
import { useT } from '../i18n/use-t';
import { Link } from '../router';

interface ListedSeries extends Pick<PublicSeries, 'id' | 'name'> {
  /** The id the player's row has on the leaderboard. */
  readonly player?: string;
}

/**
 * On a player's own page once the tournament is over: the series it counts for, each a link to
 * the leaderboard with the player's own row highlighted. Nothing while no series holds it.
 */
export function SeriesLinks({ tournament, player }: { tournament: string; player: string }) {
  const { t } = useT();
  const list = useResource<{ series: ListedSeries[] }>(
    `/api/series?tournament=${encodeURIComponent(tournament)}&player=${encodeURIComponent(player)}`,
  );
  const series = list.data?.series ?? [];
  if (series.length === 0) return null;
  return (
    <ul className="plain" data-testid="my-series">
      {series.map((s) => (
        <li key={s.id}>
          <Link to={`/series/${encodeURIComponent(s.id)}?player=${encodeURIComponent(s.player ?? player)}`}>
            {t('series.myRanking', { name: s.name })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
