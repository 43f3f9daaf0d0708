import { useT } from '../i18n/use-t';
import { useTournament } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import type { SeatView } from '../api/types';
import { WriteButton } from '../components/pending-button';
import { Link } from '../router';
import { PlayerName } from '../components/player-name';
import { formatTime, useLang } from '../i18n/i18n';

/** One player on a table card: the name, the seat mark and, for a judge, the penalty link. */
export function Seat({
  seat,
  table,
  round,
  judge,
  version,
}: {
  seat: SeatView;
  table: number;
  round: number;
  judge: boolean;
  version: number | null;
}) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const base = `/t/${encodeURIComponent(id)}`;
  return (
    <li className="seat">
      <span className="seat-name">
        <Link to={`${base}/players/${encodeURIComponent(seat.id)}`}>
          <PlayerName name={seat.name} />
        </Link>{' '}
        <span className="muted">{seat.id}</span>
      </span>
      <span className="seat-tools">
        {seat.dropped && (
          <span className="badge badge-warn" data-testid={`dropped-${seat.id}`}>
            {t('players.dropped')}
          </span>
        )}
        {seat.seatedAt || seat.dropped ? (
          seat.dropped ? null : (
            <span className="badge" title={formatTime(seat.seatedAt!, lang, true)} data-testid={`seated-${seat.id}`}>
              {t('round.seated')}
            </span>
          )
        ) : (
          judge && (
            <WriteButton
              className="button button-small"
              onWrite={() => writes.markSeated(id, version, round, table, seat.id)}
              aria-label={t('round.markSeatedFor', { name: seat.name })}
              data-testid={`seat-${seat.id}`}
            >
              {t('round.markSeated')}
            </WriteButton>
          )
        )}
        {judge && (
          <Link
            className="button button-small"
            to={`${base}/penalty?player=${encodeURIComponent(seat.id)}&round=${round}&table=${table}`}
            aria-label={t('round.penaltyFor', { name: seat.name })}
          >
            {t('round.penalty')}
          </Link>
        )}
      </span>
    </li>
  );
}
