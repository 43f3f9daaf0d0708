import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/use-t';
import { outbox, type FailedWrite, type WriteLabel } from '../api/outbox';
import { RefusedWrite } from './refused-write';
import { SessionNotice } from './signed-in-as';

/** The outbox's state for a component: pending and refused writes, and whether the browser is online. */
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
 * change, or a rule the domain enforces).
 */
export function OutboxBar() {
  const { t } = useT();
  const label = useLabel();
  const { pending, failed, online } = useOutbox();
  const signedOut = pending.some((w) => w.waiting === 'signed-out');
  return (
    <div className="outbox" aria-live="polite">
      <SessionNotice />
      {!online && (
        <p className="notice notice-warn" role="status" data-testid="offline">
          {t('outbox.offline')}
        </p>
      )}
      {pending.length > 0 && (
        <details className="notice notice-pending" data-testid="pending-writes">
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
      )}
      {failed.map((f) => (
        <RefusedWrite key={f.key} failed={f} label={label} />
      ))}
    </div>
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
