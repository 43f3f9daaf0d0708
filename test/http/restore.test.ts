import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupsIn } from '../../src/adapters/store/backup/scheduled-backups.js';
import { HttpClient } from './support/http-client.js';
import { killAll, serveProcess } from './support/serve-process.js';

/*
 * The restore procedure of docs/operations.md, end to end on real server processes: a server
 * taking scheduled backups (SHINPAN_BACKUP_DIR) while results come in is killed with
 * kill -9; the newest backup is put in the database's place and the server started on it.
 * Every result acknowledged before that backup began is there.
 */

const dir = mkdtempSync(join(tmpdir(), 'shinpan-restore-'));
const db = join(dir, 'shinpan.db');
const backups = join(dir, 'backups');
const KEEP = 3;
const env = {
  DATABASE_URL: '',
  SHINPAN_BACKUP_DIR: backups,
  SHINPAN_BACKUP_MINUTES: '0.005',
  SHINPAN_BACKUP_KEEP: String(KEEP),
};

/** When the backup named `name` began (its name says, in UTC). */
const beganAt = (name: string): number => {
  const m = /^shinpan-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.db$/.exec(name);
  if (!m) throw new Error(`not a backup name: ${name}`);
  const [, y, mo, d, h, mi, s, ms] = m;
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
};

afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('restoring the newest scheduled backup after kill -9', () => {
  it('has every result acknowledged before that backup began', async () => {
    const first = await serveProcess(db, env);
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
    const scorer = new HttpClient(first.url).useToken(
      (await scorerSession.post('/api/auth/tokens', { label: 'results' })).body.token as string,
    );
    const token = (await organizer.post('/api/auth/tokens', { label: 'restore' })).body.token as string;
    const staff = new HttpClient(first.url).useToken(token);
    expect(
      (
        await staff.post('/api/tournaments', {
          id: 'restore',
          name: '復旧テスト',
          date: '2026-12-07',
          structure: { kind: 'swiss', rounds: 3, topCut: 0 },
        })
      ).status,
    ).toBe(201);
    for (let i = 1; i <= 64; i++) {
      const id = String(i).padStart(4, '0');
      expect((await staff.post('/api/tournaments/restore/players', { id, name: `選手${i}` })).status).toBe(201);
    }
    const paired = await staff.post('/api/tournaments/restore/rounds', { round: 1 });
    const matches = paired.body.pairing.matches as { table: number; players: [string, string] }[];

    // Half the results, one after another, each with the moment it was acknowledged; then,
    // once a backup has begun after them, the other half, and kill -9 right after the last.
    const acknowledged: { table: number; winner: string; at: number }[] = [];
    const report = async (match: { table: number; players: [string, string] }) => {
      const winner = match.players[match.table % 2]!;
      const answer = await scorer.post(`/api/tournaments/restore/rounds/1/tables/${match.table}/result`, {
        duels: [winner, winner],
      });
      expect(answer.status).toBe(200);
      acknowledged.push({ table: match.table, winner, at: Date.now() });
    };
    const half = matches.length / 2;
    for (const match of matches.slice(0, half)) await report(match);
    const halfway = acknowledged.at(-1)!.at;
    while (!backupsIn(backups).some((n) => beganAt(n) > halfway)) await new Promise((r) => setTimeout(r, 100));
    for (const match of matches.slice(half)) await report(match);
    await first.kill();
    expect(first.stdout()).toContain('"msg":"backup written and verified"');

    const kept = backupsIn(backups);
    expect(kept.length).toBeLessThanOrEqual(KEEP);
    const newest = kept.at(-1)!;
    const began = beganAt(newest);
    const before = acknowledged.filter((a) => a.at < began);
    expect(before.length).toBeGreaterThanOrEqual(half);

    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
    copyFileSync(join(backups, newest), db);
    const second = await serveProcess(db, env);
    expect(second.password).toBeUndefined();
    const board = await new HttpClient(second.url).get('/api/tournaments/restore/rounds/1/pairings');
    const outcomes = new Map(
      (board.body.tables as { table: number; outcome: unknown }[]).map((t) => [t.table, t.outcome]),
    );
    for (const { table, winner } of before)
      expect(outcomes.get(table), `table ${table}`).toEqual({ kind: 'win', winner, byPenalty: false });
    // The accounts came back with it: the organizer's new password signs in.
    await new HttpClient(second.url).login('organizer', 'organizer-password-1');
    await second.stop();
  }, 180_000);
});
