import type { Text } from '../../core/text.js';

/** The event store could not be opened (unwritable file, unreachable server, bad URL); the message names which. */
export class StoreOpenError extends Error {
  constructor(
    readonly text: Text,
    options?: { readonly cause?: unknown },
  ) {
    super(text.en, options);
    this.name = 'StoreOpenError';
  }
}

/** The reason an error gives, for messages (without its stack). */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
