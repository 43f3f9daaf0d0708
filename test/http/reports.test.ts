import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/app/event-store.js';
import { REPORT_CSP } from '../../src/app/reports/incident-html.js';
import { logDigest } from '../../src/app/reports/log-digest.js';
import { entriesOf, verifyBundle } from '../../src/app/reports/verify-bundle.js';
import { rawGet } from './support/raw-get.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The paperwork over HTTP on each real store: a disqualification's incident report (HTML with
 * its own strict policy, and JSON), the reasons of a Swiss round, and the report bundle as one
 * tar that `tar` extracts and `verifyBundle` checks against the log the server exports.
 */
describe.each(await storeKinds())('incident reports, reasons and the report bundle on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const t = '/api/tournaments/paperwork';
  const folder = mkdtempSync(join(tmpdir(), 'shinpan-http-reports-'));
  let dq: { id: number; player: string; opponent: string };

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'paperwork', { rounds: 3 });
    const one = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: server.clock.now.toISOString() });
    for (const m of one.body.pairing.matches as { table: number; players: [string, string] }[])
      await staff.scorekeeper.post(`${t}/rounds/1/tables/${m.table}/result`, { duels: [m.players[0], m.players[0]] });
    await staff.scorekeeper.post(`${t}/rounds/1/end`);
    const two = await staff.scorekeeper.post(`${t}/rounds`, { round: 2, seatTime: server.clock.now.toISOString() });
    expect(two.status, JSON.stringify(two.body)).toBe(201);
    const [player, opponent] = two.body.pairing.matches[0].players as [string, string];
    const issued = await staff.headJudge.post(`${t}/penalties`, {
      player,
      report: { infraction: 'bribery', phase: 'in-duel' },
      choice: { kind: 'guideline' },
      statements: ['相手に賞品を渡すと持ちかけた / offered the prize to the opponent'],
      notes: 'seen by the floor judge',
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    dq = { id: issued.body.penalty.penaltyId, player, opponent };
  });
  afterAll(async () => {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers the incident report as JSON and as a printable page with a policy that allows only its style', async () => {
    const data = await staff.headJudge.get(`${t}/penalties/${dq.id}/incident-report?format=json`);
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect(data.body).toMatchObject({
      penaltyId: dq.id,
      round: 2,
      table: 1,
      player: { id: dq.player },
      opponent: { id: dq.opponent },
      infraction: { id: 'bribery', section: '8' },
      inForce: { id: 'disqualification-forfeit-prizes' },
      statements: ['相手に賞品を渡すと持ちかけた / offered the prize to the opponent'],
      notes: 'seen by the floor judge',
    });
    const page = await staff.headJudge.get(`${t}/penalties/${dq.id}/incident-report?lang=en`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(REPORT_CSP);
    expect(page.body).toContain('Incident report');
    const ja = await staff.headJudge.get(`${t}/penalties/${dq.id}/incident-report`);
    expect(ja.body).toContain('インシデントレポート');
    // Every other answer keeps the console's policy.
    expect((await staff.public.get(t)).headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('refuses an unknown penalty (404) and every role but the head judge (403)', async () => {
    const missing = await staff.headJudge.get(`${t}/penalties/999/incident-report`);
    expect([missing.status, missing.body.code]).toEqual([404, 'not-found']);
    expect(missing.body.message).toContain('Penalty #999');
    const judge = await staff.judge.get(`${t}/penalties/${dq.id}/incident-report`);
    expect(judge.status).toBe(403);
  });

  it('answers the reasons of a Swiss round, one line per table in both languages', async () => {
    const one = await staff.judge.get(`${t}/rounds/1/reasons`);
    expect(one.status).toBe(200);
    expect(one.body.tables).toHaveLength(2);
    expect(one.body.tables[0]).toMatchObject({
      table: 1,
      facts: { kind: 'drawn' },
      reason: { en: 'Round 1: everyone on 0 points, drawn by the seed' },
    });
    const two = await staff.scorekeeper.get(`${t}/rounds/2/reasons`);
    expect(two.body.tables.map((r: { facts: { kind: string } }) => r.facts.kind)).toEqual([
      'same-record',
      'same-record',
    ]);
    expect(two.body.tables[0].reason).toEqual({ ja: '同じ勝点（3点）同士', en: 'Same record (3 points)' });
    expect((await staff.judge.get(`${t}/rounds/2/reasons`)).body).toEqual(two.body);
    const none = await staff.judge.get(`${t}/rounds/3/reasons`);
    expect(none.status).toBe(404);
    expect((await staff.public.get(`${t}/rounds/2/reasons`)).status).toBe(401);
  });

  it('sends the bundle as one tar that extracts and verifies against the log the server holds', async () => {
    const session = staff.headJudge.cookie('shinpan_session');
    const answer = await rawGet(`${server.url}${t}/report-bundle`, { cookie: `shinpan_session=${session}` });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-tar');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="shinpan-report-paperwork.tar"');
    const tar = join(folder, 'bundle.tar');
    writeFileSync(tar, answer.body);
    execFileSync('tar', ['-xf', tar, '-C', folder]);
    const root = join(folder, 'shinpan-report-paperwork');
    const files = new Map<string, Uint8Array>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else files.set(relative(root, path).split('\\').join('/'), readFileSync(path));
      }
    };
    walk(root);
    expect([...files.keys()].sort(), [...files.keys()].join()).toEqual([
      `incidents/penalty-${dq.id}-en.html`,
      `incidents/penalty-${dq.id}-ja.html`,
      `incidents/penalty-${dq.id}.json`,
      'manifest.json',
      'penalties-en.csv',
      'penalties-ja.csv',
      'penalties.json',
      'standings-en.csv',
      'standings-ja.csv',
      'standings.json',
    ]);
    const exported = await staff.organizer.get(`${t}/export?format=events`);
    const log = (exported.body as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as StoredEvent);
    const check = verifyBundle(entriesOf(files), log);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    const manifest = JSON.parse(Buffer.from(files.get('manifest.json')!).toString('utf8'));
    expect(manifest.log).toMatchObject({ events: log.length, sha256: logDigest(log).sha256 });
    // The same log gives the same archive, byte for byte.
    const again = await rawGet(`${server.url}${t}/report-bundle`, { cookie: `shinpan_session=${session}` });
    expect(again.body.equals(answer.body)).toBe(true);
  });
});
