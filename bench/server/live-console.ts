import { request, type ClientRequest } from 'node:http';

/**
 * A judge's console listening to a tournament's live stream (Server-Sent Events), counting the
 * `events` frames it receives (one per durable write).
 */
export class LiveConsole {
  #frames = 0;
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
              if (/^event: events$/m.test(frame)) this.#frames++;
            }
          });
        },
      );
      this.#request.on('error', reject);
      this.#request.end();
    });
  }

  /** `events` frames received so far. */
  get frames(): number {
    return this.#frames;
  }

  close(): void {
    this.#request?.destroy();
    this.#request = null;
  }
}
