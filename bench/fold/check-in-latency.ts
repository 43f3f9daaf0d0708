import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, staffTokens } from '../server/api-client.js';
import { startServer } from '../server/server-process.js';

/*
 * Check-in latency from the first player to the last, through the HTTP API of a real
 * `shinpan serve` on SQLite, then the first read after a restart. Small and separate from
 * `npm run bench`: `npm run build && node --import tsx bench/fold/check-in-latency.ts 8192`.
 */
const players = Number(process.argv[2] ?? 8192);
const dir = mkdtempSync(join(tmpdir(), 'fold-check-in-'));
const db = join(dir, 'shinpan.db');
let server = await startServer(db);
const t = '/api/tournaments/check-in-bench';
try {
  if (!server.firstLogin) throw new Error('a fresh database must print the first organizer');
  const tokens = await staffTokens(server.url, server.firstLogin, { boss: ['organizer'] });
  const staff = new ApiClient(server.url, tokens.boss);
  await staff.ok('POST', '/api/tournaments', {
    id: 'check-in-bench',
    name: 'check-in bench',
    date: '2026-08-01',
    roundMinutes: 40,
    structure: { kind: 'swiss', rounds: 13, topCut: 0 },
  });
  const ids = Array.from({ length: players }, (_, i) => `p${String(i + 1).padStart(5, '0')}`);
  const { codes } = await staff.ok('POST', `${t}/players/import`, {
    players: ids.map((id, i) => ({ id, name: `選手${i + 1}` })),
  });
  const anyone = new ApiClient(server.url);
  const ms: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    await anyone.ok('POST', `${t}/players/${id}/check-in`, { code: codes[id] });
    ms.push(performance.now() - started);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
  const slice = Math.min(512, Math.floor(players / 4));
  console.log(
    `${players} check-ins: median ${median(ms.slice(0, slice))} ms for the first ${slice}, ${median(ms.slice(-slice))} ms for the last ${slice}`,
  );
  await server.stop();
  server = await startServer(db);
  const started = performance.now();
  await new ApiClient(server.url).ok('GET', t);
  console.log(`first read after a restart: ${(performance.now() - started).toFixed(0)} ms`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
