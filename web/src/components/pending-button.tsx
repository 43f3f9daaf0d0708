import { useState, type ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import type { ApiError } from '../api/http';
import { outbox, type WriteOutcome } from '../api/outbox';
import { ErrorNotice } from './status';
import { useWrite } from './use-write';

/**
 * A button for one write: while the outbox holds the write it says "sending…" (and stays
 * pressed, so a second tap cannot send it twice); a refusal shows the server's message beside it.
 */
export function WriteButton({
  onWrite,
  children,
  className = 'button',
  disabled,
  confirm,
  onDone,
  onRefused,
  ...rest
}: {
  onWrite: () => Promise<WriteOutcome>;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** Asked first; the write goes only if the person agrees. */
  confirm?: string;
  onDone?: (outcome: WriteOutcome & { ok: true }) => void;
  /** A refusal the screen answers itself (say, with a confirmation): true, and it is not shown here. */
  onRefused?: (error: ApiError) => boolean;
  'data-testid'?: string;
  'aria-label'?: string;
}) {
  const { t } = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useWrite();
  async function click() {
    if (confirm && !window.confirm(confirm)) return;
    setPending(true);
    setError(null);
    const outcome = await run(onWrite);
    setPending(false);
    if (outcome.ok) onDone?.(outcome);
    // A refusal of a write that waited in the queue is in the refused list, with what to do about it;
    // a screen may answer a refusal itself (onRefused).
    else if (!outbox.isKept(outcome.failed.key) && !onRefused?.(outcome.error)) setError(outcome.error);
  }
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled || pending}
        aria-busy={pending || undefined}
        onClick={() => void click()}
        {...rest}
      >
        {pending ? (
          <>
            <span className="spinner" aria-hidden="true" /> {t('status.sending')}
          </>
        ) : (
          children
        )}
      </button>
      {error !== null && <ErrorNotice error={error} />}
    </>
  );
}
