import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The series contract over HTTP on both stores: a tournament played and finished through the
 * API, a series over it, the public leaderboard (JSON, CSV, as of a date), adjustments,
 * invitations and a player link; the organizer only for writes.
 */

for (const { name, kind } of await storeKinds()) {
  describe(`series over HTTP (${name})`, () => {
    let server: TestServer;
    let staff: Staff;
    /** Who won round 1's two tables (each 2-0): 80 + 10; the losers 20 + 10. */
    const winners: string[] = [];

    beforeAll(async () => {
      server = await startTestServer(kind);
      staff = await staffOf(server);
      const T = `/api/tournaments/${await tournamentWithPlayers(staff, 'weekly-1', { rounds: 1 })}`;
      expect(
        (await staff.scorekeeper.post(`${T}/rounds`, { round: 1, acceptDecklists: { reason: 'shop event' } })).status,
      ).toBe(201);
      const board = await staff.public.get(`${T}/rounds/1/pairings`);
      for (const table of board.body.tables as { table: number; players: { id: string }[] }[]) {
        const winner = (table.players[0] as { id: string }).id;
        winners.push(winner);
        const r = await staff.scorekeeper.post(`${T}/rounds/1/tables/${table.table}/result`, {
          duels: [winner, winner],
        });
        expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
      }
      expect((await staff.scorekeeper.post(`${T}/rounds/1/end`)).status).toBeLessThan(300);
      expect((await staff.organizer.post(`${T}/finish`)).status).toBeLessThan(300);
    }, 60_000);
    afterAll(async () => server?.close());

    it('creates a series and answers the public leaderboard', async () => {
      const body = { id: 'S', name: '2025 シーズン', from: '2025-01-01', to: '2025-12-31', points: 'ranking-duel' };
      expect((await staff.scorekeeper.post('/api/series', body)).status).toBe(403);
      expect((await staff.public.post('/api/series', body)).status).toBe(401);
      const created = await staff.organizer.post('/api/series', body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const again = await staff.organizer.post('/api/series', body);
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect((await staff.organizer.post('/api/series/S/tournaments', { tournament: 'weekly-1' })).status).toBe(200);
      expect((await staff.organizer.post('/api/series/S/tournaments', { tournament: 'nope' })).body.code).toBe(
        'tournament-unknown',
      );
      const board = await staff.public.get('/api/series/S/standings');
      expect(board.status).toBe(200);
      const rows = board.body.standings as {
        rank: number;
        player: string;
        name: string;
        points: number;
        events: unknown[];
      }[];
      expect(rows).toHaveLength(4);
      for (const w of winners)
        expect(rows.find((r) => r.player === w)).toMatchObject({
          rank: 1,
          points: 90,
          events: [{ tournament: 'weekly-1', points: 90, counted: true }],
        });
      const loser = rows.find((r) => !winners.includes(r.player));
      expect(loser).toMatchObject({ rank: 3, points: 30 });
      expect(PLAYERS.map((p) => p.name)).toContain(loser?.name);
      expect((await staff.public.get('/api/series/S/standings?asOf=2025-05-31')).body.standings).toEqual([]);
      const csv = await staff.public.get('/api/series/S/standings?format=csv&lang=en');
      expect(String(csv.body)).toContain('Rank,Player ID,Name,Points');
      expect((await staff.public.get('/api/series/none/standings')).status).toBe(404);
      expect((await staff.public.get('/api/series/S/standings?asOf=June')).status).toBe(400);
    });

    it('adjusts, invites and links, for the organizer only', async () => {
      const loser = PLAYERS.map((p) => p.id).find((id) => !winners.includes(id)) as string;
      expect(
        (await staff.judge.post('/api/series/S/adjustments', { player: loser, points: 100, reason: 'x' })).status,
      ).toBe(403);
      expect(
        (
          await staff.organizer.post('/api/series/S/adjustments', {
            player: loser,
            points: 100,
            reason: '地区大会優勝',
          })
        ).status,
      ).toBe(200);
      const invited = await staff.organizer.post('/api/series/S/invitations', { top: 1, asOf: '2025-12-31' });
      expect(invited.body.players).toEqual([{ player: loser, name: expect.any(String), rank: 1, points: 130 }]);
      expect((await staff.organizer.post('/api/series/S/invitations', {})).status).toBe(400);
      const other = PLAYERS.map((p) => p.id).find((id) => id !== loser && !winners.includes(id)) as string;
      expect(
        (await staff.organizer.post('/api/player-links', { player: other, to: loser, reason: 'desk typo' })).status,
      ).toBe(201);
      const rows = (await staff.public.get('/api/series/S/standings')).body.standings as {
        player: string;
        points: number;
      }[];
      expect(rows.find((r) => r.player === other)).toBeUndefined();
      expect(rows.find((r) => r.player === loser)?.points).toBe(130);
      expect((await staff.organizer.post(`/api/player-links/${other}/unlink`, { reason: 'not the same' })).status).toBe(
        200,
      );
      expect((await staff.organizer.get('/api/player-links')).body.history).toHaveLength(2);
      expect((await staff.public.get('/api/series')).body.series).toEqual([
        expect.objectContaining({ id: 'S', tournaments: 1 }),
      ]);
      // From a player's page: the series holding the tournament, with the id of the player's row.
      const mine = await staff.public.get(`/api/series?tournament=weekly-1&player=${other}`);
      expect(mine.body.series).toEqual([expect.objectContaining({ id: 'S', player: other })]);
      expect((await staff.public.get('/api/series?tournament=elsewhere')).body.series).toEqual([]);
      // Series and links are streams of the same store: the tournament list never shows them.
      const listed = (await staff.public.get('/api/tournaments')).body.tournaments as { id: string }[];
      expect(listed.map((t) => t.id)).toEqual(['weekly-1']);
      expect((await staff.organizer.delete('/api/series/S/tournaments/weekly-1')).status).toBe(200);
      expect((await staff.public.get('/api/series/S/standings')).body.standings).toEqual([
        expect.objectContaining({ player: loser, points: 100, events: [] }),
      ]);
    });
  });
}
