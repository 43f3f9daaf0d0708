import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openServer, type OpenServerOptions } from '../../src/adapters/http/open-server.js';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import { verifyBody } from '../../src/app/webhooks/signature.js';
import { HttpClient } from '../http/support/http-client.js';
import { staffOf, tournamentWithPlayers, type Staff } from '../http/support/staff.js';
import { storeKinds } from '../http/support/stores.js';
import { startTestServer } from '../http/support/test-server.js';
import { meta } from '../tournament/fixtures.js';
import { eventually, Receiver, type Received } from './receiver.js';

const SECRET = 'whsec-0123456789abcdef';
const T = 'wh-cup';

/** The dispatcher's clock (real time, moved on by `skew` for the minute the receiver is down) and a fast schedule. */
let skew = 0;
const timing: OpenServerOptions['webhookTiming'] = {
  schedule: { delayMs: () => 20, giveUpAfterMs: 24 * 60 * 60 * 1000 },
  now: () => Date.now() + skew,
  sweepMs: 250,
};

const parsed = (r: Received) =>
  JSON.parse(r.body) as { id: string; event: string; timestamp: number; data: { seq: number; round?: number } };

describe.each(await storeKinds())('webhooks on $name', ({ kind }) => {
  const receiver = new Receiver();
  afterAll(() => receiver.down());

  it('delivers signed events in order, through a receiver outage, a restart and another writer', async () => {
    await receiver.up();
    const server = await startTestServer(kind, { webhookTiming: timing });
    let staff: Staff = await staffOf(server);
    await tournamentWithPlayers(staff, T);
    const base = `/api/tournaments/${T}`;

    // SSRF: a loopback receiver needs the organizer's explicit allowance; secrets never come back.
    const refused = await staff.organizer.post('/api/webhooks', {
      url: `${receiver.url}/hook`,
      secret: SECRET,
      events: ['round.published'],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('allow-private');
    const staffEvent = await staff.organizer.post('/api/webhooks', {
      url: 'https://example.invalid/hook',
      secret: SECRET,
      events: ['call.opened'],
    });
    expect(staffEvent.status).toBe(422);
    expect((await staff.judge.get('/api/webhooks')).status).toBe(403);
    const added = await staff.organizer.post('/api/webhooks', {
      url: `${receiver.url}/hook`,
      secret: SECRET,
      events: ['round.published', 'result.recorded', 'round.ended', 'standings.updated', 'announcement.posted'],
      tournament: T,
      allowPrivate: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.webhook.id as string;
    const listed = await staff.organizer.get('/api/webhooks');
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);

    // Round 1: published, two results, ended (with the standings).
    expect((await staff.scorekeeper.post(`${base}/rounds`, { round: 1 })).status).toBe(201);
    const board = (await staff.scorekeeper.get(`${base}/rounds/1/pairings`)).body.tables as {
      table: number | null;
      players: { id: string }[];
    }[];
    for (const t of board.filter((x) => x.table !== null)) {
      const entered = await staff.scorekeeper.post(`${base}/rounds/1/tables/${t.table}/result`, {
        duels: [t.players[0]!.id, t.players[0]!.id],
      });
      expect(entered.status).toBe(200);
    }
    expect((await staff.scorekeeper.post(`${base}/rounds/1/end`)).status).toBe(200);
    await receiver.until(5);
    const first = receiver.received.map(parsed);
    expect(first.map((d) => d.event)).toEqual([
      'round.published',
      'result.recorded',
      'result.recorded',
      'round.ended',
      'standings.updated',
    ]);
    for (const r of receiver.received) {
      const body = parsed(r);
      expect(r.headers['x-shinpan-event']).toBe(body.event);
      expect(r.headers['x-shinpan-delivery']).toBe(body.id);
      expect(verifyBody(SECRET, r.body, String(r.headers['x-shinpan-signature']), body.timestamp)).toBe(true);
      expect(
        verifyBody('another-secret-0123456789', r.body, String(r.headers['x-shinpan-signature']), body.timestamp),
      ).toBe(false);
    }
    // The public's projection: names and results, never a decklist or a penalty's reason.
    expect(receiver.received[0]!.body).toContain('遊城十代');
    expect(receiver.received[0]!.body).not.toContain('decklist');

    // The receiver is down for a minute: attempts fail and are retried, the write is not held up.
    await receiver.down();
    expect((await staff.scorekeeper.post(`${base}/rounds`, { round: 2 })).status).toBe(201);
    await eventually(
      () => staff.organizer.get(`/api/webhooks/${id}/deliveries`),
      (a) =>
        a.body.deliveries.some((d: { status: string; attempts: number }) => d.status === 'pending' && d.attempts >= 3),
    );
    const failing = (await staff.organizer.get(`/api/webhooks/${id}/deliveries`)).body.deliveries[0];
    expect(failing.lastError).toMatch(/ECONNREFUSED/);
    skew += 61_000;
    await receiver.up();
    server.opened.webhooks.kick();
    await receiver.until(6);
    expect(parsed(receiver.received[5]!).event).toBe('round.published');
    expect(parsed(receiver.received[5]!).data.round).toBe(2);

    // Down again, a write, then the server restarts: the new process delivers what the old one could not.
    await receiver.down();
    expect(
      (await staff.organizer.post(`${base}/announcements`, { text: { ja: '昼休憩です', en: 'Lunch break' } })).status,
    ).toBe(201);
    await eventually(
      () => staff.organizer.get(`/api/webhooks/${id}/deliveries`),
      (a) =>
        a.body.deliveries.some(
          (d: { event: string; attempts: number }) => d.event === 'announcement.posted' && d.attempts >= 1,
        ),
    );
    await server.opened.close();
    await receiver.up();
    const again = await openServer({
      database: server.database,
      clock: server.clock.read,
      secret: 'test-secret-0123456789abcdef',
      heartbeatMs: 60_000,
      recentViewMs: 0,
      webhookTiming: timing,
    });
    const { address } = await again.listen({ port: 0, host: '127.0.0.1' });
    try {
      await receiver.until(7);
      expect(parsed(receiver.received[6]!).event).toBe('announcement.posted');

      // Another writer on the same database (as the CLI is): the running server delivers its event.
      const other = await openEventStore(server.database);
      try {
        const service = new TournamentService(other);
        const written = await service.execute(T, {
          type: 'Announce',
          data: { text: { ja: 'デッキチェック中', en: 'Deck checks under way' } },
          meta: meta('organizer', { at: '2025-06-01T10:00:00.000Z' }),
        });
        expect(written.ok).toBe(true);
      } finally {
        await other.close();
      }
      await receiver.until(8);
      expect(parsed(receiver.received[7]!).event).toBe('announcement.posted');

      // In the log's order, each delivery once.
      const all = receiver.received.map(parsed);
      const seqs = all.map((d) => d.data.seq);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
      expect(new Set(all.map((d) => d.id)).size).toBe(all.length);
      const organizer = new HttpClient(address);
      await organizer.login(server.organizer.username, server.organizer.password);
      const deliveries = (await organizer.get(`/api/webhooks/${id}/deliveries`)).body.deliveries as {
        status: string;
      }[];
      expect(deliveries).toHaveLength(8);
      expect(deliveries.every((d) => d.status === 'delivered')).toBe(true);

      // The test button: one signed ping, answered with the receiver's status.
      const ping = await organizer.post(`/api/webhooks/${id}/test`, {});
      expect(ping.body).toEqual({ ok: true, code: 200, error: null });
      expect(parsed(receiver.received[8]!).event).toBe('ping');
      expect((await organizer.delete(`/api/webhooks/${id}`)).status).toBe(200);
      expect((await organizer.get('/api/webhooks')).body.webhooks).toEqual([]);
      staff = undefined as never;
    } finally {
      await again.close();
      if (server.database.kind === 'postgres') {
        const client = new pg.Client({ connectionString: server.database.url });
        await client.connect();
        await client.query(`drop schema if exists ${server.database.schema} cascade`);
        await client.end();
      } else rmSync(dirname(server.database.path), { recursive: true, force: true });
    }
  }, 120_000);
});
