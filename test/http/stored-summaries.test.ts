import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/adapters/http/config.js';
import { openAccountStore } from '../../src/adapters/accounts/open-account-store.js';
import { openServer } from '../../src/adapters/http/open-server.js';
import { buildServer } from '../../src/adapters/http/server.js';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import type { EventStore } from '../../src/app/event-store.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import { HttpClient } from './support/http-client.js';
import { storeKinds } from './support/stores.js';
import type { StoreKind } from './support/test-server.js';

/*
 * The public list keeps each tournament's summary with its version in the database
 * (`stream_summaries`), stored by the process that wrote it: the first list after a start reads
 * those and folds no tournament whose summary is current (at 1,000 tournaments each fold read a
 * 22.5 KB pack and every event, 1.3–3.5 s before the first list). A summary behind its log
 * (a write after it was stored, a crash) is not shown: that tournament alone is folded.
 * Folds are counted as reads of a log from its start.
 */

const SECRET = 'test-secret-0123456789abcdef';

/** The store, counting the tournaments read from their first event (a fold), not the reads after a version. */
function countingFolds(store: EventStore): { store: EventStore; folded: string[] } {
  const folded: string[] = [];
  const read = store.read.bind(store);
  store.read = (tournamentId, afterSeq = 0) => {
    if (afterSeq === 0) folded.push(tournamentId);
    return read(tournamentId, afterSeq);
  };
  return { store, folded };
}

/** Tournaments created one after the other through the API. */
async function createEach(organizer: HttpClient, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const created = await organizer.post('/api/tournaments', {
      id,
      name: `大会 ${id}`,
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
    });
    expect(created.status).toBe(201);
  }
}

/** A player registered as the CLI does: straight into the log, with no server to store a summary. */
async function registerAsCli(database: DatabaseConfig, tournamentId: string, playerId: string): Promise<void> {
  const service = new TournamentService(await openEventStore(database));
  const registered = await service.execute(tournamentId, {
    type: 'RegisterPlayer',
    data: { player: { id: playerId, name: '丸藤亮' } },
    meta: { at: '2025-06-01T09:00:00.000Z', actor: { id: 'cli:test', role: 'organizer' } },
  });
  expect(registered.ok).toBe(true);
  await service.store.close();
}

/** A listening server over `database` and its first organizer, signed in with a password of its own. */
async function serving(database: DatabaseConfig) {
  const server = await openServer({ database, secret: SECRET, heartbeatMs: 60_000, webRoot: null, caches: true });
  const { address, firstLogin } = await server.listen({ port: 0, host: '127.0.0.1' });
  const organizer = new HttpClient(address);
  await organizer.login(firstLogin!.username, firstLogin!.password);
  await organizer.post('/api/auth/password', { currentPassword: firstLogin!.password, newPassword: 'organizer-pw-1' });
  return { server, organizer };
}

/** A database of its own for one describe (a file, or a PostgreSQL schema), removed after it. */
function freshDatabase(kind: StoreKind, name: string): DatabaseConfig {
  const dir = mkdtempSync(join(tmpdir(), `shinpan-${name}-`));
  const database: DatabaseConfig =
    kind.kind === 'sqlite'
      ? { kind: 'sqlite', path: join(dir, 'shinpan.db') }
      : { kind: 'postgres', url: kind.url, schema: `${name}_${process.pid}_${Date.now().toString(36)}` };
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (database.kind === 'postgres') {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`drop schema if exists ${database.schema} cascade`);
      await client.end();
    }
  });
  return database;
}

