import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import type { ApiError } from '../api/http';
import type { WriteOutcome } from '../api/outbox';
import { penaltyOf, usePack } from '../api/policy';
import type { PenaltyId } from '../api/types';
import { withoutPath } from '../api/error-text';
import { asSentence } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';

/** A penalty (or a request for one) decided on the phone offline, waiting in the outbox. */
export interface Queued {
  readonly kind: 'penalty' | 'request';
  /** Settles when the server has decided it again. */
  readonly outcome: Promise<WriteOutcome>;
  /** The penalty the judge chose. */
  readonly penalty: PenaltyId;
  /** The penalty log the phone decided from was saved then (ms since epoch). */
  readonly asOf: number;
}

/**
 * The penalty waits, marked as not yet confirmed. Once the connection is back the server decides
 * it again: the same guideline, and it is issued (the flow's "issued" screen follows); another
 * one, and it is refused with both answers here and in the refused list, nothing issued.
 */
export function QueuedPenalty({
  queued,
  player,
  onIssued,
  onRequested,
  onAnother,
}: {
  queued: Queued;
  player: string;
  onIssued: (answer: unknown) => void;
  onRequested: (requestId: number) => void;
  onAnother: () => void;
}) {
  const { t } = useT();
  const { lang, pick } = useLang();
  const { pack } = usePack();
  const [refused, setRefused] = useState<ApiError | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the callbacks belong to the flow that made this write; only a new write is waited for again.
  useEffect(() => {
    let live = true;
    void queued.outcome.then((outcome) => {
      if (!live) return;
      if (!outcome.ok) setRefused(outcome.error);
      else if (queued.kind === 'request')
        onRequested((outcome.body as { request?: { requestId?: number } }).request?.requestId ?? 0);
      else onIssued(outcome.body);
    });
    return () => {
      live = false;
    };
  }, [queued]);
  const values = {
    name: player,
    penalty: pick(penaltyOf(pack, queued.penalty)?.name) || queued.penalty,
    time: formatTime(queued.asOf, lang),
  };
  return (
    <section className="stack narrow" aria-live="polite">
      {refused === null ? (
        <>
          <h1>{t('penalty.queuedTitle')}</h1>
          <p className="notice notice-warn" data-testid="penalty-queued">
            {t(queued.kind === 'request' ? 'penalty.queuedRequest' : 'penalty.queued', values)}
          </p>
        </>
      ) : (
        <>
          <h1>{t('penalty.queuedRefusedTitle')}</h1>
          <p className="notice notice-error" data-testid="queued-refused">
            {asSentence(withoutPath(pick(refused.text)))}
          </p>
          <p>{t('penalty.queuedRefusedNext', values)}</p>
        </>
      )}
      <button type="button" className="button button-primary" onClick={onAnother}>
        {t('penalty.another')}
      </button>
    </section>
  );
}
