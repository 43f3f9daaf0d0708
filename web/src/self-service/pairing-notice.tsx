import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';
import type { PlayerPageView } from './self-service-api';

/*
 * A browser notification when the player's new round comes out (a held round published, or any
 * new pairing) while their page is open. The browser asks for permission only when the player
 * taps the button: browsers refuse (or remember as a refusal) a request made without a gesture.
 */

const supported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

/** Shows the notification through the service worker where there is one (Android's Chrome allows only that), else directly. */
async function show(title: string, body: string, tag: string): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration?.().catch(() => undefined);
  if (registration) return registration.showNotification(title, { body, tag });
  new Notification(title, { body, tag });
}

/** Notifies once per new round shown on the page (not on the first load: the player is looking at it). */
export function usePairingNotice(view: PlayerPageView | undefined): void {
  const { t } = useT();
  const seen = useRef<number | null | undefined>(undefined);
  const match = view?.match ?? null;
  const round = view === undefined ? undefined : (match?.round ?? null);
  useEffect(() => {
    if (round === undefined) return;
    const before = seen.current;
    seen.current = round;
    if (before === undefined || round === null || round === before || match === null) return;
    if (!supported() || Notification.permission !== 'granted') return;
    const title = t('selfService.notificationTitle', { round });
    const body = match.bye
      ? t('selfService.notificationBye')
      : t('selfService.notificationBody', { table: match.table, opponent: match.opponent?.name ?? '' });
    void show(title, body, `round-${round}`).catch(() => undefined);
  }, [round, match, t]);
}

/** The player's switch: asks the browser's permission on their tap; says when the browser blocks it. */
export function NotifyButton() {
  const { t } = useT();
  const [permission, setPermission] = useState(() => (supported() ? Notification.permission : 'unsupported'));
  // A plain-HTTP address (a venue's LAN) is not a secure context: the browser answers "denied"
  // without asking anyone. That is not the player's setting; the page still updates by itself.
  if (typeof window !== 'undefined' && !window.isSecureContext)
    return (
      <p className="field-hint" data-testid="notify-insecure">
        {t('venueNet.notifyInsecure')}
      </p>
    );
  if (permission === 'unsupported') return null;
  if (permission === 'granted')
    return (
      <p className="field-hint" data-testid="notify-on">
        {t('selfService.notifyOn')}
      </p>
    );
  if (permission === 'denied')
    return (
      <p className="field-hint" data-testid="notify-blocked">
        {t('selfService.notifyBlocked')}
      </p>
    );
  return (
    <button
      type="button"
      className="button button-wide"
      onClick={() => void Notification.requestPermission().then(setPermission)}
      data-testid="notify-button"
    >
      {t('selfService.notify')}
    </button>
  );
}
