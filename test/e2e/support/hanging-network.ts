import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The network between a phone and the real server, able to hang as venue Wi-Fi does: every
 * request reaches the server, but while `hang(path)` is on, the server's answers to that path
 * are held (neither failed nor delivered) until `release()`. It can also lose the server while
 * the phone's Wi-Fi stays up (`cut()` until `restore()`: every connection is reset, as when the
 * organizer's laptop leaves the venue network), which the browser does not report as offline.
 * The browser points at `url`.
 */
export class HangingNetwork {
  readonly #held: (() => void)[] = [];
  readonly #sockets = new Set<Socket>();
  #hanging: string | null = null;
  #cut = false;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  /** A network in front of the server at `target` (its origin). */
  static async open(target: string): Promise<HangingNetwork> {
    const upstream = new URL(target);
    let network: HangingNetwork | undefined;
    const server = createServer((request, response) => network!.pass(upstream, request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('hanging network: no port');
    network = new HangingNetwork(server, `http://127.0.0.1:${address.port}`);
    server.on('connection', (socket) => {
      if (network!.#cut) {
        socket.destroy();
        return;
      }
      network!.#sockets.add(socket);
      socket.on('close', () => network!.#sockets.delete(socket));
    });
    return network;
  }

  /** From now on, answers to requests whose path ends with `path` are held. */
  hang(path: string): void {
    this.#hanging = path;
  }

  /** How many answers are held now. */
  held(): number {
    return this.#held.length;
  }

  /** Every held answer goes through, and nothing more is held. */
  release(): void {
    this.#hanging = null;
    for (const deliver of this.#held.splice(0)) deliver();
  }

  /** From now on every connection is reset at once: the server is gone from the network. */
  cut(): void {
    this.#cut = true;
    for (const socket of this.#sockets) socket.destroy();
  }

  /** The server is back on the network. */
  restore(): void {
    this.#cut = false;
  }

  private pass(upstream: URL, request: IncomingMessage, response: ServerResponse): void {
    if (this.#cut) {
      request.socket.destroy();
      return;
    }
    const hang = this.#hanging !== null && (request.url ?? '').split('?')[0]!.endsWith(this.#hanging);
    const out = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        const deliver = () => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        };
        if (hang) this.#held.push(deliver);
        else deliver();
      },
    );
    out.on('error', () => response.destroy());
    request.pipe(out);
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
