import { request, type ClientRequest } from 'node:http';

/**
 * A judge's console listening to a tournament's live stream (Server-Sent Events), noting the
 * sequence of every event it receives. Events are counted, not frames: writes committed
 * together, or answered out of order, may reach the stream in one frame.
 */
export class LiveConsole {
  readonly #seqs = new Set<number>();
  #request: ClientRequest | null = null;

  /** Connects and resolves once the stream's `hello` arrived. */
  connect(url: string, token: string): Promise<void> {
    return new Promise((resolve, reject) => {
      let buffer = '';
      this.#request = request(
        url,
        { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) return reject(new Error(`live stream: HTTP ${response.statusCode}`));
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            const frames = buffer.split('\n\n');
            buffer = frames.pop() ?? '';
            for (const frame of frames) {
              if (/^event: hello$/m.test(frame)) resolve();
              const data = /^data: (.*)$/m.exec(frame)?.[1];
              if (data === undefined || !/^event: events$/m.test(frame)) continue;
              for (const event of (JSON.parse(data) as { events: { seq: number }[] }).events) this.#seqs.add(event.seq);
            }
          });
        },
      );
      this.#request.on('error', reject);
      this.#request.end();
    });
  }

  /** How many of the events after `after` up to `upTo` (by sequence) have arrived. */
  received(after: number, upTo: number): number {
    let n = 0;
    for (const seq of this.#seqs) if (seq > after && seq <= upTo) n++;
    return n;
  }

  close(): void {
    this.#request?.destroy();
    this.#request = null;
  }
}
