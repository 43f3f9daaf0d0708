import type { AssessError } from '../../core/policy/assess-types.js';
import type { Text } from '../../core/text.js';

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

export const unauthenticated = (): HttpError =>
  new HttpError(401, 'unauthenticated', {
    en: 'Log in first (or send an API token).',
    ja: '先にログインしてください（または API トークンを送ってください）。',
  });

export const forbidden = (what: Text): HttpError =>
  new HttpError(403, 'forbidden', {
    en: `Your role may not ${what.en}.`,
    ja: `あなたの役割では${what.ja}ことはできません。`,
  });

export const notFound = (what: Text): HttpError =>
  new HttpError(404, 'not-found', { en: `${what.en} not found.`, ja: `${what.ja}が見つかりません。` });

export const versionConflict = (expected: number, actual: number): HttpError =>
  new HttpError(409, 'version-conflict', {
    en: `The tournament changed since you loaded it (you had version ${expected}, it is now ${actual}). Reload and try again.`,
    ja: `読み込んだ後に大会が更新されました（あなたの版 ${expected}、現在 ${actual}）。再読み込みしてからやり直してください。`,
  });

export const idempotencyKeyReused = (key: string): HttpError =>
  new HttpError(422, 'idempotency-key-reused', {
    en: `The Idempotency-Key "${key}" was already used for a different request. Use a new key for a new write.`,
    ja: `Idempotency-Key「${key}」は別の書き込みで使われています。新しい書き込みには新しいキーを使ってください。`,
  });

/** `issue.path` of a schema error as a readable path: `body.players[0].id`. */
/** A report the policy engine cannot assess: a 400 naming the body field (the engine words its checks in English only). */
export function invalidReport(error: AssessError): HttpError {
  const where = `body.${error.field}`;
  return new HttpError(
    400,
    'invalid-report',
    { en: `${where}: ${error.message}`, ja: `${where}: ${error.message}` },
    where,
  );
}

export function formatPath(part: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    part,
  );
}
