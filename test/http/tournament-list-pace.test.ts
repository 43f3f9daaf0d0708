import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TournamentGateway } from '../../src/adapters/http/tournaments/tournament-gateway.js';
import { TournamentList } from '../../src/adapters/http/tournaments/tournament-list.js';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import type { EventStore } from '../../src/app/event-store.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { PACK, meta, settings } from '../tournament/fixtures.js';

/*
 * While versions move, the public list is answered at once from the newest list made, and a
 * new one is made behind the reads at most every 250 ms (each is a read of the streams table
 * and a compression), never one per read: four clients reading back to back during the day
 * made one per read, and each read then waited for its new list's compression. A new list
 * replaces the one answered only once its compressed bytes are ready.
 */

describe('the public list while versions move', () => {
  let dir: string;
  let store: EventStore;
  let service: TournamentService;
  let looks = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shinpan-list-pace-'));
    store = await openEventStore({ kind: 'sqlite', path: join(dir, 'events.db') });
    const versions = store.streamVersions.bind(store);
    store.streamVersions = () => {
      looks += 1;
      return versions();
    };
    service = new TournamentService(store);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const write = async (command: TournamentCommand) => {
    const result = await service.execute('t1', command);
    if (!result.ok) throw new Error(result.error.code);
  };
  const register = (n: number): TournamentCommand => ({
    type: 'RegisterPlayer',
    data: { player: { id: String(1_000_000 + n), name: `選手${n}` } },
    meta: meta('scorekeeper'),
  });

  it('makes a new list at most every 250 ms, and answers one whose compressed bytes are ready', async () => {
    let now = 0;
    const list = new TournamentList(store, new TournamentGateway(service, store, () => new Date()), 1_000, () => now);
    // Long names, so the list is over the compression threshold.
    for (const id of ['t1', 't2']) {
      const created = await service.execute(id, {
        type: 'CreateTournament',
        data: { tournamentId: id, settings: { ...settings(), name: '大'.repeat(200) }, pack: PACK },
        meta: meta('organizer'),
      });
      expect(created.ok).toBe(true);
    }
    const players = (answer: { json: Buffer }) =>
      (JSON.parse(answer.json.toString()) as { tournaments: { players: number }[] }).tournaments[0]!.players;
    expect(players(await list.answer())).toBe(0);
    looks = 0;
    // 100 reads over 1 s, each after a write: at most one new list per 250 ms.
    for (let n = 1; n <= 100; n++) {
      await write(register(n));
      now += 10;
      const answer = await list.answer();
      // The bytes a client will ask for were made before the list was answered.
      const ready = await Promise.race([
        Promise.all([answer.bytes('br'), answer.bytes('gzip')]).then(() => true),
        new Promise((resolve) => setImmediate(() => resolve(false))),
      ]);
      expect(ready).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(looks).toBeLessThanOrEqual(5);
    // The list follows: past the interval a read waits for a list made after the last write.
    now += 1_000;
    await list.answer();
    now += 1_000;
    expect(players(await list.answer())).toBe(100);
  });

  it('lists a tournament created through this process at the next read, with no look, after the others', async () => {
    let now = 0;
    const gateway = new TournamentGateway(service, store, () => new Date());
    const list = new TournamentList(store, gateway, 1_000, () => now);
    const ids = (answer: { json: Buffer }) =>
      (JSON.parse(answer.json.toString()) as { tournaments: { id: string; players: number }[] }).tournaments.map(
        (t) => `${t.id}:${t.players}`,
      );
    const before = ids(await list.answer());
    looks = 0;
    const create = (id: string) =>
      gateway.writeAll(
        id,
        [
          {
            type: 'CreateTournament',
            data: { tournamentId: id, settings: settings(), pack: PACK },
            meta: meta('organizer'),
          },
        ],
        {},
        (i) => `commands[${i}]`,
      );
    await create('t3');
    await create('t4');
    now += 10;
    // Listed from the state this process holds: no read of the streams table before answering.
    expect(ids(await list.answer())).toEqual([...before, 't3:0', 't4:0']);
    expect(looks).toBe(0);
    // The look made behind it places them by their first events and keeps them.
    now += 300;
    await list.answer();
    now += 1_000;
    expect(ids(await list.answer())).toEqual([...before, 't3:0', 't4:0']);
    expect(looks).toBeGreaterThanOrEqual(1);
  });
});
