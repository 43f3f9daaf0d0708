/** One Server-Sent Event as received. */
export interface SseEvent {
  readonly event: string;
  readonly id: string | undefined;
  readonly data: any;
}

/** A live stream read with fetch, as a console's EventSource would; waits for events matching a predicate. */
export class SseClient {
  readonly received: SseEvent[] = [];
  readonly #controller = new AbortController();
  #waiters: { predicate: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  #done: Promise<void> = Promise.resolve();

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: client.#controller.signal,
    });
    if (response.status !== 200 || !response.body)
      throw new Error(`live stream: ${response.status} ${await response.text()}`);
    client.#done = client.#read(response.body);
    return client;
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          this.#frame(frame);
        }
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  }

  #frame(frame: string): void {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    const received: SseEvent = { event, id, data: JSON.parse(data.join('\n')) };
    this.received.push(received);
    this.#waiters = this.#waiters.filter((w) => {
      if (!w.predicate(received)) return true;
      w.resolve(received);
      return false;
    });
  }

  /** The first event (already received or still to come) that matches. */
  next(predicate: (e: SseEvent) => boolean): Promise<SseEvent> {
    const seen = this.received.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ predicate, resolve }));
  }

  /** Resolves when the server ends the stream. */
  ended(): Promise<void> {
    return this.#done;
  }

  async close(): Promise<void> {
    this.#controller.abort();
    await this.#done;
  }
}
