import { request, type ClientRequest } from 'node:http';
import { inPool } from '../lib/pool.js';
import { pause } from './venue-http.js';

/*
 * Many phones following a tournament's live stream (Server-Sent Events), as the players' pages
 * and the judges' consoles do. Each phone connects from a loopback address of its own group
 * (127.1.x.y, at most PER_ADDRESS phones an address): the server caps streams per client
 * address (SHINPAN_STREAMS_PER_ADDRESS, 20), as it should for a venue's phones, each behind its
 * own address. Every stream is its own connection (no agent, so no socket cap on the client).
 */

const PER_ADDRESS = 16;
/** Streams opened at once: a burst of thousands of connects would overflow the listen backlog. */
const CONNECTING = 32;
/** A stream refused or cut while connecting is tried again after this pause, as a console reconnects (the stream's `retry`). */
const RECONNECT_MS = 3000;
const RECONNECTS = 10;

/** A loopback address for the `n`-th phone of a group (`group` keeps players' and judges' addresses apart). */
export function phoneAddress(group: number, n: number): string {
  const a = Math.floor(n / PER_ADDRESS);
  return `127.${group}.${Math.floor(a / 250)}.${(a % 250) + 1}`;
}

export interface StreamEvent {
  readonly seq: number;
  readonly type: string;
  readonly data: any;
}

/** One open stream; `onEvents` sees every `events` frame's events as it arrives, with the arrival time. */
class Stream {
  #request: ClientRequest | null = null;
  frames = 0;
  closedEarly = false;

  connect(
    url: string,
    localAddress: string,
    token: string | null,
    onEvents: ((events: StreamEvent[], at: number) => void) | null,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      let buffer = '';
      let open = false;
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (token) headers.authorization = `Bearer ${token}`;
      this.#request = request(url, { headers, localAddress, agent: false }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`live stream from ${localAddress}: HTTP ${response.statusCode}`));
        }
        response.setEncoding('utf8');
        response.on('close', () => {
          if (!open) reject(new Error(`live stream from ${localAddress}: closed before hello`));
          else if (this.#request) this.closedEarly = true;
        });
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          const frames = buffer.split('\n\n');
          buffer = frames.pop() ?? '';
          for (const frame of frames) {
            this.frames++;
            if (!open && /^event: hello$/m.test(frame)) {
              open = true;
              resolve();
            }
            // Players' streams only count frames (a real page reloads its views on every `events` frame; these do not).
            if (!onEvents || !/^event: events$/m.test(frame)) continue;
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (data !== undefined) onEvents((JSON.parse(data) as { events: StreamEvent[] }).events, at);
          }
        });
      });
      this.#request.on('error', (error) => (open ? undefined : reject(error)));
      this.#request.end();
    });
  }

  close(): void {
    const r = this.#request;
    this.#request = null;
    r?.destroy();
  }
}

/** `count` phones following `url`'s live stream, opened `CONNECTING` at a time; one refused RECONNECTS times in a row is left out (`size` says how many are held). */
export class LiveStreams {
  readonly #streams: Stream[] = [];
  /** Connects tried again, by why the one before failed ("HTTP 408": 3). */
  readonly reconnects = new Map<string, number>();

  static async open(
    url: string,
    count: number,
    group: number,
    token: (n: number) => string | null,
    onEvents: ((n: number, events: StreamEvent[], at: number) => void) | null,
    progress: (opened: number) => void = () => undefined,
  ): Promise<LiveStreams> {
    const streams = new LiveStreams();
    let opened = 0;
    await inPool(
      CONNECTING,
      Array.from({ length: count }, (_, n) => n),
      async (n) => {
        for (let attempt = 0; ; attempt++) {
          const stream = new Stream();
          try {
            await stream.connect(
              url,
              phoneAddress(group, n),
              token(n),
              onEvents ? (events, at) => onEvents(n, events, at) : null,
            );
            streams.#streams.push(stream);
            break;
          } catch (error) {
            stream.close();
            const why = String((error as Error).message).replace(/^live stream from \S+ /, '');
            streams.reconnects.set(why, (streams.reconnects.get(why) ?? 0) + 1);
            // Given up on: the stream is missing from what the bench holds, and says so.
            if (attempt >= RECONNECTS) break;
            await pause(RECONNECT_MS);
          }
        }
        if (++opened % 512 === 0) progress(opened);
      },
    );
    return streams;
  }

  get size(): number {
    return this.#streams.length;
  }

  /** Streams the server ended while the bench still followed them. */
  closedEarly(): number {
    return this.#streams.filter((s) => s.closedEarly).length;
  }

  frames(): number {
    return this.#streams.reduce((n, s) => n + s.frames, 0);
  }

  close(): void {
    for (const s of this.#streams) s.close();
  }
}
