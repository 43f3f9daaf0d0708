import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../../src/adapters/store/postgres/postgres-event-store.js';
import type { EventStore } from '../../src/app/event-store.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { createCommand, registerCommand } from '../tournament/fixtures.js';
import { postgresUrl } from '../support/services.js';

/*
 * A PostgreSQL store that hears every process's appends (LISTEN) vouches for each
 * tournament's newest version, so the service decides and reads without asking the log first;
 * what it has not heard of yet (a write that just committed elsewhere) is read when it matters:
 * a version asked for, or a lost race.
 */

const url = await postgresUrl();
const schema = `shinpan_heard_${process.pid}`;
const open: EventStore[] = [];

async function sql(text: string, path = schema): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url as string, options: `-c search_path=${path}` });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** One process: its store, listening as a server's live feed does, and its service. */
async function processOn(): Promise<{ store: EventStore; service: TournamentService; stop: () => void }> {
  const store = await openPostgresEventStore({ url: url as string, schema });
  open.push(store);
  const stop = store.onAppended(() => undefined);
  return { store, service: new TournamentService(store), stop };
}

async function heard(store: EventStore, id: string, version: number): Promise<void> {
  for (let i = 0; i < 500 && (store.newestKnown?.(id) ?? -1) < version; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(store.newestKnown?.(id)).toBe(version);
}

async function must(service: TournamentService, id: string, command: TournamentCommand, expectedVersion?: number) {
  const result = await service.execute(id, command, expectedVersion === undefined ? {} : { expectedVersion });
  if (!result.ok) throw new Error(`${command.type}: ${result.error.code}`);
  return result.value;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

afterAll(async () => {
  if (url) await sql(`drop schema if exists ${schema} cascade`, 'public');
});

describe.skipIf(!url)('PostgreSQL: versions heard from every process', () => {
  it('vouches only while listening, and for every process’s appends', async () => {
    const a = await processOn();
    const b = await processOn();
    await heard(a.store, 'h1', 0);
    const written = await must(b.service, 'h1', createCommand('h1'));
    await heard(a.store, 'h1', written.version);
    expect((await a.service.load('h1')).version).toBe(written.version);
    a.stop();
    expect(a.store.newestKnown?.('h1')).toBeUndefined();
  });

  it('answers a load from memory while nothing was heard: a row slipped in without a notice is not read', async () => {
    const a = await processOn();
    const first = await must(a.service, 'h2', createCommand('h2'));
    await heard(a.store, 'h2', first.version);
    expect((await a.service.load('h2')).version).toBe(first.version);
    // Not how anything writes (the append function always notifies): it shows the load asked nothing.
    await sql(
      `insert into events (tournament_id, seq, type, data, actor, at) values ('h2', ${first.version + 1}, 'Unheard', '{}', 'x', 'x')`,
    );
    expect((await a.service.load('h2')).version).toBe(first.version);
  });

  it('reads first when a write asks for a version written elsewhere and not heard of yet', async () => {
    const a = await processOn();
    const b = await processOn();
    const created = await must(a.service, 'h3', createCommand('h3'));
    await heard(b.store, 'h3', created.version);
    await b.service.load('h3');
    const onA = await must(a.service, 'h3', registerCommand('0001'));
    // Straight after A's answer, as a client moving from A to B would; B may not have heard yet.
    const onB = await must(b.service, 'h3', registerCommand('0002'), onA.version);
    expect(onB.version).toBe(onA.version + 1);
  });

  it('decides again on the log after losing a race to a write not heard of yet', async () => {
    const a = await processOn();
    const b = await processOn();
    const created = await must(a.service, 'h4', createCommand('h4'));
    await heard(b.store, 'h4', created.version);
    await b.service.load('h4');
    const onA = await must(a.service, 'h4', registerCommand('0001'));
    const onB = await must(b.service, 'h4', registerCommand('0002'));
    expect(onB.version).toBe(onA.version + 1);
    const { state } = await b.service.load('h4');
    const players = state.status === 'none' ? [] : state.players.map((p) => p.id);
    expect(players.sort()).toEqual(['0001', '0002']);
  });
});
