import { useT } from '../i18n/use-t';
import { infractionOf, penaltyOf, type Pack } from '../api/policy';
import type { PenaltyView } from '../api/types';
import { useLang } from '../i18n/i18n';

/** The player's earlier penalties in this tournament, the same infraction first: what a repeat is judged on. */
export function PlayerPenaltyHistory({
  pack,
  penalties,
  infraction,
}: {
  pack: Pack;
  penalties: readonly PenaltyView[];
  infraction: string;
}) {
  const { t } = useT();
  const { pick } = useLang();
  if (penalties.length === 0) return <p className="muted">{t('penalty.noHistory')}</p>;
  const ordered = [...penalties].sort(
    (a, b) => Number(b.infraction === infraction) - Number(a.infraction === infraction) || a.id - b.id,
  );
  return (
    <ul className="history" data-testid="penalty-history">
      {ordered.map((p) => (
        <li key={p.id} className={p.infraction === infraction ? 'history-same' : undefined}>
          <span>
            #{p.id} {pick(infractionOf(pack, p.infraction)?.name) || p.infraction} →{' '}
            <strong>{pick(penaltyOf(pack, p.penalty)?.name)}</strong>
          </span>
          <span className="muted">
            {p.round > 0 ? ` · ${t('rounds.round', { round: p.round })}` : ''}
            {p.status === 'rescinded' ? ` · ${t('queue.rescinded')}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
