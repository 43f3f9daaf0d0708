import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore, StoredEvent } from '../../src/app/event-store.js';
import { appendLog } from '../../src/app/log-transfer.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import { packageRoot } from '../../src/adapters/package-root.js';
import { openEventStore, type StoreConfig } from '../../src/adapters/store/open-event-store.js';
import { createCommand, registerCommand } from '../tournament/fixtures.js';
import { postgresSchemas } from '../support/postgres-schemas.js';
import { asFrozen, releaseFacts, type ReleaseFacts } from '../support/release-facts.js';
import { postgresUrl } from '../support/services.js';

/*
 * Every release freezes a database and its logs (scripts/make-release-fixtures.ts) with the
 * answers it gave. The current code must open each, on SQLite (the file itself, migrated) and
 * on PostgreSQL (the logs loaded), give the same answers, and then take new writes.
 */

const releasesDir = join(packageRoot(), 'test', 'fixtures', 'releases');
const releases = readdirSync(releasesDir).sort();
const url = await postgresUrl();
const nextSchema = postgresSchemas(url, 'release');
const dir = mkdtempSync(join(tmpdir(), 'shinpan-releases-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const factsOf = (release: string): ReleaseFacts =>
  JSON.parse(readFileSync(join(releasesDir, release, 'facts.json'), 'utf8')) as ReleaseFacts;

/** The release's logs as the events export wrote them, in the order the tournaments were created. */
function logsOf(release: string): [string, StoredEvent[]][] {
  return Object.keys(factsOf(release).tournaments).map((id) => {
    const text = readFileSync(join(releasesDir, release, 'logs', `${id}.events.jsonl`), 'utf8');
    return [
      id,
      text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as StoredEvent),
    ];
  });
}

/** After the upgrade the store takes writes: a new tournament with a player of the old ones; the old answers stay. */
async function writeAfterUpgrade(store: EventStore, facts: ReleaseFacts): Promise<void> {
  const service = new TournamentService(store);
  expect((await service.execute('after-upgrade', createCommand('after-upgrade'))).ok).toBe(true);
  const shared = Object.keys(facts.records)[0] as string;
  const registered = await service.execute('after-upgrade', registerCommand(shared));
  expect(registered.ok && registered.value.version).toBe(2);
  const after = await releaseFacts(store);
  expect(Object.keys(after.tournaments)).toEqual([...Object.keys(facts.tournaments), 'after-upgrade']);
  for (const id of Object.keys(facts.tournaments))
    expect(asFrozen(after.tournaments[id], facts.tournaments[id])).toEqual(facts.tournaments[id]);
  expect(asFrozen(after.records, facts.records)).toEqual(facts.records);
}

/** Tables, indexes and their SQL, as SQLite keeps them: the schema a migration path ends at. */
function sqliteSchema(path: string): unknown[] {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by name").all();
  } finally {
    db.close();
  }
}

const migrationsIn = (path: string): string[] => {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
};

async function opened<T>(config: StoreConfig, work: (store: EventStore) => Promise<T>): Promise<T> {
  const store = await openEventStore(config);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

describe.each(releases)('the database release %s wrote', (release) => {
  const facts = factsOf(release);

  it('holds the facts it was frozen with (a check of the fixture itself)', () => {
    expect(Object.keys(facts.tournaments).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(facts.records).length).toBeGreaterThan(0);
  });

  it('opens on SQLite with the current code: migrated to the schema a new file gets, the same answers, then writes', async () => {
    const path = join(dir, `${release}.db`);
    copyFileSync(join(releasesDir, release, 'shinpan.db'), path);
    const before = migrationsIn(path);
    await opened({ kind: 'sqlite', path }, async (store) => {
      expect(asFrozen(await releaseFacts(store), facts)).toEqual(facts);
    });
    const fresh = join(dir, `${release}-fresh.db`);
    await opened({ kind: 'sqlite', path: fresh }, async () => undefined);
    expect(migrationsIn(path)).toEqual(migrationsIn(fresh));
    expect(migrationsIn(path).slice(0, before.length)).toEqual(before);
    expect(sqliteSchema(path)).toEqual(sqliteSchema(fresh));
    // Opened a second time (a restart after the upgrade): nothing to migrate, the same answers.
    await opened({ kind: 'sqlite', path }, async (store) => {
      expect(asFrozen(await releaseFacts(store), facts)).toEqual(facts);
      await writeAfterUpgrade(store, facts);
    });
  });

  it.skipIf(!url)('opens on PostgreSQL with its logs loaded: the same answers, then writes', async () => {
    const schema = nextSchema();
    await opened({ kind: 'postgres', url: url as string, schema }, async (store) => {
      for (const [id, events] of logsOf(release)) await appendLog(store, id, events);
      expect(asFrozen(await releaseFacts(store), facts)).toEqual(facts);
      await writeAfterUpgrade(store, facts);
    });
  });
});
