import { afterEach, describe, expect, it } from 'vitest';
import {
  IdempotencyKeyReuseError,
  VersionConflictError,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '../../src/app/event-store.js';

/** A database the suite may fill: a fresh empty store, and a way to open that same database again. */
export interface FreshStore {
  readonly store: EventStore;
  reopen(): Promise<EventStore>;
}

/** How a test file gives the suite an empty database of its kind. */
export type StoreFactory = () => Promise<FreshStore>;

const AT = '2025-06-01T10:00:00.000Z';

function event(type: string, data: unknown, actor = 'judge:1', at = AT): NewEvent {
  return { type, data, actor, at };
}

function result(n: number): NewEvent {
  return event('ResultReported', { table: n, winner: `p${n}` });
}

/** What a stored copy of `events` appended at `afterVersion` must look like. */
function stored(tournamentId: string, afterVersion: number, events: readonly NewEvent[]): StoredEvent[] {
  return events.map((e, i) => ({
    tournamentId,
    seq: afterVersion + i + 1,
    type: e.type,
    data: e.data,
    actor: e.actor,
    at: e.at,
  }));
}

async function conflictOf(promise: Promise<unknown>): Promise<VersionConflictError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VersionConflictError);
  return error as VersionConflictError;
}

/** The one contract every EventStore keeps, run against each real database by its own test file. */
export function eventStoreContract(fresh: StoreFactory): void {
  const open: EventStore[] = [];
  async function given(): Promise<FreshStore> {
    const db = await fresh();
    open.push(db.store);
    return {
      store: db.store,
      reopen: async () => {
        const again = await db.reopen();
        open.push(again);
        return again;
      },
    };
  }
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
  });

  describe('append and read', () => {
    it('numbers a stream from 1 and reads it back in order with every field', async () => {
      const { store } = await given();
      const first = [event('TournamentCreated', { name: 'Kanto Regional' }, 'cli:sato'), result(1), result(2)];
      const appended = await store.append('t1', 0, first);
      expect(appended).toEqual({ version: 3, events: stored('t1', 0, first), replayed: false });
      const next = [result(3), result(4)];
      expect((await store.append('t1', 3, next)).version).toBe(5);
      expect(await store.read('t1')).toEqual([...stored('t1', 0, first), ...stored('t1', 3, next)]);
    });

    it('reads after a sequence number, and an unknown tournament as empty', async () => {
      const { store } = await given();
      await store.append('t1', 0, [result(1), result(2), result(3), result(4)]);
      expect((await store.read('t1', 2)).map((e) => e.seq)).toEqual([3, 4]);
      expect(await store.read('t1', 4)).toEqual([]);
      expect(await store.read('nobody')).toEqual([]);
    });

    it('keeps streams apart: each tournament has its own numbering', async () => {
      const { store } = await given();
      await store.append('a', 0, [result(1), result(2)]);
      await store.append('b', 0, [result(3)]);
      await store.append('a', 2, [result(4)]);
      expect((await store.read('a')).map((e) => [e.seq, (e.data as { table: number }).table])).toEqual([
        [1, 1],
        [2, 2],
        [3, 4],
      ]);
      expect((await store.read('b')).map((e) => e.seq)).toEqual([1]);
    });

    it('round-trips Japanese text, emoji and awkward characters exactly, key order included', async () => {
      const { store } = await given();
      const data = {
        名前: '山田 太郎',
        reading: 'ヤマダ タロウ',
        card: '灰流うらら',
        note: 'combining か\u3099, emoji 🃏🐉, quotes "\' and \\ backslash, tab\t, nul-free',
        zeta: 1,
        alpha: [2.5, -7, 1e21, 0.1, null, true],
      };
      await store.append('関東大会-2025', 0, [event('PlayerRegistered', data, 'judge:鈴木')]);
      const [back] = await store.read('関東大会-2025');
      expect(back?.data).toEqual(data);
      expect(JSON.stringify(back?.data)).toBe(JSON.stringify(data));
      expect(back?.actor).toBe('judge:鈴木');
      expect(back?.tournamentId).toBe('関東大会-2025');
    });

    it('appends a large batch atomically, in order', async () => {
      const { store } = await given();
      const batch = Array.from({ length: 5_000 }, (_, i) => result(i + 1));
      const appended = await store.append('big', 0, batch);
      expect(appended.version).toBe(5_000);
      const back = await store.read('big');
      expect(back).toHaveLength(5_000);
      expect(back.every((e, i) => e.seq === i + 1 && (e.data as { table: number }).table === i + 1)).toBe(true);
      expect(await store.listTournaments()).toEqual([{ id: 'big', version: 5_000 }]);
    });

    it('reads a log longer than a read page whole while appends go on: every event once, in order, each append whole', async () => {
      const { store } = await given();
      await store.append(
        'long',
        0,
        Array.from({ length: 4_500 }, (_, i) => result(i + 1)),
      );
      const more = Array.from({ length: 300 }, (_, i) => result(4_501 + i));
      const [back] = await Promise.all([store.read('long'), store.append('long', 4_500, more)]);
      // Read before the second append or after it, never a part of it.
      expect([4_500, 4_800]).toContain(back.length);
      expect(back.every((e, i) => e.seq === i + 1 && (e.data as { table: number }).table === i + 1)).toBe(true);
      expect(await store.read('long', 4_499)).toHaveLength(301);
    });

    it('writes nothing when one event of a batch cannot be stored as JSON', async () => {
      const { store } = await given();
      await expect(store.append('t1', 0, [result(1), event('Broken', undefined)])).rejects.toThrow(/Broken.*JSON/);
      expect(await store.read('t1')).toEqual([]);
      expect(await store.listTournaments()).toEqual([]);
    });

    it('lists tournaments oldest first, and their versions from the streams alone', async () => {
      const { store } = await given();
      await store.append('zeta', 0, [result(1)]);
      await store.append('alpha', 0, [result(1), result(2)]);
      await store.append('zeta', 1, [result(2), result(3)]);
      await store.append('mid', 0, [result(1)]);
      expect(await store.listTournaments()).toEqual([
        { id: 'zeta', version: 3 },
        { id: 'alpha', version: 2 },
        { id: 'mid', version: 1 },
      ]);
      const versions = [...(await store.streamVersions())].sort((a, b) => a.id.localeCompare(b.id));
      expect(versions).toEqual([
        { id: 'alpha', version: 2 },
        { id: 'mid', version: 1 },
        { id: 'zeta', version: 3 },
      ]);
    });

    it('refuses a negative or fractional expected version', async () => {
      const { store } = await given();
      await expect(store.append('t1', -1, [result(1)])).rejects.toThrow(RangeError);
      await expect(store.append('t1', 0.5, [result(1)])).rejects.toThrow(RangeError);
    });

    it('treats an empty append as a version check that writes nothing', async () => {
      const { store } = await given();
      await store.append('t1', 0, [result(1)]);
      expect(await store.append('t1', 1, [])).toEqual({ version: 1, events: [], replayed: false });
      expect((await conflictOf(store.append('t1', 0, []))).actualVersion).toBe(1);
      expect(await store.append('new', 0, [])).toEqual({ version: 0, events: [], replayed: false });
      expect(await store.listTournaments()).toEqual([{ id: 't1', version: 1 }]);
    });
  });

  describe('optimistic concurrency', () => {
    it('refuses a stale version with the versions in the error, and writes nothing', async () => {
      const { store } = await given();
      await store.append('t1', 0, [result(1), result(2)]);
      const stale = await conflictOf(store.append('t1', 1, [result(3)]));
      expect([stale.tournamentId, stale.expectedVersion, stale.actualVersion]).toEqual(['t1', 1, 2]);
      const ahead = await conflictOf(store.append('t1', 5, [result(3)]));
      expect(ahead.actualVersion).toBe(2);
      expect((await store.read('t1')).map((e) => e.seq)).toEqual([1, 2]);
    });

    it('refuses expected version 0 on a stream that exists, and a positive one on a new stream', async () => {
      const { store } = await given();
      await store.append('t1', 0, [result(1)]);
      const existing = await conflictOf(store.append('t1', 0, [result(2)]));
      expect([existing.expectedVersion, existing.actualVersion]).toEqual([0, 1]);
      const missing = await conflictOf(store.append('t2', 3, [result(2)]));
      expect([missing.expectedVersion, missing.actualVersion]).toEqual([3, 0]);
      expect(await store.read('t2')).toEqual([]);
    });

    it('lets exactly one of two judges win when both write on the same version', async () => {
      const { store } = await given();
      await store.append('t1', 0, [result(1)]);
      const judgeA = [event('PenaltyIssued', { player: 'p1', penalty: 'warning' }, 'judge:a')];
      const judgeB = [event('PenaltyIssued', { player: 'p1', penalty: 'game-loss' }, 'judge:b')];
      const outcomes = await Promise.allSettled([store.append('t1', 1, judgeA), store.append('t1', 1, judgeB)]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o) => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
      const winner = outcomes[0]?.status === 'fulfilled' ? judgeA : judgeB;
      expect(await store.read('t1', 1)).toEqual(stored('t1', 1, winner));
    });

    it('never shows a reader half of an append in progress', async () => {
      const { store } = await given();
      const batch = Array.from({ length: 2_000 }, (_, i) => result(i + 1));
      const [, during] = await Promise.all([store.append('t1', 0, batch), store.read('t1'), store.listTournaments()]);
      expect([0, 2_000]).toContain(during.length);
      expect(await store.read('t1')).toHaveLength(2_000);
    });

    it('lets exactly one of many racing first writes create a stream', async () => {
      const { store } = await given();
      const writers = Array.from({ length: 6 }, (_, i) => [event('TournamentCreated', { by: i })]);
      const outcomes = await Promise.allSettled(writers.map((events) => store.append('new', 0, events)));
      const winners = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
      expect(winners).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(VersionConflictError);
      expect(await store.read('new')).toEqual(stored('new', 0, writers[winners[0] as number] as NewEvent[]));
    });
  });

  describe('idempotency keys', () => {
    const penalty = [event('PenaltyIssued', { player: 'p7', penalty: 'warning', infraction: 'slow-play' })];

    it('answers a retry with the first result, replayed, writing nothing twice', async () => {
      const { store } = await given();
      await store.append('t1', 0, [result(1)]);
      const first = await store.append('t1', 1, penalty, { idempotencyKey: 'phone-42' });
      expect(first).toEqual({ version: 2, events: stored('t1', 1, penalty), replayed: false });
      const retry = await store.append('t1', 1, penalty, { idempotencyKey: 'phone-42' });
      expect(retry).toEqual({ ...first, replayed: true });
      expect(await store.read('t1')).toHaveLength(2);
    });

    it('replays a retry even after others moved the stream on, and when the retry is stamped later', async () => {
      const { store } = await given();
      const first = await store.append('t1', 0, penalty, { idempotencyKey: 'k' });
      await store.append('t1', 1, [result(2)]);
      const later = penalty.map((e) => ({ ...e, at: '2025-06-01T10:00:07.000Z' }));
      const retry = await store.append('t1', 0, later, { idempotencyKey: 'k' });
      expect(retry).toEqual({ version: 1, events: first.events, replayed: true });
      expect(retry.events[0]?.at).toBe(AT);
      expect(await store.read('t1')).toHaveLength(2);
    });

    it('matches a retry whose data comes back with its keys in another order', async () => {
      const { store } = await given();
      await store.append('t1', 0, [event('X', { a: 1, b: { c: 2, d: 3 } })], { idempotencyKey: 'k' });
      const retry = await store.append('t1', 0, [event('X', { b: { d: 3, c: 2 }, a: 1 })], { idempotencyKey: 'k' });
      expect(retry.replayed).toBe(true);
    });

    it('refuses the same key with other events, writing nothing', async () => {
      const { store } = await given();
      await store.append('t1', 0, penalty, { idempotencyKey: 'k' });
      const other = [event('PenaltyIssued', { player: 'p7', penalty: 'game-loss', infraction: 'slow-play' })];
      await expect(store.append('t1', 1, other, { idempotencyKey: 'k' })).rejects.toBeInstanceOf(
        IdempotencyKeyReuseError,
      );
      await expect(store.append('t1', 1, [...penalty, ...penalty], { idempotencyKey: 'k' })).rejects.toThrow(
        /idempotency key k/,
      );
      await expect(
        store.append(
          't1',
          1,
          penalty.map((e) => ({ ...e, actor: 'judge:2' })),
          { idempotencyKey: 'k' },
        ),
      ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
      expect(await store.read('t1')).toHaveLength(1);
    });

    it('scopes keys per tournament', async () => {
      const { store } = await given();
      await store.append('t1', 0, penalty, { idempotencyKey: 'k' });
      const elsewhere = await store.append('t2', 0, penalty, { idempotencyKey: 'k' });
      expect(elsewhere).toEqual({ version: 1, events: stored('t2', 0, penalty), replayed: false });
      expect(await store.read('t2')).toHaveLength(1);
    });

    it('still checks the version for a new key', async () => {
      const { store } = await given();
      await store.append('t1', 0, [result(1)]);
      await conflictOf(store.append('t1', 0, penalty, { idempotencyKey: 'fresh' }));
      // The refused write did not claim the key.
      expect((await store.append('t1', 1, penalty, { idempotencyKey: 'fresh' })).replayed).toBe(false);
    });

    it('writes once when the same retry races itself', async () => {
      const { store } = await given();
      const outcomes = await Promise.all([
        store.append('t1', 0, penalty, { idempotencyKey: 'k' }),
        store.append('t1', 0, penalty, { idempotencyKey: 'k' }),
        store.append('t1', 0, penalty, { idempotencyKey: 'k' }),
      ]);
      expect(outcomes.map((o) => o.replayed).sort()).toEqual([false, true, true]);
      for (const o of outcomes) expect(o.events).toEqual(stored('t1', 0, penalty));
      expect(await store.read('t1')).toHaveLength(1);
    });
  });

  describe('queries across tournaments', () => {
    it('lists tournaments oldest first with their current version', async () => {
      const { store } = await given();
      expect(await store.listTournaments()).toEqual([]);
      await store.append('zeta', 0, [result(1)]);
      await store.append('alpha', 0, [result(1), result(2)]);
      await store.append('zeta', 1, [result(2), result(3)]);
      await store.append('mid', 0, [result(1)]);
      expect(await store.listTournaments()).toEqual([
        { id: 'zeta', version: 3 },
        { id: 'alpha', version: 2 },
        { id: 'mid', version: 1 },
      ]);
    });

    it('reads events of chosen types across tournaments in append order', async () => {
      const { store } = await given();
      const warn = (player: string) => event('PenaltyIssued', { player });
      const rescind = (player: string) => event('PenaltyRescinded', { player });
      await store.append('b', 0, [warn('b1'), result(1)]);
      await store.append('a', 0, [result(2), warn('a1')]);
      await store.append('b', 2, [rescind('b1')]);
      await store.append('a', 2, [warn('a2')]);
      const found = await store.readByTypes(['PenaltyIssued', 'PenaltyRescinded']);
      expect(found.map((e) => [e.tournamentId, e.seq, e.type, (e.data as { player: string }).player])).toEqual([
        ['b', 1, 'PenaltyIssued', 'b1'],
        ['a', 2, 'PenaltyIssued', 'a1'],
        ['b', 3, 'PenaltyRescinded', 'b1'],
        ['a', 3, 'PenaltyIssued', 'a2'],
      ]);
      expect(await store.readByTypes(['NoSuchType'])).toEqual([]);
      expect(await store.readByTypes([])).toEqual([]);
    });
  });

  describe('reopening', () => {
    it('keeps every event, version, ordering and idempotency key', async () => {
      const db = await given();
      const penalty = [event('PenaltyIssued', { player: '佐藤', penalty: 'warning' })];
      await db.store.append('t2', 0, [result(1)]);
      await db.store.append('t1', 0, [result(1), result(2)]);
      const keyed = await db.store.append('t1', 2, penalty, { idempotencyKey: 'k' });
      const before = { t1: await db.store.read('t1'), t2: await db.store.read('t2') };
      await db.store.close();

      const again = await db.reopen();
      expect({ t1: await again.read('t1'), t2: await again.read('t2') }).toEqual(before);
      expect(await again.listTournaments()).toEqual([
        { id: 't2', version: 1 },
        { id: 't1', version: 3 },
      ]);
      expect(await again.readByTypes(['PenaltyIssued'])).toEqual(keyed.events);
      expect(await again.append('t1', 2, penalty, { idempotencyKey: 'k' })).toEqual({ ...keyed, replayed: true });
      await conflictOf(again.append('t1', 2, [result(3)]));
      expect((await again.append('t1', 3, [result(3)])).version).toBe(4);
    });
  });

  describe('request fingerprints, answers and retention of idempotency keys', () => {
    it('answers a key from the store alone (any process, after a restart), by the request fingerprint the caller gave', async () => {
      const db = await given();
      await db.store.append('t1', 0, [result(1)]);
      const first = await db.store.append('t1', 1, [result(2), result(3)], {
        idempotencyKey: 'import-1',
        fingerprint: 'request-A',
      });
      await db.store.append('t1', 3, [result(4)]);
      await db.store.close();
      const again = await db.reopen();
      expect(await again.replay('t1', 'import-1', 'request-A')).toEqual({
        version: 3,
        events: first.events,
        replayed: true,
      });
      expect(await again.replay('t1', 'unknown', 'request-A')).toBeUndefined();
      expect(await again.replay('t2', 'import-1', 'request-A')).toBeUndefined();
      await expect(again.replay('t1', 'import-1', 'request-B')).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
      // An append under the key with the same request fingerprint is a retry, whatever events it carries now.
      expect(
        await again.append('t1', 4, [result(9)], { idempotencyKey: 'import-1', fingerprint: 'request-A' }),
      ).toEqual({ ...first, replayed: true });
      await expect(
        again.append('t1', 4, [result(2), result(3)], { idempotencyKey: 'import-1', fingerprint: 'request-B' }),
      ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
      expect((await again.read('t1')).length).toBe(4);
    });

    it('prunes keys older than the retention, keeping their events and the younger keys', async () => {
      const db = await given();
      const written = await db.store.append('t1', 0, [result(1)], { idempotencyKey: 'old', fingerprint: 'f' });
      expect(await db.store.pruneIdempotencyKeys(new Date(Date.now() - 60_000))).toBe(0);
      expect(await db.store.replay('t1', 'old', 'f')).toEqual({ ...written, replayed: true });
      expect(await db.store.pruneIdempotencyKeys(new Date(Date.now() + 60_000))).toBe(1);
      expect(await db.store.replay('t1', 'old', 'f')).toBeUndefined();
      expect(await db.store.read('t1')).toEqual(written.events);
      // A pruned key is new again: its version check applies.
      await conflictOf(db.store.append('t1', 0, [result(1)], { idempotencyKey: 'old', fingerprint: 'f' }));
    });

    it('tells listeners of appends by this store and by another one on the same database', async () => {
      const db = await given();
      const other = await db.reopen();
      const notices: { tournamentId: string; version: number }[] = [];
      const stop = db.store.onAppended((notice) => notices.push(notice));
      await db.store.append('t1', 0, [result(1)]);
      await other.append('t2', 0, [result(1), result(2)]);
      const until = Date.now() + 5_000;
      const seen = () =>
        notices.some((n) => n.tournamentId === 't1' && n.version === 1) &&
        notices.some((n) => n.tournamentId === 't2' && n.version === 2);
      while (!seen() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      stop();
      expect(seen()).toBe(true);
    });

    it('commits concurrent appends each with its own version check and key: a refused one leaves the others written', async () => {
      const db = await given();
      const outcomes = await Promise.allSettled([
        db.store.append('a', 0, [result(1)], { idempotencyKey: 'ka' }),
        db.store.append('b', 0, [result(1)]),
        db.store.append('a', 5, [result(2)]),
        db.store.append('c', 0, [result(1)], { idempotencyKey: 'kc' }),
        db.store.append('a', 0, [result(1)], { idempotencyKey: 'ka' }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
      expect((outcomes[4] as PromiseFulfilledResult<{ replayed: boolean }>).value.replayed).toBe(true);
      expect(await db.store.listTournaments()).toEqual([
        { id: 'a', version: 1 },
        { id: 'b', version: 1 },
        { id: 'c', version: 1 },
      ]);
    });

    it('refuses an append decided on an earlier one that was not written, even when the version matches (stores that commit in order)', async () => {
      const db = await given();
      if (!db.store.commitsInOrder) return;
      await db.store.append('t1', 0, [result(1)]);
      const first = {};
      const second = {};
      const [a, b] = await Promise.allSettled([
        db.store.append('t1', 0, [result(2)], { ticket: first }),
        // Decided on `first` (version 1 → 2) before it was durable; the stream is at 1 when it fails.
        db.store.append('t1', 1, [result(3)], { ticket: second, after: first }),
      ]);
      expect(a.status).toBe('rejected');
      expect(b.status).toBe('rejected');
      expect((b as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
      expect((await db.store.read('t1')).length).toBe(1);
      const ok = await db.store.append('t1', 1, [result(2)], { ticket: {}, after: {} }).catch((e: unknown) => e);
      expect(ok).toBeInstanceOf(VersionConflictError);
      const written = {};
      await db.store.append('t1', 1, [result(2)], { ticket: written });
      expect((await db.store.append('t1', 2, [result(3)], { after: written })).version).toBe(3);
    });

    it('refuses an append decided on a retry that was replayed, even when another write gave the stream its version', async () => {
      const db = await given();
      if (!db.store.commitsInOrder) return;
      await db.store.append('t1', 0, [result(1)], { idempotencyKey: 'k1' });
      const retry = {};
      const [replayed, other, decidedOnRetry] = await Promise.allSettled([
        // A retry decided as if new (1 → 2): its key answers the first write instead.
        db.store.append('t1', 1, [result(1)], { ticket: retry, idempotencyKey: 'k1' }),
        db.store.append('t1', 1, [result(2)]),
        db.store.append('t1', 2, [result(3)], { after: retry }),
      ]);
      expect(replayed).toMatchObject({ status: 'fulfilled', value: { replayed: true, version: 1 } });
      expect(other).toMatchObject({ status: 'fulfilled', value: { version: 2 } });
      expect((decidedOnRetry as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
      expect(await db.store.read('t1')).toEqual(stored('t1', 0, [result(1), result(2)]));
    });

    it('commits a burst of appends to one tournament in order, each with its own checks: only the stale one, the reused key and what was decided on them are refused', async () => {
      const db = await given();
      if (!db.store.commitsInOrder) return;
      await db.store.append('t1', 0, [result(1)], { idempotencyKey: 'k1' });
      // Issued together, as the service does for a round's results: each decided on the one before.
      const [a, b, c, d, e, f, g] = [{}, {}, {}, {}, {}, {}, {}];
      const outcomes = await Promise.allSettled([
        db.store.append('t1', 1, [result(2)], { ticket: a, idempotencyKey: 'k2' }),
        // Stale: decided before the first result was in.
        db.store.append('t1', 0, [result(9)], { ticket: b }),
        db.store.append('t1', 2, [result(3), result(4)], { ticket: c, after: a }),
        // A key used before for another body: refused, whatever its version.
        db.store.append('t1', 4, [result(8)], { ticket: d, after: c, idempotencyKey: 'k1' }),
        // Decided on the refused one: refused too, though the stream will be at its version.
        db.store.append('t1', 5, [result(7)], { ticket: e, after: d }),
        db.store.append('t1', 4, [result(5)], { ticket: f, after: c, idempotencyKey: 'k5' }),
        // A retry of the first result's key: its first answer, nothing written.
        db.store.append('t1', 0, [result(1)], { ticket: g, idempotencyKey: 'k1' }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'rejected',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      const reason = (i: number) => (outcomes[i] as PromiseRejectedResult).reason;
      expect(reason(1)).toBeInstanceOf(VersionConflictError);
      expect(reason(3)).toBeInstanceOf(IdempotencyKeyReuseError);
      expect(reason(4)).toBeInstanceOf(VersionConflictError);
      const value = (i: number) => (outcomes[i] as PromiseFulfilledResult<AppendResult>).value;
      expect(value(0)).toEqual({ version: 2, events: stored('t1', 1, [result(2)]), replayed: false });
      expect(value(2)).toEqual({ version: 4, events: stored('t1', 2, [result(3), result(4)]), replayed: false });
      expect(value(5)).toEqual({ version: 5, events: stored('t1', 4, [result(5)]), replayed: false });
      expect(value(6)).toEqual({ version: 1, events: stored('t1', 0, [result(1)]), replayed: true });
      expect(await db.store.read('t1')).toEqual(stored('t1', 0, [1, 2, 3, 4, 5].map(result)));
      // The keys written in the burst answer their own writes.
      const retry = await db.store.append('t1', 4, [result(5)], { idempotencyKey: 'k5' });
      expect(retry).toEqual({ ...value(5), replayed: true });
      await expect(db.store.append('t1', 5, [result(6)], { idempotencyKey: 'k2' })).rejects.toBeInstanceOf(
        IdempotencyKeyReuseError,
      );
    });
  });
}
