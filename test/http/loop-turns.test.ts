import { createConnection, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopTurns, waitsForTurn } from '../../src/adapters/http/loop-turns.js';
import { staffOf, tournamentWithPlayers } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Requests take turns on the event loop (loop-turns.ts): in the order they came, a few per turn,
 * fewer when turns run long; a health check, a readiness check or a scrape never waits behind
 * a burst.
 */

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('turns on the event loop', () => {
  it('lets everything but the liveness, readiness and metrics paths wait', () => {
    for (const url of ['/api/health', '/api/health?from=lb', '/api/ready', '/metrics'])
      expect(waitsForTurn(url)).toBe(false);
    for (const url of ['/api/healthz', '/api/tournaments', '/api/tournaments/t/standings?round=1', '/', '/metrics/x'])
      expect(waitsForTurn(url)).toBe(true);
  });

  it('lets requests in the order they came', async () => {
    const turns = new LoopTurns();
    const order: number[] = [];
    await Promise.all(Array.from({ length: 200 }, (_, i) => turns.enter().then(() => order.push(i))));
    expect(order).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(turns.waiting).toBe(0);
  });

  it('lets in more per turn while turns are short, and fewer once a turn runs long', async () => {
    let clock = 0;
    const turns = new LoopTurns(() => clock);
    let woken = 0;
    for (let i = 0; i < 400; i += 1) void turns.enter().then(() => (woken += 1));
    // Cheap turns (1 ms each): 1, 2, 4, 8, 16, then no more than 16.
    const groups: number[] = [];
    for (let turn = 0; turn < 8; turn += 1) {
      const before = woken;
      clock += 1;
      await nextTurn();
      groups.push(woken - before);
    }
    expect(groups.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 16]);
    expect(turns.group).toBe(16);
    // A long turn (30 ms: cold code, a big view): half as many after it, and so on down to 1.
    const after: number[] = [];
    for (let turn = 0; turn < 6; turn += 1) {
      const before = woken;
      clock += 30;
      await nextTurn();
      after.push(woken - before);
    }
    expect(after).toEqual([8, 4, 2, 1, 1, 1]);
    while (turns.waiting > 0) await nextTurn();
    expect(woken).toBe(400);
  });

  describe('on a server', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ kind: 'sqlite' });
      await tournamentWithPlayers(await staffOf(server), 'turns');
    });
    afterAll(async () => server?.close());

    it('answers a health check read with a burst of requests before the burst', async () => {
      const { hostname, port } = new URL(server.url);
      // 41 phones' connections, each open and read by the server (one first request answered).
      const connect = () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = createConnection({ host: hostname, port: Number(port) }, () => {
            socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
            socket.once('data', () => resolve(socket));
          });
          socket.once('error', reject);
        });
      const sockets = await Promise.all(Array.from({ length: 41 }, connect));
      const answered: number[] = [];
      const answers = sockets.map(
        (socket, i) =>
          new Promise<string>((resolve) => {
            let text = '';
            socket.on('data', (chunk: Buffer) => {
              if (text === '') answered.push(i);
              text += chunk.toString();
            });
            socket.on('end', () => resolve(text));
          }),
      );
      // Forty reads and then a health check, all written before the server reads any of them:
      // the loop is held here until they have reached its sockets, so one read of them finds all.
      sockets.forEach((socket, i) => {
        const path = i === 40 ? '/api/health' : '/api/tournaments/turns/standings';
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
      });
      const until = Date.now() + 150;
      while (Date.now() < until) {
        // Held on purpose (see above).
      }
      const texts = await Promise.all(answers);
      for (const text of texts) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      // Without turns every read found with it was answered first (it came 41st).
      expect(answered.indexOf(40)).toBeLessThan(10);
    });
  });
});
