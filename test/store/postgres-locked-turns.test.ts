import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../../src/adapters/store/postgres/postgres-event-store.js';
import {
  VersionConflictError,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '../../src/app/event-store.js';
import { FOLD_CHUNK, TournamentService } from '../../src/app/tournament-service.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { createCommand, registerCommand } from '../tournament/fixtures.js';
import { postgresUrl } from '../support/services.js';
import { turnCounter } from '../support/turn-counter.js';

/*
 * Two processes writing to one tournament at once take locked turns on PostgreSQL: each reads
 * what the other wrote and decides under the tournament's lock, so no decision is wasted on a
 * race. The store's turn, then the service's use of it.
 */

const url = await postgresUrl();
const schema = `shinpan_turns_${process.pid}`;
const open: EventStore[] = [];

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url as string, options: `-c search_path=${schema}` });
  await c.connect();
  return c;
}

async function openStore(): Promise<EventStore> {
  const store = await openPostgresEventStore({ url: url as string, schema });
  open.push(store);
  return store;
}

const result = (table: number): NewEvent => ({
  type: 'ResultRecorded',
  data: { table },
  actor: 'u1',
  at: '2026-08-01T10:00:00.000Z',
});

const turn = (store: EventStore) => (store.lockedTurn as NonNullable<EventStore['lockedTurn']>).bind(store);

/**
 * A process: its store (listening, as a server's live feed is), counting the races its
 * appends lose and the turns it takes; and its service.
 */
async function processOn() {
  const real = await openStore();
  real.onAppended(() => undefined);
  // Listening and caught up: every append from here on is heard.
  await until(() => real.newestKnown?.('') !== undefined);
  // `newer`: how many events others wrote each turn found under the lock.
  const counts = { lost: 0, turns: 0, newer: [] as number[] };
  const lostIn = (results: readonly PromiseSettledResult<AppendResult>[]) => {
    for (const r of results) if (r.status === 'rejected' && r.reason instanceof VersionConflictError) counts.lost++;
    return results;
  };
  const store: EventStore = Object.create(real, {
    append: {
      value: (...args: Parameters<EventStore['append']>) =>
        real.append(...args).catch((error: unknown) => {
          if (error instanceof VersionConflictError) counts.lost++;
          throw error;
        }),
    },
    lockedTurn: {
      value: (...[id, version, decide]: Parameters<NonNullable<EventStore['lockedTurn']>>) => {
        counts.turns++;
        return turn(real)(id, version, (newer) => {
          counts.newer.push(newer.length);
          return decide(newer);
        }).then(lostIn);
      },
    },
  });
  // The other methods run on the real store (it keeps private state), whatever object they are called on.
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(real))) {
    const method = (real as unknown as Record<string, unknown>)[name];
    if (typeof method === 'function' && !Object.hasOwn(store, name))
      Object.defineProperty(store, name, { value: method.bind(real) });
  }
  return { real, store, service: new TournamentService(store), counts };
}

async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !what(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(what()).toBe(true);
}

