import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/**
 * A real HTTP receiver on loopback: records every request, answers `status` (200 by default);
 * can go down and come back on the same port.
 */
export class Receiver {
  readonly received: Received[] = [];
  status = 200;
  #server: Server | null = null;
  #port = 0;
  #waiters: { count: number; done: () => void }[] = [];

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        res.statusCode = this.status;
        res.end('ok');
        if (this.status >= 200 && this.status < 300) {
          this.received.push({ path: req.url ?? '', headers: req.headers, body });
          this.#waiters = this.#waiters.filter((w) => {
            if (this.received.length < w.count) return true;
            w.done();
            return false;
          });
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(this.#port, '127.0.0.1', resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async down(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` requests were answered with success (a positive signal, never a sleep). */
  until(count: number, timeoutMs = 30_000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`receiver: ${this.received.length} of ${count} deliveries within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#waiters.push({
        count,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
}

/** Polls a condition until it holds (for state only visible through an API). */
export async function eventually<T>(
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
