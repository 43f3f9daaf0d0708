import { Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/*
 * The venue benches' HTTP client: node:http on keep-alive connections. The client runs on the
 * same 2 cores as the servers it measures, and Node's fetch cost about a millisecond of CPU per
 * request (as much as the server's answer to it), so at hundreds of requests a second the
 * figure was the client's. The server is asked as a phone asks (compressed answers accepted),
 * so its work is the same; an answer only drained (a reader's) is never decompressed.
 */

/** Connections kept open per process: more than the phones, readers and staff in flight together. */
const agent = new Agent({ keepAlive: true, maxSockets: 512 });

export interface LeanAnswer {
  readonly status: number;
  readonly contentType: string;
  /** The body as text; '' when only drained. */
  readonly text: string;
}

/** Sends one request to `url` (an http:// address); `drain` reads the answer to its end without decoding it. */
export function leanRequest(
  url: string,
  options: {
    readonly method: string;
    readonly headers: Record<string, string>;
    readonly body?: string;
    readonly signal: AbortSignal;
    readonly drain?: boolean;
  },
): Promise<LeanAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers, 'accept-encoding': 'br, gzip, deflate' };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(url, { method: options.method, headers, agent, signal: options.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (!options.drain) chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '');
        if (options.drain) return resolve({ status, contentType, text: '' });
        try {
          resolve({ status, contentType, text: decode(Buffer.concat(chunks), res.headers['content-encoding']) });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function decode(body: Buffer, encoding: string | undefined): string {
  switch (encoding) {
    case 'br':
      return brotliDecompressSync(body).toString('utf8');
    case 'gzip':
      return gunzipSync(body).toString('utf8');
    case 'deflate':
      return inflateSync(body).toString('utf8');
    default:
      return body.toString('utf8');
  }
}
