import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { missNotes, row, single, type Row } from '../lib/report-table.js';
import type { PartResult } from '../lib/results-file.js';
import { spread } from '../lib/stats.js';
import { ApiClient } from './api-client.js';
import { buildServer, startServer, type RunningServer } from './server-process.js';

/*
 * Part 5: one stranger on the venue Wi-Fi (issue 14). The real server (built dist/, SQLite)
 * behind one trusted proxy hop (SHINPAN_TRUST_PROXY=1, so each request names its client in
 * X-Forwarded-For, the way the proxy would). While the stranger keeps posting the worst
 * decklists (the 7,600-line list of the report, and the largest list the server still reads:
 * 500 lines of misspelt names; three streams of ten a second) and fires 60 sign-ins with
 * random usernames every second, we measure /api/health and a real judge signing in from
 * another address. The stranger, autocannon and the server share the same cores.
 */

const TARGETS = { healthP99Ms: 50, signInMs: 1500 };
const STRANGER = '10.66.0.1';
const worstReported = Array.from({ length: 7600 }, () => '3 Blue-Eyes White Dragonx').join('\n');
const worstRead = Array.from({ length: 500 }, (_, i) => `3 Blue-Eyes White Dragon${'xyzw'[i % 4]}${i}`).join('\n');

export async function attackBench(quick: boolean, log: (line: string) => void): Promise<PartResult> {
  const seconds = quick ? 4 : 15;
  const signIns = quick ? 3 : 8;
  log('attack: building dist/');
  const broken = buildServer();
  if (broken)
    return {
      part: 'attack',
      title: 'One stranger on the network',
      rows: [],
      notes: [`Not measured: ${broken}.`],
      details: { unavailable: broken },
    };
  const dir = mkdtempSync(join(tmpdir(), 'shinpan-bench-attack-'));
  let server: RunningServer | null = null;
  try {
    server = await startServer(join(dir, 'attack.db'), [], { SHINPAN_TRUST_PROXY: '1' });
    if (!server.firstLogin) throw new Error('a fresh database must print the first organizer');
    const url = server.url;
    const organizer = new ApiClient(url);
    await organizer.ok('POST', '/api/auth/login', server.firstLogin);
    await organizer.ok('POST', '/api/auth/password', {
      currentPassword: server.firstLogin.password,
      newPassword: 'bench-organizer-password-1',
    });
    await organizer.ok('POST', '/api/accounts', {
      username: 'judge',
      displayName: 'judge',
      roles: ['judge'],
      password: 'judge-bench-password-1',
    });

    const signIn = async (address: string): Promise<{ ms: number; status: number }> => {
      const started = performance.now();
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ username: 'judge', password: 'judge-bench-password-1' }),
      });
      await response.text();
      return { ms: performance.now() - started, status: response.status };
    };
    log('attack: sign-ins without load');
    const quiet: number[] = [];
    for (let i = 0; i < signIns; i++) quiet.push((await signIn(`10.0.1.${i + 1}`)).ms);

    // Warm the decklist worker and its catalogue, as the first real upload of the day would.
    await post(
      url,
      '/api/decks/convert',
      { deck: { format: 'text', text: '3 Blue-Eyes White Dragon' }, to: 'ydk' },
      STRANGER,
    );

    log(`attack: ${seconds} s of health checks under the stranger's decklists and sign-ins`);
    let running = true;
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const loop = async (send: () => Promise<number>) => {
      while (running) {
        count(await send());
        await pause(100);
      }
    };
    let name = 0;
    const flood = async () => {
      while (running) {
        const batch = await Promise.all(
          Array.from({ length: 60 }, () =>
            post(url, '/api/auth/login', { username: `stranger-${name++}`, password: 'not-the-password' }, STRANGER),
          ),
        );
        batch.forEach(count);
        await pause(1000);
      }
    };
    const attackers = [
      loop(() =>
        post(url, '/api/decks/convert', { deck: { format: 'text', text: worstReported }, to: 'ydk' }, STRANGER),
      ),
      loop(() => post(url, '/api/decks/convert', { deck: { format: 'text', text: worstRead }, to: 'ydk' }, STRANGER)),
      loop(() => post(url, '/api/decks/convert', { deck: { format: 'text', text: worstRead }, to: 'text' }, STRANGER)),
      flood(),
    ];
    const underLoad: { ms: number; status: number }[] = [];
    const judge = (async () => {
      for (let i = 0; i < signIns && running; i++) {
        await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / (signIns + 1)));
        underLoad.push(await signIn(`10.0.2.${i + 1}`));
      }
    })();
    const load = loadavg()[0]!.toFixed(2);
    const health = await autocannon({ url: `${url}/api/health`, connections: 4, duration: seconds });
    await judge;
    running = false;
    await Promise.all(attackers);
    const peakMb = server.peakMb();
    await server.stop();
    server = null;

    const signedIn = underLoad.filter((s) => s.status === 200);
    const rows: Row[] = [
      row(
        `/api/health p99 while the stranger posts the worst decklists and 60 sign-ins at a time (${seconds} s)`,
        'ms',
        single(health.latency.p99),
        { max: TARGETS.healthP99Ms },
        `${health['2xx']} answered, ${health.non2xx + health.errors + health.timeouts} failed`,
      ),
      row('  /api/health p50', 'ms', single(health.latency.p50)),
      row(
        `a real judge signing in from another address, meanwhile (${signIns} sign-ins)`,
        'ms',
        spread(underLoad.map((s) => s.ms)),
        { max: TARGETS.signInMs },
        `${signedIn.length} of ${underLoad.length} signed in`,
      ),
      row('  the same sign-in without the stranger', 'ms', spread(quiet)),
      row('server peak memory (VmHWM)', 'MB', single(peakMb)),
    ];
    const answered = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ');
    const notes = missNotes(rows);
    notes.push(
      `Load average ${load} (1 min) on the 2 cores as the measurement started: the quiet sign-in's own time shows how much of the sign-in figure is the machine.`,
    );
    notes.push(
      `The stranger's requests were answered ${answered} (413: list past the caps; 400: unknown names, read in the worker; 401: wrong password; 429: sign-in limit or hash gate).`,
    );
    return {
      part: 'attack',
      title:
        'One stranger on the venue network: health and a real sign-in under the worst decklists and 60 random-name sign-ins',
      rows,
      notes,
      details: {
        seconds,
        health: { p50: health.latency.p50, p99: health.latency.p99, max: health.latency.max, ok: health['2xx'] },
        underLoad,
        quiet,
        statuses: Object.fromEntries(statuses),
      },
    };
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function post(url: string, path: string, body: unknown, address: string): Promise<number> {
  try {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
