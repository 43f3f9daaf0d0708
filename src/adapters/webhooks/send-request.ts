import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { publicOnlyLookup } from './outbound-address.js';

/** What one attempt answered: the status code, or why there was none. */
export type Attempt =
  | { readonly ok: true; readonly code: number }
  | { readonly ok: false; readonly code: number | null; readonly error: string };

/** The most of a receiver's answer read (and thrown away): a receiver cannot make us hold more. */
const ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one delivery. A 2xx is delivered; anything else (another status, a refused or reset
 * connection, no answer within `timeoutMs`) is a failed attempt. Redirects are not followed:
 * an endpoint's URL is the one the organizer gave.
 */
export function postDelivery(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  options: {
    readonly allowPrivate: boolean;
    readonly timeoutMs: number;
    readonly signal?: AbortSignal;
    /** Which statuses mean delivered (default: 2xx). */
    readonly accepted?: (code: number) => boolean;
  },
): Promise<Attempt> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (attempt: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', aborted);
      resolve(attempt);
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup as never }),
      },
      (res: IncomingMessage) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES) res.destroy();
        });
        const code = res.statusCode ?? 0;
        const finish = () =>
          done(
            (options.accepted ?? ((c: number) => c >= 200 && c < 300))(code)
              ? { ok: true, code }
              : { ok: false, code, error: `HTTP ${code}` },
          );
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, code: null, error: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    function aborted() {
      req.destroy();
      done({ ok: false, code: null, error: 'stopped: the server shut down during the attempt' });
    }
    options.signal?.addEventListener('abort', aborted);
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({ ok: false, code: null, error: error.code ? `${error.code}: ${error.message}` : error.message }),
    );
    req.end(body);
  });
}
