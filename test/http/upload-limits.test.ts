import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORTED_PLAYERS } from '../../src/core/tournament/limits.js';
import { staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * What an uploaded file may ask of the server, on both stores: a player CSV is bounded like the
 * JSON import, read in a worker while the server goes on answering, and decided in one linear
 * batch.
 */

const rows = (count: number, from = 0): string =>
  Array.from({ length: count }, (_, i) => `${String(from + i).padStart(10, '0')},Player ${from + i}`).join('\n');

for (const { name, kind } of await storeKinds()) {
  describe(`player CSV import limits (${name})`, () => {
    let server: TestServer;
    let staff: Staff;

    beforeAll(async () => {
      server = await startTestServer(kind);
      staff = await staffOf(server);
      for (const id of ['bound', 'busy']) {
        const created = await staff.organizer.post('/api/tournaments', {
          id,
          name: id,
          date: '2025-06-01',
          structure: { kind: 'swiss', rounds: 5, topCut: 0 },
        });
        expect(created.status).toBe(201);
      }
    }, 60_000);
    afterAll(async () => server?.close());

    it('refuses a CSV past the bound with the bound and the rows found, writing nothing; one at the bound registers', async () => {
      const over = await staff.scorekeeper.post('/api/tournaments/bound/players/import', {
        csv: `id,name\n${rows(MAX_IMPORTED_PLAYERS + 1)}\n`,
      });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({ code: 'invalid-csv', path: 'body.csv' });
      expect(over.body.message).toBe(
        `body.csv line ${MAX_IMPORTED_PLAYERS + 2}: the file has ${MAX_IMPORTED_PLAYERS + 1} player rows; at most ${MAX_IMPORTED_PLAYERS} are imported at once (split the file)`,
      );
      expect(over.body.messageJa).toContain(`一度に取り込めるのは ${MAX_IMPORTED_PLAYERS} 行までです`);
      expect((await staff.public.get('/api/tournaments/bound/players')).body.players).toEqual([]);

      const at = await staff.scorekeeper.post('/api/tournaments/bound/players/import', {
        csv: `id,name\n${rows(MAX_IMPORTED_PLAYERS)}\n`,
      });
      expect(at.status).toBe(201);
      expect(at.body.imported).toBe(MAX_IMPORTED_PLAYERS);
      // The whole file is one write: its events follow each other with nothing in between.
      expect(at.body.events).toHaveLength(MAX_IMPORTED_PLAYERS);
      expect(at.body.version - at.body.events[0].seq).toBe(MAX_IMPORTED_PLAYERS - 1);
    }, 120_000);

    it('answers health while a 30,000-row CSV is being read', async () => {
      let importDone = false;
      const importing = staff.scorekeeper
        .post('/api/tournaments/busy/players/import', { csv: `id,name\n${rows(30_000)}\n` })
        .finally(() => {
          importDone = true;
        });
      const healthBeforeImport: boolean[] = [];
      while (!importDone) {
        const health = await staff.public.get('/api/health');
        expect(health.status).toBe(200);
        healthBeforeImport.push(!importDone);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const refused = await importing;
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('the file has 30000 player rows');
      expect(healthBeforeImport.filter(Boolean).length).toBeGreaterThan(0);
    }, 120_000);
  });
}
