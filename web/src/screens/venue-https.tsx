import { useT } from '../i18n/use-t';
import { isLoopback } from '../api/phone-origin';
import { usePhoneOrigin } from '../api/venue';
import { QrCode } from '../self-service/qr-code';

/**
 * The page a staff phone follows once at a venue with no internet (docs/operations.md): install
 * the venue's certificate authority, then open the console over HTTPS, where it reloads offline
 * and notifies. Players' phones install nothing: they use the plain-HTTP address.
 */
export function VenueHttps() {
  const { t } = useT();
  const { venue, origin } = usePhoneOrigin();
  const secure = window.isSecureContext;
  const here = window.location;
  // The HTTPS address for staff: this page's own when it is HTTPS, else the server's first HTTPS LAN address.
  const secureUrl =
    here.protocol === 'https:' && !isLoopback(here.hostname)
      ? here.origin
      : ((venue?.publicUrl?.startsWith('https:') ? venue.publicUrl : venue?.secureUrls[0]) ?? null);
  const caUrl = `${origin ?? here.origin}/api/venue/ca.crt`;
  return (
    <section className="narrow stack" data-testid="venue-https">
      <h1>{t('venueNet.page.title')}</h1>
      <p className={`notice ${secure ? 'notice-ok' : 'notice-warn'}`} data-testid="venue-https-state">
        {t(secure ? 'venueNet.page.secure' : 'venueNet.page.insecure')}
      </p>
      {venue && !venue.caCertificate && secureUrl === null && (
        <p data-testid="venue-https-none">{t('venueNet.page.noHttps')}</p>
      )}
      {venue?.caCertificate && (
        <div className="card stack" data-testid="venue-ca">
          <h2>{t('venueNet.page.caTitle')}</h2>
          <p>{t('venueNet.page.caWhy')}</p>
          <p>
            <a href="/api/venue/ca.crt" download="shinpan-venue-ca.crt" className="button" data-testid="venue-ca-link">
              {t('venueNet.page.caDownload')}
            </a>
          </p>
          <QrCode text={caUrl} label={t('venueNet.page.caQr')} size={160} />
          <h3>iPhone / iPad</h3>
          <ol data-testid="venue-ios">
            <li>{t('venueNet.page.ios1')}</li>
            <li>{t('venueNet.page.ios2')}</li>
            <li>{t('venueNet.page.ios3')}</li>
          </ol>
          <h3>Android</h3>
          <ol data-testid="venue-android">
            <li>{t('venueNet.page.android1')}</li>
            <li>{t('venueNet.page.android2')}</li>
          </ol>
        </div>
      )}
      {secureUrl && (
        <div className="card stack" data-testid="venue-secure-url">
          <h2>{t('venueNet.page.openTitle')}</h2>
          <p>
            <a href={secureUrl}>{secureUrl}</a>
          </p>
          <QrCode text={secureUrl} label={t('venueNet.page.openQr')} size={160} />
        </div>
      )}
      <p className="field-hint">{t('venueNet.page.players')}</p>
    </section>
  );
}
