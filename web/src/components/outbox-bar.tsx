import { useEffect, useState, useSyncExternalStore } from 'react';
import { useT } from '../i18n/use-t';
import { outbox, type FailedWrite, type PendingWrite, type WriteLabel } from '../api/outbox';
import { useSavedShown } from '../api/resource';
import { formatTime, useLang } from '../i18n/i18n';
import { RefusedWrite } from './refused-write';
import { SessionNotice } from './signed-in-as';

/** The outbox's state for a component: pending and refused writes, and whether the server is in reach (connection.ts). */
export function useOutbox() {
  return useSyncExternalStore(outbox.subscribe, outbox.snapshot);
}

export function useLabel(): (label: WriteLabel) => string {
  const { t } = useT();
  return (label) => t(label.key, label.params ?? {});
}

/**
 * The strip under the header: a sign-in shown from what the device saved, offline, writes
 * waiting to be acknowledged, and writes the server refused (a conflict with someone else's
 * change, or a rule the domain enforces). Offline, all but the refusals are one banner: on a
 * phone three would fill the first screen.
 */
export function OutboxBar() {
  const { pending, failed, online } = useOutbox();
  const label = useLabel();
  return (
    <div className="outbox" aria-live="polite">
      {online ? (
        <>
          <SessionNotice />
          {pending.length > 0 && <PendingWrites pending={pending} className="notice notice-pending" />}
        </>
      ) : (
        <OfflineBanner pending={pending} />
      )}
      {failed.map((f) => (
        <RefusedWrite key={f.key} failed={f} label={label} />
      ))}
    </div>
  );
}

/** Offline: that it is, since when the sign-in and the data shown were saved, and what waits to be sent. */
function OfflineBanner({ pending }: { pending: readonly PendingWrite[] }) {
  const { t } = useT();
  const { lang } = useLang();
  const savedRead = useSavedShown();
  return (
    <div className="notice notice-warn offline-banner" role="status" data-testid="offline-banner">
      <p data-testid="offline">{t('outbox.offline')}</p>
      <SessionNotice inBanner />
      {savedRead !== null && (
        <p data-testid="saved-notice">{t('savedReads.short', { time: formatTime(savedRead, lang) })}</p>
      )}
      {pending.length > 0 && <PendingWrites pending={pending} className="offline-pending" />}
    </div>
  );
}

/** The writes waiting to be acknowledged, opened to list them, with "send now". */
function PendingWrites({ pending, className }: { pending: readonly PendingWrite[]; className: string }) {
  const { t } = useT();
  const label = useLabel();
  const signedOut = pending.some((w) => w.waiting === 'signed-out');
  const limited = pending.find((w) => w.problem !== undefined);
  return (
    <>
      {limited && <RateLimited write={limited} />}
      <details className={className} data-testid="pending-writes">
        <summary>
          <span className="spinner" aria-hidden="true" /> {t('outbox.pending', { count: pending.length })}
          {signedOut && ` — ${t('outbox.signInToSend')}`}
        </summary>
        <ul>
          {pending.map((w) => (
            <li key={w.key}>
              {label(w.label)}
              {w.attempts > 0 && <span className="muted"> · {t('outbox.attempts', { count: w.attempts })}</span>}
            </li>
          ))}
        </ul>
        <button type="button" className="button" onClick={() => outbox.retryNow()}>
          {t('outbox.sendNow')}
        </button>
      </details>
    </>
  );
}

/** What the server said when it asked to wait (too many from this network), and when the write goes again. */
function RateLimited({ write }: { write: PendingWrite }) {
  const { t } = useT();
  const { pick } = useLang();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((write.nextAt - now) / 1000));
  return (
    <p className="notice notice-warn" role="status" data-testid="rate-limited">
      {pick(write.problem!)} {t('outbox.retryIn', { count: seconds })}
    </p>
  );
}

/** The writes still waiting whose path starts with `prefix` (to mark a table or a player as pending). */
export function usePendingFor(prefix: string): number {
  const { pending } = useOutbox();
  return pending.filter((w) => w.path.startsWith(prefix)).length;
}

/** The refused writes whose path starts with `prefix` (shown again on the table card they were for). */
export function useFailedFor(prefix: string): readonly FailedWrite[] {
  const { failed } = useOutbox();
  return failed.filter((f) => f.request?.path.startsWith(prefix));
}
