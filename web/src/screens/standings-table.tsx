import { memo } from 'react';
import { useT } from '../i18n/use-t';
import type { StandingsRow } from '../api/types';
import { StatusBadge } from '../components/status-badge';
import { Link } from '../router';
import { PlayerName } from '../components/player-name';
import { TableScroll } from '../components/table-scroll';

/** A percentage with two decimals, as the standings board prints it. */
export const percent = (value: number): string => `${(value * 100).toFixed(2)}%`;

/** The standings rows: rank, player, points, record and the tiebreakers (memoised: a search above re-renders it only for new rows). */
export const StandingsTable = memo(function StandingsTable({
  rows,
  tournament,
  links = true,
}: {
  rows: readonly StandingsRow[];
  tournament: string;
  links?: boolean;
}) {
  const { t } = useT();
  return (
    <TableScroll label={t('nav.standings')}>
      <table className="data standings" data-testid="standings">
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('standings.rank')}
            </th>
            <th scope="col">{t('standings.player')}</th>
            <th scope="col" className="num">
              {t('standings.points')}
            </th>
            <th scope="col" className="num">
              {t('standings.record')}
            </th>
            <th scope="col" className="num">
              <abbr title={t('standings.omwLong')}>{t('standings.omw')}</abbr>
            </th>
            <th scope="col" className="num">
              <abbr title={t('standings.oomwLong')}>{t('standings.oomw')}</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={row.player} row={row} tournament={tournament} links={links} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
});

/** One line of the standings; memoised, so a search over thousands re-renders only new lines. */
const Row = memo(function Row({ row, tournament, links }: { row: StandingsRow; tournament: string; links: boolean }) {
  const { t } = useT();
  return (
    <tr className={row.dropped ? 'row-dropped' : undefined}>
      <td className="num">{row.rank ?? '—'}</td>
      <th scope="row">
        {links ? (
          <Link to={`/t/${encodeURIComponent(tournament)}/players/${encodeURIComponent(row.player)}`}>
            <PlayerName name={row.name} reading={row.reading} />
          </Link>
        ) : (
          <PlayerName name={row.name} reading={row.reading} />
        )}{' '}
        <span className="muted">{row.player}</span>
        <StatusBadge status={row.status} />
        {row.cutAfterRound !== undefined && (
          <span className="badge">{t('formats.cutAfter', { round: row.cutAfterRound })}</span>
        )}
      </th>
      <td className="num">{row.points}</td>
      <td className="num">{`${row.wins}-${row.losses}-${row.draws}`}</td>
      <td className="num">{percent(row.opponentsWinPct)}</td>
      <td className="num">{percent(row.opponentsOpponentsWinPct)}</td>
    </tr>
  );
});
