/*
 * What the adapters' background work has to say to whoever runs the process: a failure that
 * is retried later instead of failing a request (a WAL checkpoint, pruning old idempotency
 * keys, storing the list's summaries, a live feed's read, a dropped PostgreSQL connection),
 * and migrations applied. The server logs them (logging.ts); a CLI command ignores them.
 * Listeners are few (one per server in the process); a notice without one goes nowhere.
 */

export interface OperationalNotice {
  readonly level: 'info' | 'warn';
  /** What happened, as a stable word: `wal-checkpoint-failed`, `migrated`, … */
  readonly what: string;
  readonly detail?: Readonly<Record<string, unknown>>;
  readonly error?: unknown;
}

const listeners = new Set<(notice: OperationalNotice) => void>();

/** Hears every notice from now on; returns the function that stops. */
export function onOperationalNotice(listener: (notice: OperationalNotice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function operationalNotice(notice: OperationalNotice): void {
  for (const listener of listeners) listener(notice);
}

/** A failure that background work swallows and retries later: said as a warning. */
export const swallowed =
  (what: string, detail?: Readonly<Record<string, unknown>>) =>
  (error: unknown): undefined => {
    operationalNotice({ level: 'warn', what, error, ...(detail === undefined ? {} : { detail }) });
    return undefined;
  };
