import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../src/core/deck/upload-limits.js';
import { staffOf, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Hostile card databases, each a few kilobytes, built here as an attacker would: a cards.cdb is
 * SQLite, and SQLite computes what the file asks for. Each is refused with a clear answer while
 * the server goes on answering health, and the tournament that chose a pool keeps it.
 */

const dir = mkdtempSync(join(tmpdir(), 'shinpan-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DATAS = 'id integer primary key, ot integer, alias integer, setcode integer, type integer';
let files = 0;

/** A cards.cdb built by `build`, as the base64 an upload sends. */
function cdb(build: (db: Database.Database) => void): string {
  const path = join(dir, `hostile-${files++}.cdb`);
  const db = new Database(path);
  build(db);
  db.close();
  return readFileSync(path).toString('base64');
}

/** `count` numbers from 1 by a recursive query: the views compute it on every read. */
const numbers = (count: number) =>
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count}) SELECT i FROM n`;

const HOSTILE = {
  'endless recursive views': () =>
    cdb((db) =>
      db.exec(`CREATE VIEW datas AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS id, 1 AS ot, 0 AS alias, 0 AS setcode, 1 AS type FROM n;
               CREATE VIEW texts AS SELECT id, 'x' AS name FROM datas;`),
    ),
  'a million cards from a view': () =>
    cdb((db) =>
      db.exec(`CREATE VIEW datas AS SELECT i AS id, 1 AS ot, 0 AS alias, 0 AS setcode, 1 AS type FROM (${numbers(1_000_000)});
               CREATE VIEW texts AS SELECT id, 'card ' || id AS name FROM datas;`),
    ),
  'ten 10 MB names from a view': () =>
    cdb((db) =>
      db.exec(`CREATE TABLE datas(${DATAS});
               INSERT INTO datas SELECT i, 1, 0, 0, 1 FROM (${numbers(10)});
               CREATE VIEW texts AS SELECT id, printf('%.*c', 10000000, 'x') AS name FROM datas;`),
    ),
  'a generated 10 MB name': () =>
    cdb((db) =>
      db.exec(`CREATE TABLE datas(${DATAS});
               INSERT INTO datas SELECT i, 1, 0, 0, 1 FROM (${numbers(10)});
               CREATE TABLE texts(id integer primary key, name text GENERATED ALWAYS AS (printf('%.*c', 10000000, 'x')) VIRTUAL);
               INSERT INTO texts(id) SELECT id FROM datas;`),
    ),
  'a trigger': () =>
    cdb((db) =>
      db.exec(`CREATE TABLE datas(${DATAS}); CREATE TABLE texts(id integer primary key, name text);
               INSERT INTO datas VALUES (1, 1, 0, 0, 1); INSERT INTO texts VALUES (1, 'x');
               CREATE TRIGGER grow AFTER INSERT ON texts BEGIN INSERT INTO texts SELECT id + 1, name FROM texts; END;`),
    ),
  'more rows than the bound in plain tables': () =>
    cdb((db) =>
      db.exec(`CREATE TABLE datas(${DATAS}); CREATE TABLE texts(id integer primary key, name text);
               INSERT INTO datas(id) SELECT i FROM (${numbers(UPLOAD_LIMITS.cardRows + 1)});`),
    ),
  'a long name in a plain table': () =>
    cdb((db) =>
      db.exec(`CREATE TABLE datas(${DATAS}); CREATE TABLE texts(id integer primary key, name text);
               INSERT INTO datas VALUES (1, 1, 0, 0, 1), (2, 1, 0, 0, 1);
               INSERT INTO texts VALUES (1, 'Blue-Eyes White Dragon'), (2, printf('%.*c', 300000, 'x'));`),
    ),
};

const REFUSALS: Record<keyof typeof HOSTILE, string> = {
  'endless recursive views': 'body.data: cards.cdb: holds a view "datas"; only plain tables are read',
  'a million cards from a view': 'body.data: cards.cdb: holds a view "datas"; only plain tables are read',
  'ten 10 MB names from a view': 'body.data: cards.cdb: holds a view "texts"; only plain tables are read',
  'a generated 10 MB name': 'body.data: cards.cdb: texts.name is a generated column; only plain tables are read',
  'a trigger': 'body.data: cards.cdb: holds a trigger "grow"; only plain tables are read',
  'more rows than the bound in plain tables': `body.data: cards.cdb: datas has ${UPLOAD_LIMITS.cardRows + 1} rows; at most ${UPLOAD_LIMITS.cardRows} are read`,
  'a long name in a plain table': `body.data: cards.cdb: texts row 2: the card name has 300000 characters; at most ${UPLOAD_LIMITS.cardNameCharacters}`,
};

for (const { name, kind } of await storeKinds()) {
  describe(`hostile card database uploads (${name})`, () => {
    let server: TestServer;
    let staff: Staff;
    let poolId: string;

    beforeAll(async () => {
      server = await startTestServer(kind);
      staff = await staffOf(server);
      const good = cdb((db) =>
        db.exec(`CREATE TABLE datas(${DATAS}); CREATE TABLE texts(id integer primary key, name text, desc text);
                 INSERT INTO datas VALUES (89631139, 3, 0, 0, 17), (5318639, 3, 0, 0, 65538);
                 INSERT INTO texts VALUES (89631139, '青眼の白龍', ''), (5318639, 'サイクロン', '');`),
      );
      const imported = await staff.organizer.post('/api/card-databases', { name: 'house', format: 'cdb', data: good });
      expect([imported.status, imported.body.cards]).toEqual([201, 2]);
      poolId = imported.body.id;
      const created = await staff.organizer.post('/api/tournaments', {
        id: 'pool',
        name: 'pool',
        date: '2025-06-01',
        structure: { kind: 'swiss', rounds: 3, topCut: 0 },
        cardPool: poolId,
      });
      expect(created.status).toBe(201);
    }, 60_000);
    afterAll(async () => server?.close());

    it('refuses each hostile cards.cdb with what is wrong, answering health meanwhile', async () => {
      for (const [what, build] of Object.entries(HOSTILE) as [keyof typeof HOSTILE, () => string][]) {
        let done = false;
        const uploading = staff.organizer
          .post('/api/card-databases', { name: what, format: 'cdb', data: build() })
          .finally(() => {
            done = true;
          });
        let healthy = 0;
        while (!done) {
          expect((await staff.public.get('/api/health')).status).toBe(200);
          if (!done) healthy++;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const refused = await uploading;
        expect([what, refused.status, refused.body.code, refused.body.message]).toEqual([
          what,
          400,
          'invalid-card-database',
          REFUSALS[what],
        ]);
        expect(refused.body.messageJa).toMatch(/^body\.data: cards\.cdb: /);
        expect(healthy, what).toBeGreaterThan(0);
      }
    }, 120_000);

    it('keeps the pool a tournament chose whatever is uploaded after', async () => {
      const before = await staff.public.get('/api/tournaments/pool');
      await staff.organizer.post('/api/card-databases', { name: 'bad', format: 'cdb', data: HOSTILE['a trigger']() });
      const jsonl = await staff.organizer.post('/api/card-databases', {
        name: 'long names',
        format: 'jsonl',
        data: `{"id": 89631139, "ja": "${'x'.repeat(UPLOAD_LIMITS.cardNameCharacters + 1)}", "cat": "monster", "zone": "main", "ocg": true}\n`,
      });
      expect(jsonl.body.message).toBe(
        `body.data: card 1 (89631139): the card name has ${UPLOAD_LIMITS.cardNameCharacters + 1} characters; at most ${UPLOAD_LIMITS.cardNameCharacters}`,
      );
      const after = await staff.public.get('/api/tournaments/pool');
      expect(after.body.settings.deckRules).toEqual(before.body.settings.deckRules);
      expect(after.body.settings.deckRules.cardPool).toMatchObject({ hash: poolId, name: 'house', cards: 2 });
      // A decklist is still checked against the two cards of the pool it chose.
      const registered = await staff.scorekeeper.post('/api/tournaments/pool/players', {
        id: '0000000001',
        name: 'a',
        decklist: { main: [89631139, 24224830], extra: [], side: [] },
      });
      expect(
        registered.body.findings
          .filter((f: { reason: string }) => f.reason === 'not-in-catalogue')
          .map((f: { passcode: number }) => f.passcode),
      ).toEqual([24224830]);
    });

    it('bounds the names of an uploaded F/L list and of a card database', async () => {
      const lflist = await staff.organizer.request('PUT', '/api/tournaments/pool/deck-rules', {
        body: {
          banlistFile: { format: 'lflist', text: `!${'2025.1 '.repeat(100)}\n89631139 0\n` },
          reason: 'house list',
        },
      });
      expect(lflist.status).toBe(400);
      expect(lflist.body.message).toBe(
        `body.banlistFile.text: line 1: the list name has 699 characters; at most ${UPLOAD_LIMITS.listNameCharacters}`,
      );
      const json = await staff.organizer.request('PUT', '/api/tournaments/pool/deck-rules', {
        body: {
          banlistFile: { format: 'json', text: JSON.stringify({ name: 'x'.repeat(400_000), forbidden: [] }) },
          reason: 'house list',
        },
      });
      expect(json.status).toBe(400);
      expect(json.body.message).toContain(`at most ${UPLOAD_LIMITS.listNameCharacters}`);
      const pool = await staff.organizer.post('/api/card-databases', {
        name: 'x'.repeat(UPLOAD_LIMITS.poolNameCharacters + 1),
        format: 'cdb',
        data: HOSTILE['a trigger'](),
      });
      expect([pool.status, pool.body.path]).toEqual([400, 'body.name']);
      const summary = await staff.public.get('/api/tournaments/pool');
      expect(summary.body.settings.deckRules.banlist?.name ?? '').not.toContain('2025.1 2025.1');
    });
  });
}
