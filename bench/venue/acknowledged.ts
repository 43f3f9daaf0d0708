import type { Cluster } from './cluster.js';
import { send, type Deadline, type Samples } from './venue-http.js';

/*
 * "Nothing acknowledged lost": every write answered 2xx named the events it stored (sequence
 * number, type, data). After the run (and the kill), each tournament's log is read back whole
 * (`GET …/export?format=events`, straight from the store) and every acknowledged event must be
 * there, at its number, with its data.
 */

interface StoredEvent {
  readonly seq: number;
  readonly type: string;
  readonly data: unknown;
}

export class Acknowledged {
  readonly #events = new Map<string, StoredEvent[]>();
  writes = 0;

  /** Notes a 2xx write answer's events. */
  note(tournament: string, answer: { events?: readonly StoredEvent[] }): void {
    this.writes++;
    let list = this.#events.get(tournament);
    if (!list) {
      list = [];
      this.#events.set(tournament, list);
    }
    for (const e of answer.events ?? []) list.push({ seq: e.seq, type: e.type, data: e.data });
  }

  /** Reads every tournament's log back; answers the acknowledged events found as stored, and all of them. */
  async verify(
    cluster: Cluster,
    deadline: Deadline,
    samples: Samples,
    token: string,
  ): Promise<{ found: number; events: number; missing: string[] }> {
    let found = 0;
    let events = 0;
    const missing: string[] = [];
    for (const [tournament, acknowledged] of this.#events) {
      const answer = await send(cluster, deadline, samples, {
        method: 'GET',
        path: `/api/tournaments/${encodeURIComponent(tournament)}/export?format=events`,
        token,
        kind: 'verify',
      });
      if (answer.status !== 200) throw new Error(`export of ${tournament}: HTTP ${answer.status}`);
      const log = new Map<number, StoredEvent>();
      for (const line of String(answer.body).split('\n'))
        if (line.trim()) {
          const e = JSON.parse(line) as StoredEvent;
          log.set(e.seq, e);
        }
      for (const e of acknowledged) {
        events++;
        const stored = log.get(e.seq);
        if (stored && stored.type === e.type && canonical(stored.data) === canonical(e.data)) found++;
        else if (missing.length < 5) missing.push(`${tournament} #${e.seq} ${e.type}`);
      }
    }
    return { found, events, missing };
  }
}

/** JSON with object keys sorted: PostgreSQL's jsonb does not keep the order they were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
