import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Issue #25, 9: "why this pairing" on a player's own page, as the organizer's choice per
 * tournament (off by default). A player sees the line for their own table (or bye) only, the
 * same line staff read on the round screen.
 */

describe.each(await storeKinds())(
  'players see why they were paired, as the organizer chooses, on $name',
  ({ kind }) => {
    let server: TestServer;
    let staff: Staff;
    const codes = new Map<string, string>();
    const t = '/api/tournaments/why';
    let tables: { table: number | null; players: string[]; reason: { ja: string; en: string } }[] = [];

    beforeAll(async () => {
      server = await startTestServer(kind);
      staff = await staffOf(server);
      await tournamentWithPlayers(staff, 'why');
      // A fifth player, so round 1 has a bye.
      expect((await staff.scorekeeper.post(`${t}/players`, { id: '0000000005', name: '神楽坂' })).status).toBe(201);
      for (const id of [...PLAYERS.map((p) => p.id), '0000000005'])
        codes.set(id, (await staff.scorekeeper.get(`${t}/players/${id}/slip`)).body.code);
      expect((await staff.scorekeeper.post(`${t}/rounds`, { round: 1 })).status).toBe(201);
      tables = (await staff.judge.get(`${t}/rounds/1/reasons`)).body.tables;
    });
    afterAll(async () => server.close());

    const page = (id: string) => staff.public.get(`${t}/players/${id}/page?code=${codes.get(id)}`);
    const show = (who: Staff[keyof Staff], shown: boolean) =>
      who.request('PUT', `${t}/player-pairing-reasons`, { body: { shown } });

    it('is off by default: no player sees a reason', async () => {
      for (const id of codes.keys()) expect((await page(id)).body.pairingReason).toBeNull();
      expect((await staff.judge.get(`${t}/player-reports`)).body.pairingReasons).toBe(false);
    });

    it('only the organizer turns it on; then each player sees the line for their own table or bye, in ja and en', async () => {
      expect((await show(staff.judge, true)).status).toBe(403);
      const on = await show(staff.organizer, true);
      expect([on.status, on.body.events.map((e: { type: string }) => e.type)]).toEqual([
        200,
        ['PlayerPairingReasonsSet'],
      ]);
      expect((await staff.judge.get(`${t}/player-reports`)).body.pairingReasons).toBe(true);
      expect(tables.some((r) => r.table === null)).toBe(true);
      for (const id of codes.keys()) {
        const own = tables.find((r) => r.players.includes(id))!;
        const reason = (await page(id)).body.pairingReason;
        expect(reason).toEqual(own.reason);
        expect(reason.ja).not.toBe(reason.en);
      }
      // Another player's code does not open a page, so no one reads another table's reason.
      const [a, b] = [...codes.keys()];
      expect((await staff.public.get(`${t}/players/${a}/page?code=${codes.get(b!)}`)).status).toBe(403);
    });

    it('the same setting again writes nothing; turned off, the pages show none', async () => {
      const again = await show(staff.organizer, true);
      expect([again.status, again.body.events]).toEqual([200, []]);
      expect((await show(staff.organizer, false)).status).toBe(200);
      for (const id of codes.keys()) expect((await page(id)).body.pairingReason).toBeNull();
    });

    it('refuses a body that is not a yes or no, naming the field', async () => {
      const bad = await staff.organizer.request('PUT', `${t}/player-pairing-reasons`, { body: { shown: 'yes' } });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('shown');
    });
  },
);
