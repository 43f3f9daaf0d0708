import { useT } from '../i18n/use-t';
import { Link } from '../router';

/**
 * Staff on a plain-HTTP address (a venue's http://192.168.x.y:3000) lose what browsers keep
 * for secure contexts: reloading the console offline and notifications. One line says so and
 * leads to the venue's HTTPS page; writes, reads and live updates work either way.
 */
export function PlainHttpNotice() {
  const { t } = useT();
  if (typeof window === 'undefined' || window.isSecureContext) return null;
  return (
    <p className="notice notice-warn plain-http-notice" data-testid="plain-http">
      {t('venueNet.plainHttp')} <Link to="/https">{t('venueNet.recipeLink')}</Link>
    </p>
  );
}

/** Where links given to phones would point at an address no phone can open: said plainly, with the fix. */
export function UnreachableNotice({ origin }: { origin: string | null }) {
  const { t } = useT();
  if (origin !== null) return null;
  return (
    <p className="notice notice-warn no-print" data-testid="local-address">
      {t('venueNet.unreachable', { origin: window.location.origin })}
    </p>
  );
}
