import { useT } from '../i18n/use-t';
import { CodeForm } from '../components/code-form';
import { isPhased, useRoundLabel } from '../components/round-label';
import { infractionOf, penaltyOf, usePack } from '../api/policy';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { useTournament } from '../api/tournament-context';
import { paths } from '../api/tournament-api';
import { PlayerName } from '../components/player-name';
import type { PlayerHistory } from '../api/types';
import { Loaded } from '../components/status';
import { useLang } from '../i18n/i18n';
import { AppealNotes } from '../penalty/appeal-notes';
import { TableScroll } from '../components/table-scroll';
import { Link, navigate, useLocation } from '../router';

/**
 * One player's tournament: every round from their side and every penalty with its appeals.
 * Staff see it directly; a player opens it with the code on their registration slip.
 */
export function PlayerRecord({ player }: { player: string }) {
  const { t } = useT();
  const { id } = useTournament();
  const { account } = useSession();
  const { query, path } = useLocation();
  const code = query.get('code') ?? undefined;
  const staff = can(account, 'staff:read', id);
  const ready = staff || code !== undefined;
  const record = useResource<PlayerHistory | { record: PlayerHistory }>(
    ready ? paths.playerRecord(id, player, staff ? undefined : code) : null,
  );
  const history = record.data === undefined ? undefined : 'record' in record.data ? record.data.record : record.data;
  if (!ready)
    return (
      <CodeForm
        title={t('record.title')}
        open={t('record.open')}
        onCode={(c) => navigate(`${path}?code=${encodeURIComponent(c)}`)}
      />
    );
  return <Loaded resource={{ ...record, data: history }}>{(h) => <RecordView history={h} />}</Loaded>;
}

function RecordView({ history }: { history: PlayerHistory }) {
  const { t } = useT();
  const { pick } = useLang();
  const { pack } = usePack();
  const { id, summary } = useTournament();
  const { account } = useSession();
  const { label: roundLabel } = useRoundLabel();
  const label = (r: PlayerHistory['rounds'][number]) => roundLabel(r, isPhased(summary.data));
  return (
    <section className="stack">
      <h1>
        <PlayerName name={history.name} /> <span className="muted">{history.id}</span>
      </h1>
      {(history.dropped || history.rankWithdrawn) && (
        <p className="notice notice-warn">{history.rankWithdrawn ? t('record.rankWithdrawn') : t('record.dropped')}</p>
      )}
      <h2>{t('record.rounds')}</h2>
      {history.rounds.length === 0 ? (
        <p className="empty">{t('record.noRounds')}</p>
      ) : (
        <TableScroll label={t('record.rounds')}>
          <table className="data" data-testid="record-rounds">
            <thead>
              <tr>
                <th scope="col">{t('record.round')}</th>
                <th scope="col">{t('record.table')}</th>
                <th scope="col">{t('record.opponent')}</th>
                <th scope="col">{t('record.result')}</th>
              </tr>
            </thead>
            <tbody>
              {history.rounds.map((r) => (
                <tr key={r.round}>
                  <td>{label(r)}</td>
                  <td>{r.table ?? '—'}</td>
                  <td>{r.opponent ? <PlayerName name={r.opponent.name} /> : '—'}</td>
                  <td>
                    {t(`result.kind.${r.result}`)}
                    {r.result !== 'bye' && r.result !== 'missed' && r.result !== 'pending'
                      ? ` ${r.duelsWon}-${r.duelsLost}`
                      : ''}
                    {r.byPenalty ? ` (${t('outcome.byPenalty')})` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <h2>{t('record.penalties')}</h2>
      {history.penalties.length === 0 ? (
        <p className="empty">{t('record.noPenalties')}</p>
      ) : (
        <ul className="card-list" data-testid="record-penalties">
          {history.penalties.map((p) => (
            <li key={p.id} className={`card${p.rescinded ? ' card-struck' : ''}`}>
              <p>
                <strong>{pick(penaltyOf(pack, p.penalty)?.name) || p.penalty}</strong> —{' '}
                {pick(infractionOf(pack, p.infraction)?.name) || p.infraction}
              </p>
              <p className="muted">
                {t('rounds.round', { round: p.round })}
                {p.penalty !== p.guideline &&
                  ` · ${t('record.guidelineWas', { penalty: pick(penaltyOf(pack, p.guideline)?.name) })}`}
                {p.rescinded && ` · ${t('queue.rescinded')}`}
              </p>
              {p.deviationReason && <p>{t('record.deviationReason', { reason: p.deviationReason })}</p>}
              <AppealNotes appeals={p.appeals} pack={pack} />
            </li>
          ))}
        </ul>
      )}
      {can(account, 'IssuePenalty', id) && (
        <Link className="button" to={`/t/${encodeURIComponent(id)}/penalty?player=${encodeURIComponent(history.id)}`}>
          {t('round.penalty')}
        </Link>
      )}
    </section>
  );
}
