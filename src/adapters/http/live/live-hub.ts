import type { ServerResponse } from 'node:http';

/** Who listens: the public sees pairings, results and the clock; staff see every change, penalties included. */
export type Audience = 'public' | 'staff';

/** One message on a tournament's channel; `audience: 'staff'` keeps it from the public. */
export interface LiveMessage {
  readonly event: string;
  readonly data: unknown;
  /** The tournament version after the change, sent as the SSE id so a reconnect can resume. */
  readonly id?: number;
  readonly audience: Audience;
}

interface Listener {
  readonly audience: Audience;
  readonly response: ServerResponse;
}

/** Formats one Server-Sent Event frame. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Per-tournament Server-Sent Event channels. Writes publish here after they are durable, so a
 * console never shows a change the log does not hold. A comment line every `heartbeatMs`
 * keeps proxies and phones from closing an idle stream.
 */
export class LiveHub {
  readonly #channels = new Map<string, Set<Listener>>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = 15_000) {
    this.#heartbeat = setInterval(() => this.#beat(), heartbeatMs);
    this.#heartbeat.unref();
  }

  /** Starts streaming to `response`; returns the function that stops. */
  subscribe(tournamentId: string, audience: Audience, response: ServerResponse): () => void {
    let listeners = this.#channels.get(tournamentId);
    if (!listeners) {
      listeners = new Set();
      this.#channels.set(tournamentId, listeners);
    }
    const listener: Listener = { audience, response };
    listeners.add(listener);
    const stop = () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#channels.delete(tournamentId);
    };
    response.on('close', stop);
    return stop;
  }

  publish(tournamentId: string, message: LiveMessage): void {
    const listeners = this.#channels.get(tournamentId);
    if (!listeners) return;
    const frame = sseFrame(message.event, message.data, message.id);
    for (const listener of listeners) {
      if (message.audience === 'staff' && listener.audience !== 'staff') continue;
      listener.response.write(frame);
    }
  }

  /** One change seen two ways: `staff` goes to staff listeners, `public` to the others. */
  publishSplit(tournamentId: string, staff: LiveMessage, publicMessage: LiveMessage): void {
    const listeners = this.#channels.get(tournamentId);
    if (!listeners) return;
    const staffFrame = sseFrame(staff.event, staff.data, staff.id);
    const publicFrame = sseFrame(publicMessage.event, publicMessage.data, publicMessage.id);
    for (const listener of listeners) listener.response.write(listener.audience === 'staff' ? staffFrame : publicFrame);
  }

  /** Whether anyone is watching the tournament. */
  listening(tournamentId: string): boolean {
    return this.#channels.has(tournamentId);
  }

  /** Tournaments that anyone is watching. */
  watched(): string[] {
    return [...this.#channels.keys()];
  }

  /** Tournaments that at least one staff console is watching. */
  watchedByStaff(): string[] {
    return [...this.#channels]
      .filter(([, listeners]) => [...listeners].some((l) => l.audience === 'staff'))
      .map(([id]) => id);
  }

  #beat(): void {
    for (const listeners of this.#channels.values())
      for (const listener of listeners) listener.response.write(': ping\n\n');
  }

  /** Ends every stream, so the server can close. */
  close(): void {
    clearInterval(this.#heartbeat);
    for (const listeners of this.#channels.values()) for (const listener of listeners) listener.response.end();
    this.#channels.clear();
  }
}
