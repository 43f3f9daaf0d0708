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

/**
 * A tournament's open streams, kept apart by audience so a write for staff alone costs nothing
 * per public stream; public streams of a player's own phone are also found by the player, so a
 * message for two players is written to their streams only.
 */
interface Channel {
  readonly staff: Set<ServerResponse>;
  readonly public: Set<ServerResponse>;
  readonly players: Map<string, Set<ServerResponse>>;
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
  readonly #channels = new Map<string, Channel>();
  readonly #heartbeat: NodeJS.Timeout;
  readonly #open: Record<Audience, number> = { staff: 0, public: 0 };

  /** Streams open now, by audience (the metrics' gauge). */
  openStreams(): Readonly<Record<Audience, number>> {
    return { ...this.#open };
  }

  constructor(heartbeatMs = 15_000) {
    this.#heartbeat = setInterval(() => this.#beat(), heartbeatMs);
    this.#heartbeat.unref();
  }

  /**
   * Starts streaming to `response`; returns the function that stops. A public stream from a
   * player's own phone names the `players` it is (the known-device cookie): messages to players
   * reach it too.
   */
  subscribe(
    tournamentId: string,
    audience: Audience,
    response: ServerResponse,
    players: readonly string[] = [],
  ): () => void {
    let channel = this.#channels.get(tournamentId);
    if (!channel) {
      channel = { staff: new Set(), public: new Set(), players: new Map() };
      this.#channels.set(tournamentId, channel);
    }
    const listeners = channel[audience];
    listeners.add(response);
    this.#open[audience]++;
    const own = audience === 'public' ? players : [];
    for (const player of own) {
      let streams = channel.players.get(player);
      if (!streams) {
        streams = new Set();
        channel.players.set(player, streams);
      }
      streams.add(response);
    }
    const stop = () => {
      if (listeners.delete(response)) this.#open[audience]--;
      for (const player of own) {
        const streams = channel.players.get(player);
        streams?.delete(response);
        if (streams?.size === 0) channel.players.delete(player);
      }
      if (channel.staff.size === 0 && channel.public.size === 0 && this.#channels.get(tournamentId) === channel)
        this.#channels.delete(tournamentId);
    };
    response.on('close', stop);
    return stop;
  }

  publish(tournamentId: string, message: LiveMessage): void {
    const channel = this.#channels.get(tournamentId);
    if (!channel) return;
    const frame = sseFrame(message.event, message.data, message.id);
    for (const response of channel.staff) response.write(frame);
    if (message.audience === 'public') for (const response of channel.public) response.write(frame);
  }

  /** A message for `players` alone: written once to each public stream of their own phones (staff get theirs by `publish`). */
  publishToPlayers(tournamentId: string, players: readonly string[], event: string, data: unknown): void {
    const channel = this.#channels.get(tournamentId);
    if (!channel || channel.players.size === 0) return;
    const streams = new Set<ServerResponse>();
    for (const player of players) for (const response of channel.players.get(player) ?? []) streams.add(response);
    if (streams.size === 0) return;
    const frame = sseFrame(event, data);
    for (const response of streams) response.write(frame);
  }

  /** One change seen two ways: `staff` goes to staff listeners, `public` to the others (none when null). */
  publishSplit(tournamentId: string, staff: LiveMessage, publicMessage: LiveMessage | null): void {
    const channel = this.#channels.get(tournamentId);
    if (!channel) return;
    const staffFrame = sseFrame(staff.event, staff.data, staff.id);
    for (const response of channel.staff) response.write(staffFrame);
    if (publicMessage === null || channel.public.size === 0) return;
    const publicFrame = sseFrame(publicMessage.event, publicMessage.data, publicMessage.id);
    for (const response of channel.public) response.write(publicFrame);
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
    return [...this.#channels].filter(([, channel]) => channel.staff.size > 0).map(([id]) => id);
  }

  #beat(): void {
    for (const channel of this.#channels.values())
      for (const listeners of [channel.staff, channel.public])
        for (const response of listeners) response.write(': ping\n\n');
  }

  /** Ends every stream, so the server can close. */
  close(): void {
    clearInterval(this.#heartbeat);
    for (const channel of this.#channels.values())
      for (const listeners of [channel.staff, channel.public]) for (const response of listeners) response.end();
    this.#channels.clear();
  }
}
