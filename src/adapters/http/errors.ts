import type { AssessError } from '../../core/policy/assess-types.js';
import type { Text } from '../../core/text.js';
import { M } from './messages/errors.js';

/** The JSON body of every error answer: a stable code for programs, a sentence for people in both languages. */
export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly messageJa: string;
  /** Where in the request the problem is, e.g. `body.players[0].id`. */
  readonly path?: string;
}

/** Thrown by handlers and hooks; the server's error handler turns it into an `ErrorBody`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly text: Text,
    readonly path?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(text.en);
    this.name = 'HttpError';
  }

  body(): ErrorBody {
    return {
      code: this.code,
      message: this.text.en,
      messageJa: this.text.ja,
      ...(this.path === undefined ? {} : { path: this.path }),
    };
  }
}

export const unauthenticated = (): HttpError => new HttpError(401, 'unauthenticated', M.text('unauthenticated'));

export const forbidden = (what: Text): HttpError =>
  new HttpError(403, 'forbidden', M.text('forbidden', { action: what }));

export const notFound = (what: Text): HttpError => new HttpError(404, 'not-found', M.text('not-found', { what }));

export const versionConflict = (expected: number, actual: number): HttpError =>
  new HttpError(409, 'version-conflict', M.text('version-conflict', { expected, actual }));

export const idempotencyKeyReused = (key: string): HttpError =>
  new HttpError(422, 'idempotency-key-reused', M.text('idempotency-key-reused', { key }));

/** A text that names where in the request it applies (`body.data: …`), in both languages. */
export const atPath = (where: string, text: Text): Text => ({ en: `${where}: ${text.en}`, ja: `${where}: ${text.ja}` });

/** A report the policy engine cannot assess: a 400 naming the body field (the engine words its checks in English only). */
export function invalidReport(error: AssessError): HttpError {
  const where = `body.${error.field}`;
  return new HttpError(400, 'invalid-report', atPath(where, error.text), where);
}

/** `issue.path` of a schema error as a readable path: `body.players[0].id`. */
export function formatPath(part: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    part,
  );
}
