import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireFreshBuild } from '../support/fresh-build.js';
import { HttpClient } from './support/http-client.js';

/*
 * kill -9 during a burst of result submissions: every result the server acknowledged must be
 * there after a restart. The server is the real `shinpan serve` from the build, on a temp file.
 */

const root = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'shinpan-crash-'));
const db = join(dir, 'shinpan.db');
const running: ChildProcess[] = [];

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly password: string | undefined;
}

/** Starts `node bin/shinpan.js serve` and waits for its "listening" line (and the first-start password). */
function serve(): Promise<Started> {
  const child = spawn(process.execPath, ['bin/shinpan.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/[\d.:]+)/.exec(out)?.[1];
      const firstStart = out.includes('First start');
      const password = /password \/ パスワード: (\S+)/.exec(out)?.[1];
      if (url && (!firstStart || password)) resolve({ child, url, password });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}${out}`)));
  });
}

beforeAll(() => requireFreshBuild());

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('a crash during a burst of results', () => {
  it('keeps every acknowledged write', async () => {
    const first = await serve();
    const organizer = new HttpClient(first.url);
    await organizer.login('organizer', first.password!);
    await organizer.post('/api/auth/password', {
      currentPassword: first.password,
      newPassword: 'organizer-password-1',
    });
    await organizer.post('/api/accounts', {
      username: 'scorer',
      displayName: 'Scorer',
      roles: ['scorekeeper'],
      password: 'scorer-password-1',
    });
    const scorerSession = new HttpClient(first.url);
    await scorerSession.login('scorer', 'scorer-password-1');
    const token = (await scorerSession.post('/api/auth/tokens', { label: 'burst' })).body.token as string;
    const organizerToken = (await organizer.post('/api/auth/tokens', { label: 'setup' })).body.token as string;
    const setup = new HttpClient(first.url).useToken(organizerToken);

    expect(
      (
        await setup.post('/api/tournaments', {
          id: 'crash',
          name: '耐障害テスト',
          date: '2025-06-01',
          structure: { kind: 'swiss', rounds: 5, topCut: 0 },
        })
      ).status,
    ).toBe(201);
    for (let i = 1; i <= 128; i++) {
      const id = String(i).padStart(10, '0');
      expect((await setup.post('/api/tournaments/crash/players', { id, name: `選手${i}` })).status).toBe(201);
    }
    const paired = await setup.post('/api/tournaments/crash/rounds', { round: 1 });
    const matches = paired.body.pairing.matches as { table: number; players: [string, string] }[];
    expect(matches).toHaveLength(64);

    // Eight phones at once; kill -9 once 20 results are acknowledged, while the rest are in flight.
    const scorer = new HttpClient(first.url).useToken(token);
    const acknowledged = new Map<number, string>();
    const queue = [...matches];
    let killed = false;
    const phone = async (): Promise<void> => {
      for (let match = queue.shift(); match && !killed; match = queue.shift()) {
        const winner = match.players[match.table % 2]!;
        try {
          const answer = await scorer.post(`/api/tournaments/crash/rounds/1/tables/${match.table}/result`, {
            duels: [winner, winner],
          });
          if (answer.status === 200) acknowledged.set(match.table, winner);
        } catch {
          // The connection died with the server: not acknowledged.
        }
        if (acknowledged.size >= 20 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, phone));
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(20);
    expect(acknowledged.size).toBeLessThan(64);

    const second = await serve();
    expect(second.password).toBeUndefined();
    const board = await new HttpClient(second.url).get('/api/tournaments/crash/rounds/1/pairings');
    const outcomes = new Map(
      (board.body.tables as { table: number; outcome: { kind: string; winner?: string } }[]).map((t) => [
        t.table,
        t.outcome,
      ]),
    );
    for (const [table, winner] of acknowledged)
      expect(outcomes.get(table), `table ${table}`).toEqual({ kind: 'win', winner, byPenalty: false });
    second.child.kill('SIGTERM');
  }, 180_000);
});
