import { useT } from '../i18n/use-t';
import type { PlayerPageView } from './self-service-api';

/**
 * On the player's own page, once their place is settled: out of the top cut (or out in it)
 * while it goes on, or the tournament over; the final place and the Swiss record.
 */
export function FinalPlace({ final }: { final: NonNullable<PlayerPageView['final']> }) {
  const { t } = useT();
  const title = final.finished
    ? t('selfService.final.finished')
    : final.topCut
      ? t('selfService.final.outInTopCut')
      : t('selfService.final.outOfTopCut');
  return (
    <div className="card stack" data-testid="final-place">
      <h2>{title}</h2>
      <p className="self-big">
        {final.place === null ? t('selfService.final.noPlace') : t('selfService.final.place', { place: final.place })}
      </p>
      <p data-testid="final-record">{t('selfService.final.record', final.record)}</p>
      {!final.finished && <p className="field-hint">{t('selfService.final.noMorePairing')}</p>}
    </div>
  );
}
