import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { Loaded } from '../components/status';
import { PrintPage } from '../print/print-page';
import { useLocation } from '../router';
import { QrCode } from './qr-code';
import { usePhoneOrigin } from '../api/venue';
import { UnreachableNotice } from '../components/venue-notices';
import { playerPageUrl, selfPaths, type SlipsView } from './self-service-api';

/**
 * Registration slips, one per player (or only `?player=` ids): the record code and a QR code
 * to the player's own page, where they check in, see their table and report results.
 */
export function PrintRegistrationSlips() {
  const { t } = useT();
  const { id, summary } = useTournament();
  const { query } = useLocation();
  const only = new Set(query.getAll('player'));
  const slips = useResource<SlipsView>(selfPaths.slips(id));
  const phone = usePhoneOrigin();
  // With no address phones can reach, the slips still print (say, to hand-write one) under a plain warning.
  const origin = phone.origin ?? window.location.origin;
  return (
    <PrintPage title={t('selfService.slips.title')}>
      <UnreachableNotice origin={phone.origin} />
      <Loaded resource={slips}>
        {(view) => (
          <div className="reg-slips" data-testid="registration-slips">
            {view.players
              .filter((p) => only.size === 0 || only.has(p.id))
              .map((p) => {
                const url = playerPageUrl(origin, id, p.id, p.code);
                return (
                  <article key={p.id} className="reg-slip" data-testid={`slip-${p.id}`} data-url={url}>
                    <div className="reg-slip-text">
                      <p className="muted">{summary.data?.settings.name}</p>
                      <h2 className="reg-slip-name">{p.name}</h2>
                      <p>
                        {t('selfService.slips.id')} <strong>{p.id}</strong>
                      </p>
                      <p>
                        {t('record.code')} <strong className="code">{p.code}</strong>
                      </p>
                      <p className="slip-note">
                        {t(view.reporting.enabled ? 'selfService.slips.scan' : 'selfService.slips.scanCheckIn')}
                      </p>
                      {/* For a phone that cannot scan: the address to type (short, without the code), then the code. */}
                      <p className="slip-url" data-testid="slip-url">
                        {t('selfService.slips.typeUrl')} <span className="url">{playerPageUrl(origin, id, p.id)}</span>
                      </p>
                    </div>
                    <QrCode text={url} label={t('selfService.slips.qr', { name: p.name })} />
                  </article>
                );
              })}
          </div>
        )}
      </Loaded>
    </PrintPage>
  );
}
