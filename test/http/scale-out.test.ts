import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../src/adapters/http/routes/auth.js';
import { postgresUrl } from '../support/services.js';
import { HttpClient } from './support/http-client.js';
import { freshDatabase, killAll, serveProcess, type ServeProcess } from './support/serve-process.js';
import { SseClient } from './support/sse-client.js';

/*
 * Two real `shinpan serve` processes on one PostgreSQL database act as one service: a write
 * through A reaches a live stream on B within a second, a retry on B of A's write replays its
 * answer, a keyed retry after a restart replays without If-Match, and the two appending to one
 * tournament at once never fork it (the database orders the writes, not process memory), and
 * a kill -9 of one mid-burst loses no acknowledged write while the other goes on.
 */

const url = await postgresUrl();
const T = '/api/tournaments/scale';

/** Resolves with the promise's value, or rejects when it takes longer than `ms` (the bound the issue sets). */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);
}

describe.skipIf(!url)('two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: ServeProcess;
  let b: ServeProcess;
  let token: string;
  const onA = () => new HttpClient(a.url).useToken(token);
  const onB = () => new HttpClient(b.url).useToken(token);

  beforeAll(async () => {
    database = await freshDatabase(url as string, `shinpan_scale_${process.pid}`);
    a = await serveProcess(database.url);
    b = await serveProcess(database.url);
    expect(b.password).toBeUndefined();
    const organizer = new HttpClient(a.url);
    await organizer.login('organizer', a.password!);
    await organizer.post('/api/auth/password', { currentPassword: a.password, newPassword: 'organizer-password-1' });
    const created = await organizer.post('/api/accounts', {
      username: 'desk',
      displayName: 'Desk',
      roles: ['organizer', 'scorekeeper', 'judge'],
      password: 'desk-password-1',
    });
    expect(created.status).toBe(201);
    const desk = new HttpClient(a.url);
    await desk.login('desk', 'desk-password-1');
    token = (await desk.post('/api/auth/tokens', { label: 'scale-out' })).body.token as string;
    const tournament = await onA().post('/api/tournaments', {
      id: 'scale',
      name: 'スケールアウト',
      date: '2025-06-01',
      structure: { kind: 'swiss', rounds: 4, topCut: 0 },
    });
    expect(tournament.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    killAll();
    await database?.drop();
  });

  it('sends a write made through A to a live stream on B within a second', async () => {
    const live = await SseClient.open(`${b.url}${T}/live`, { authorization: `Bearer ${token}` });
    try {
      await live.next((e) => e.event === 'hello');
      const written = await onA().post(`${T}/players`, { id: '0000000001', name: '遊城十代' });
      expect(written.status).toBe(201);
      const frame = await within(
        1_000,
        live.next((e) => e.event === 'events' && e.data.version === written.body.version),
        'the write on A reaching B',
      );
      expect(frame.data.events.map((e: { type: string }) => e.type)).toEqual(['PlayerRegistered']);
      expect(frame.id).toBe(String(written.body.version));
    } finally {
      await live.close();
    }
  });

  it('holds the sign-in limit for both processes together: sign-ins for one name alternating between them', async () => {
    const answers = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.perAddressAndUser; i++)
      answers.push(
        (
          await new HttpClient(i % 2 === 0 ? a.url : b.url).post('/api/auth/login', {
            username: 'nobody',
            password: `wrong-${i}`,
          })
        ).status,
      );
    // Each process alone has seen at most half the maximum: only the count in the database refuses the last.
    expect(answers).toEqual([...Array(SIGN_IN_LIMITS.perAddressAndUser).fill(401), 429]);
  });

  it('answers a retry on B of a write made on A with the first answer, and refuses the key for another body', async () => {
    const headers = { 'idempotency-key': 'import-kanto-1' };
    const players = [
      { id: '0000000002', name: '丸藤亮' },
      { id: '0000000003', name: '天上院明日香' },
    ];
    const first = await onA().post(`${T}/players/import`, { players }, { headers });
    expect(first.status).toBe(201);
    const retry = await onB().post(`${T}/players/import`, { players }, { headers });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const other = await onB().post(
      `${T}/players/import`,
      { players: [{ id: '0000000009', name: '別人' }] },
      { headers },
    );
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency-key-reused');
  });

  it('replays a keyed write after its process restarted, without If-Match', async () => {
    const headers = { 'idempotency-key': 'register-4' };
    const body = { id: '0000000004', name: '万丈目準' };
    const first = await onB().post(`${T}/players`, body, { headers });
    expect(first.status).toBe(201);
    await b.kill();
    b = await serveProcess(database.url);
    const retry = await onB().post(`${T}/players`, body, { headers });
    expect(retry.status).toBe(201);
    expect(retry.body.version).toBe(first.body.version);
    expect(retry.body.events).toEqual(first.body.events);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  }, 90_000);

  it('never forks a tournament when both processes append to it at once', async () => {
    const before = (await onA().get(T)).body.version as number;
    const ids = Array.from({ length: 40 }, (_, i) => String(100 + i).padStart(10, '0'));
    const answers = await Promise.all(
      ids.map((id, i) => (i % 2 === 0 ? onA() : onB()).post(`${T}/players`, { id, name: `選手${id}` })),
    );
    expect(answers.filter((r) => r.status !== 201).map((r) => [r.status, r.body])).toEqual([]);
    const versions = answers.map((r) => r.body.version as number).sort((x, y) => x - y);
    expect(versions).toEqual(ids.map((_, i) => before + i + 1));
    const log = await onA().get(`${T}/export?format=events`);
    const events = (log.body as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { seq: number; type: string; data: { player?: { id: string } } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const registered = events.filter((e) => e.type === 'PlayerRegistered').map((e) => e.data.player?.id);
    expect(new Set(registered).size).toBe(registered.length);
    expect(registered).toEqual(expect.arrayContaining(ids));
    // Both processes read the same tournament (reads are fresh within a second).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [fromA, fromB] = await Promise.all([onA().get(T), onB().get(T)]);
    expect(fromB.body.version).toBe(fromA.body.version);
    expect(fromA.body.version).toBe(events.length);
  });

  it('loses no acknowledged write when one process is killed mid-burst, and the other goes on', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => String(2000 + i).padStart(10, '0'));
    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    let afterKill = 0;
    let next = 0;
    // Eight clients, alternating processes, as a round-robin load balancer would.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < ids.length) {
          const i = next++;
          const id = ids[i] as string;
          const client = i % 2 === 0 && killed === undefined ? onA() : onB();
          const answer = await client.post(`${T}/players`, { id, name: `選手${id}` }).catch(() => undefined);
          if (answer?.status === 201) {
            acknowledged.push(id);
            if (killed !== undefined) afterKill++;
          }
          if (killed === undefined && acknowledged.length >= 15) killed = a.kill();
        }
      }),
    );
    await killed;
    const log = await onB().get(`${T}/export?format=events`);
    const events = (log.body as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { seq: number; type: string; data: { player?: { id: string } } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const registered = events.filter((e) => e.type === 'PlayerRegistered').map((e) => e.data.player?.id);
    expect(new Set(registered).size).toBe(registered.length);
    expect(registered).toEqual(expect.arrayContaining(acknowledged));
    // The process still up took writes after the kill, and takes the next one.
    expect(afterKill).toBeGreaterThan(0);
    expect((await onB().post(`${T}/players`, { id: '0000002999', name: '最後' })).status).toBe(201);
  });
});
