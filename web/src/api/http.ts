import { inBothLangs, type Text } from '../i18n/i18n';
import { SAVED_READS } from '../sw/saved-reads-protocol';
import { connection } from './connection';
import { savedReadsOwner } from './saved-reads';

/** The server's error body: a code for programs, a sentence in each language for people. */
export interface ErrorBody {
  readonly code: string;
  readonly message: string;
  readonly messageJa: string;
  readonly path?: string;
}

/** An answer with an error status; `text` is what the person at the screen reads. */
export class ApiError extends Error {
  readonly text: Text;
  constructor(
    readonly status: number,
    readonly code: string,
    text: Text,
    readonly path?: string,
    /** 429: the seconds the server asked to wait (Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(`${status} ${code}: ${text.en}`);
    this.name = 'ApiError';
    this.text = text;
  }
}

/** No answer at all: offline, DNS, a dropped connection. Always worth retrying. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
  /** The tournament version from the ETag, when the answer is about a tournament. */
  readonly version: number | null;
  /** Offline: the service worker answered with what it saved then (ms since epoch); null for the server's answer. */
  readonly savedAt: number | null;
}

/** The session's CSRF token, from the readable cookie the server sets at login. */
export function csrfToken(): string | undefined {
  const match = /(?:^|;\s*)shinpan_csrf=([^;]+)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

function versionOf(headers: Headers, body: unknown): number | null {
  const etag = headers.get('etag');
  const digits = etag ? /\d+/.exec(etag)?.[0] : undefined;
  if (digits) return Number(digits);
  const version = (body as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : null;
}

function toApiError(status: number, body: unknown, headers: Headers): ApiError {
  const known = body as Partial<ErrorBody> | null;
  const wait = Number(headers.get('retry-after') ?? '');
  const retryAfter = status === 429 && Number.isFinite(wait) && wait > 0 ? wait : undefined;
  if (known && typeof known.code === 'string' && typeof known.message === 'string') {
    const text = { en: known.message, ja: known.messageJa ?? known.message };
    return new ApiError(status, known.code, text, known.path, retryAfter);
  }
  return new ApiError(status, `http-${status}`, inBothLangs('status.serverAnswered', { status }));
}

export interface RequestInit {
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/**
 * Tells the connection what this answer says of the server: its own answer (any status) means it
 * is reachable; a saved one the service worker gave because the network refused the read means
 * it is not; a saved one given because the server was slow says nothing either way.
 */
function noteWhoAnswered(headers: Headers): void {
  if (!headers.has(SAVED_READS.savedAt)) connection.answered();
  else if (headers.get(SAVED_READS.savedBecause) === 'failed') connection.unanswered();
}

/**
 * One request to the API: JSON in and out, the CSRF header on writes. Throws ApiError for an
 * error status and NetworkError when no answer came.
 */
export async function request<T>(method: string, path: string, init: RequestInit = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  // Only writes carry it: reading document.cookie waits on the browser, which a slowed phone
  // opening a screen felt on every read.
  const csrf = method === 'GET' ? undefined : csrfToken();
  if (csrf) headers['x-csrf-token'] = csrf;
  // Whose read this is: the service worker serves a saved answer offline only to the same sign-in.
  if (method === 'GET') headers[SAVED_READS.owner] = savedReadsOwner();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    // A caller's abort is theirs; a timeout (AbortSignal.timeout: TimeoutError) is no answer.
    if ((error as Error).name === 'AbortError') throw error;
    connection.unanswered();
    throw new NetworkError(error);
  }
  noteWhoAnswered(response.headers);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (init.signal?.aborted) throw error;
    // The connection dropped in the middle of the answer: as good as no answer.
    throw new NetworkError(error);
  }
  let body: unknown = null;
  if (text && (response.headers.get('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) throw toApiError(response.status, body, response.headers);
  const saved = Date.parse(response.headers.get(SAVED_READS.savedAt) ?? '');
  return {
    status: response.status,
    body: body as T,
    version: versionOf(response.headers, body),
    savedAt: Number.isFinite(saved) ? saved : null,
  };
}

/** GET a JSON resource. */
export function get<T>(path: string, signal?: AbortSignal): Promise<Answer<T>> {
  return request<T>('GET', path, signal ? { signal } : {});
}

/** Whether a failed write should be sent again later with the same idempotency key. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429);
}