describe.each(await storeKinds())('the tournament list after a start on $name', ({ kind }) => {
  const database = freshDatabase(kind, 'summaries');

  /** A server over `database` whose store counts folds; answers it with its requests made through inject. */
  async function started() {
    const { store, folded } = countingFolds(await openEventStore(database));
    const accounts = await openAccountStore(database);
    const app = await buildServer({
      accounts,
      store,
      service: new TournamentService(store),
      secret: SECRET,
      caches: true,
    });
    return {
      folded,
      list: async () =>
        (
          JSON.parse((await app.inject({ method: 'GET', url: '/api/tournaments' })).body) as {
            tournaments: { id: string; players: number; version: number }[];
          }
        ).tournaments.map((t) => [t.id, t.players, t.version]),
      async close() {
        await app.close();
        await accounts.close();
        await store.close();
      },
    };
  }

  it('folds no tournament whose stored summary is current, and only the one written after it', async () => {
    const { server: first, organizer } = await serving(database);
    await createEach(organizer, ['t-one', 't-two', 't-three']);
    expect(
      (await organizer.post('/api/tournaments/t-two/players', { id: '0000000001', name: '遊城十代' })).status,
    ).toBe(201);
    // Stopping stores what this process wrote since its last store.
    await first.close();

    const second = await started();
    const expected = [
      ['t-one', 0, 1],
      ['t-two', 1, 2],
      ['t-three', 0, 1],
    ];
    expect(await second.list()).toEqual(expected);
    expect(second.folded).toEqual([]);
    // A write the list did not store (another tool, or a crash before the store): that one is folded, alone.
    await registerAsCli(database, 't-three', '0000000002');
    await second.close();

    const third = await started();
    expect(await third.list()).toEqual([expected[0], expected[1], ['t-three', 1, 2]]);
    expect(third.folded).toEqual(['t-three']);
    await third.close();

    // And what the third stored (the fold it did) is current for the next start.
    const fourth = await started();
    expect(await fourth.list()).toEqual([expected[0], expected[1], ['t-three', 1, 2]]);
    expect(fourth.folded).toEqual([]);
    await fourth.close();
  }, 60_000);
});

describe.each(await storeKinds())('the tournament list beside another process on $name', ({ kind }) => {
  const database = freshDatabase(kind, 'summaries_other');

  /*
   * What another process writes is listed from the summaries it stores, not by reading each of
   * its tournaments' new events (on two PostgreSQL processes in the day, half the tournaments,
   * read one by one for every list made: a second's wait). A write no process stored (the CLI)
   * is read from the log once its summary has been behind for a few seconds.
   */
  it('lists the other process’s writes from its stored summaries, and a CLI’s write from the log', async () => {
    const { server: writer, organizer } = await serving(database);
    const store = await openEventStore(database);
    let reads = 0;
    const read = store.read.bind(store);
    store.read = (tournamentId, afterSeq = 0) => {
      reads += 1;
      return read(tournamentId, afterSeq);
    };
    const accounts = await openAccountStore(database);
    const reader = await buildServer({
      accounts,
      store,
      service: new TournamentService(store),
      secret: SECRET,
      caches: true,
    });
    const list = async () =>
      (
        JSON.parse((await reader.inject({ method: 'GET', url: '/api/tournaments' })).body) as {
          tournaments: { id: string; players: number }[];
        }
      ).tournaments.map((t) => [t.id, t.players]);
    try {
      await createEach(organizer, ['o-one', 'o-two']);
      await expect.poll(list, { timeout: 10_000 }).toEqual([
        ['o-one', 0],
        ['o-two', 0],
      ]);
      reads = 0;
      for (const n of [1, 2, 3])
        expect(
          (await organizer.post('/api/tournaments/o-two/players', { id: `000000000${n}`, name: `選手${n}` })).status,
        ).toBe(201);
      await expect.poll(list, { timeout: 10_000 }).toEqual([
        ['o-one', 0],
        ['o-two', 3],
      ]);
      // Listed from the writer's stored summary: the reader read none of the new events.
      expect(reads).toBe(0);

      await registerAsCli(database, 'o-one', '0000000009');
      await expect.poll(list, { timeout: 15_000, interval: 250 }).toEqual([
        ['o-one', 1],
        ['o-two', 3],
      ]);
    } finally {
      await reader.close();
      await accounts.close();
      await store.close();
      await writer.close();
    }
  }, 60_000);
});
