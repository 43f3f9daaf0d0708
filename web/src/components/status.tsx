import { withoutPath } from '../api/error-text';
import { useSyncExternalStore } from 'react';
import { useT } from '../i18n/use-t';
import { outbox } from '../api/outbox';
import { ApiError, NetworkError } from '../api/http';
import type { Resource } from '../api/resource';
import { formatTime, useLang } from '../i18n/i18n';

/** A spinner line that screen readers announce. */
export function Loading() {
  const { t } = useT();
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {t('status.loading')}
    </p>
  );
}

/** The domain writes its English messages in lower case (they are also used mid-sentence); on screen each starts a sentence. */

export function asSentence(text: string): string {
  const trimmed = text.trim();
  const sentence = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  // Only an English sentence gets its full stop; Japanese messages end as the server wrote them.
  return /[A-Za-z0-9)\]]$/.test(sentence) ? `${sentence}.` : sentence;
}

/** An error in the person's language: the server's own sentence, or what went wrong on the way. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useT();
  const { pick } = useLang();
  const text =
    error instanceof ApiError
      ? asSentence(withoutPath(pick(error.text)))
      : error instanceof NetworkError
        ? t('status.networkError')
        : error instanceof Error
          ? error.message
          : String(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('action.retry')}
        </button>
      )}
    </div>
  );
}

/**
 * The three states of a loaded view: loading the first time, failed with nothing to show, or
 * the data (with a "stale" note when a reload failed and older data stays on screen, a "saved"
 * note when, offline, the service worker answered with what it saved earlier).
 */
export function Loaded<T>({ resource, children }: { resource: Resource<T>; children: (data: T) => React.ReactNode }) {
  const { t } = useT();
  const { lang } = useLang();
  // Offline, the banner under the header says that what is shown is saved: not each view again.
  const { online } = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  if (resource.data === undefined) {
    if (resource.error) return <ErrorNotice error={resource.error} onRetry={resource.reload} />;
    return <Loading />;
  }
  return (
    <>
      {online && resource.stale && (
        <p className="notice notice-warn" role="status">
          {t('status.stale', { time: resource.loadedAt ? formatTime(resource.loadedAt, lang, true) : '' })}{' '}
          <button type="button" className="link-button" onClick={resource.reload}>
            {t('action.retry')}
          </button>
        </p>
      )}
      {online && resource.savedAt !== null && !resource.stale && (
        <p className="notice notice-warn" role="status" data-testid="saved-notice">
          {t('savedReads.notice', { time: formatTime(resource.savedAt, lang) })}{' '}
          <button type="button" className="link-button" onClick={resource.reload}>
            {t('action.retry')}
          </button>
        </p>
      )}
      {children(resource.data)}
    </>
  );
}