async function must(service: TournamentService, id: string, command: TournamentCommand) {
  const written = await service.execute(id, command);
  if (!written.ok) throw new Error(`${command.type}: ${written.error.code}`);
  return written.value;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

afterAll(async () => {
  if (!url) return;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop schema if exists ${schema} cascade`);
  await c.end();
});

describe.skipIf(!url)('PostgreSQL: locked turns', () => {
  it('reads, under the lock, what a writer committed while the turn waited for it, and appends on it', async () => {
    const store = await openStore();
    await store.append('w1', 0, [result(1)]);
    // Another writer holds the tournament's lock (as the append function does) and writes seq 2.
    const other = await client();
    await other.query(`begin; select pg_advisory_xact_lock(hashtextextended('w1', 0))`);
    await other.query(
      `insert into events (tournament_id, seq, type, data, actor, at) values ('w1', 2, 'ResultRecorded', '{"table":2}', 'u2', 'x');
       update streams set version = 2 where id = 'w1'`,
    );
    let seen: readonly StoredEvent[] = [];
    const turning = turn(store)('w1', 1, (newer) => {
      seen = newer;
      return [{ expectedVersion: 2, events: [result(3)] }];
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Still waiting for the lock: nothing decided yet.
    expect(seen).toEqual([]);
    await other.query('commit');
    await other.end();
    const [answer] = await turning;
    expect(seen.map((e) => e.seq)).toEqual([2]);
    expect(answer).toMatchObject({ status: 'fulfilled', value: { version: 3, replayed: false } });
    expect((await store.read('w1')).map((e) => (e.data as { table: number }).table)).toEqual([1, 2, 3]);
  });

  it('decides each write of a turn on the one before: one not written refuses those after it', async () => {
    const store = await openStore();
    await store.append('w2', 0, [result(1)], { idempotencyKey: 'k1' });
    const answers = await turn(store)('w2', 1, () => [
      // A retry of k1, decided as if new: replayed, so the next two were decided on a state that never was.
      { expectedVersion: 1, events: [result(1)], idempotencyKey: 'k1' },
      { expectedVersion: 2, events: [result(2)] },
      { expectedVersion: 3, events: [result(3)] },
    ]);
    expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { replayed: true, version: 1 } });
    for (const refused of answers.slice(1)) {
      expect(refused.status).toBe('rejected');
      expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
    }
    expect((await store.read('w2')).map((e) => e.seq)).toEqual([1]);
  });

  it('appends a turn up to a write that cannot be stored: it fails alone, those after it are decided again', async () => {
    const store = await openStore();
    const answers = await turn(store)('w8', 0, () => [
      { expectedVersion: 0, events: [result(1)] },
      { expectedVersion: 1, events: [{ ...result(2), data: undefined }] },
      { expectedVersion: 2, events: [result(3)] },
    ]);
    expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { version: 1 } });
    expect((answers[1] as PromiseRejectedResult).reason).toBeInstanceOf(TypeError);
    expect((answers[2] as PromiseRejectedResult).reason).toMatchObject({ expectedVersion: 2, actualVersion: 1 });
    expect((answers[2] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
    expect((await store.read('w8')).map((e) => e.seq)).toEqual([1]);
  });

  it('writes what a turn appends exactly as given: quotes, backslashes, Japanese and keys', async () => {
    const store = await openStore();
    const id = `w'7\\"`;
    const odd: NewEvent = {
      type: 'Note',
      data: { text: `O'Brien \\ "審判" 1\n2 \\' '' $1 ; commit;`, empty: '', list: [null, 1.5] },
      actor: `a'\\b`,
      at: '2026-08-01T10:00:00.000Z',
    };
    const answers = await turn(store)(id, 0, () => [
      { expectedVersion: 0, events: [odd, result(2)], idempotencyKey: `k'\\1`, fingerprint: `f"'` },
      { expectedVersion: 2, events: [] },
      { expectedVersion: 2, events: [result(3)] },
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const log = await store.read(id);
    expect(log.map(({ type, data, actor, at }) => ({ type, data, actor, at }))).toEqual([odd, result(2), result(3)]);
    const retry = await store.replay(id, `k'\\1`, `f"'`);
    expect(retry?.events.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('hears which appends came from another process', async () => {
    const a = await openStore();
    const b = await openStore();
    a.onAppended(() => undefined);
    b.onAppended(() => undefined);
    await until(() => a.newestKnown?.('w3') !== undefined && b.newestKnown?.('w3') !== undefined);
    await a.append('w3', 0, [result(1)]);
    await until(() => b.othersAppendedAt?.('w3') !== undefined);
    await until(() => a.newestKnown?.('w3') === 1);
    expect(a.othersAppendedAt?.('w3')).toBeUndefined();
  });

  it('two processes writing one tournament at once take turns: every write lands once, none loses a race', async () => {
    const a = await processOn();
    const b = await processOn();
    await must(a.service, 'w4', createCommand('w4'));
    await until(() => b.store.othersAppendedAt?.('w4') !== undefined);
    await must(b.service, 'w4', registerCommand('0000'));
    await until(() => a.store.othersAppendedAt?.('w4') !== undefined);
    const setupLost = a.counts.lost + b.counts.lost;
    const ids = Array.from({ length: 120 }, (_, i) => String(1000 + i));
    const written = await Promise.all(
      ids.map((id, i) => must((i % 2 === 0 ? a : b).service, 'w4', registerCommand(id))),
    );
    expect(a.counts.lost + b.counts.lost - setupLost).toBe(0);
    expect(a.counts.turns).toBeGreaterThan(0);
    expect(b.counts.turns).toBeGreaterThan(0);
    // One version per write, no fork: the log is 1…n and holds every player once.
    expect(new Set(written.map((w) => w.version)).size).toBe(ids.length);
    const log = await a.store.read('w4');
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    // b has a's last writes once it has read their notice, which may come after a answered them
    // (when b's turn came first: postgres-unheard-writes.test.ts, docs/concurrency.md).
    await until(() => b.real.newestKnown?.('w4') === log.length);
    const { state } = await b.service.load('w4');
    const players = state.status === 'none' ? [] : state.players.map((p) => p.id);
    expect(players.sort()).toEqual(['0000', ...ids]);
  });

  it('folds a long run of events another process wrote before its turn, in turns, not under the lock', async () => {
    const a = await processOn();
    const b = await processOn();
    await must(a.service, 'w7', createCommand('w7'));
    await until(() => b.store.othersAppendedAt?.('w7') !== undefined);
    await must(b.service, 'w7', registerCommand('0000'));
    // a takes the whole field at once: more than FOLD_CHUNK events b has not folded.
    const ids = Array.from({ length: FOLD_CHUNK * 2 }, (_, i) => String(100_000 + i));
    const field = await a.service.write('w7', { commands: ids.map((id) => registerCommand(id)) });
    expect(field.ok).toBe(true);
    await until(() => b.real.newestKnown?.('w7') === 2 + ids.length);
    const loop = turnCounter();
    b.counts.newer.length = 0;
    const late = await must(b.service, 'w7', registerCommand('0001'));
    loop.stop();
    expect(late.version).toBe(3 + ids.length);
    expect(b.counts.newer.length).toBeGreaterThan(0);
    expect(Math.max(...b.counts.newer)).toBeLessThan(FOLD_CHUNK);
    // Folded FOLD_CHUNK at a time, the loop turning between chunks.
    expect(loop.turns).toBeGreaterThanOrEqual(2);
    const { state } = await b.service.load('w7');
    expect(state.status !== 'none' && state.players.length).toBe(ids.length + 2);
  });

  it('answers a refusal decided in a turn and writes the others of the turn', async () => {
    const a = await processOn();
    const b = await processOn();
    await must(a.service, 'w5', createCommand('w5'));
    await until(() => b.store.othersAppendedAt?.('w5') !== undefined);
    const answers = await Promise.all(
      ['0001', '0001', '0002'].map((id) => b.service.execute('w5', registerCommand(id))),
    );
    expect(b.counts.turns).toBeGreaterThan(0);
    expect(answers.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['ok', 'duplicate-player', 'ok']);
  });

  it('fails the writes waiting for a turn when the database is gone, rather than leaving them hanging', async () => {
    const a = await processOn();
    const b = await processOn();
    await must(a.service, 'w6', createCommand('w6'));
    await until(() => b.store.othersAppendedAt?.('w6') !== undefined);
    await open.splice(open.indexOf(b.real), 1)[0]?.close();
    await expect(b.service.execute('w6', registerCommand('0001'))).rejects.toThrow();
  });
});
