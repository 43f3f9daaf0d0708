import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/adapters/package-root.js';
import { requireFreshBuild } from '../support/fresh-build.js';
import { tempFolder } from './support.js';

/*
 * The installed binary, as a scorekeeper's script runs it: `node bin/shinpan.js` over the
 * built dist/, which must be newer than src/ (`npm test` builds first).
 */

const root = packageRoot();
const dir = tempFolder('binary');
const run = promisify(execFile);

beforeAll(() => requireFreshBuild());

const env = { ...process.env, SHINPAN_LANG: 'en', SHINPAN_DB: '', DATABASE_URL: '' };

async function shinpan(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(root, 'bin', 'shinpan.js'), ...args], {
      cwd: dir,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('node bin/shinpan.js', () => {
  it('runs a round through the scripting contract and exits 2 on bad input', async () => {
    const db = join(dir, 'bin.db');
    expect(
      await shinpan(
        'tournament',
        'create',
        '--db',
        db,
        '--id',
        'bin',
        '--name',
        'バイナリ',
        '--date',
        '2011-06-01',
        '--rounds',
        '3',
        '--json',
      ),
    ).toEqual({ code: 0, stdout: '{\n  "id": "bin"\n}\n', stderr: '' });
    for (const id of ['A', 'B', 'C'])
      expect((await shinpan('player', 'add', '--db', db, '--id', id, '--name', `選手${id}`, '--json')).code).toBe(0);
    const paired = JSON.parse((await shinpan('round', 'pair', '--db', db, '--json')).stdout);
    expect(paired.pairings.map((p: { table: number | null }) => p.table)).toEqual([1, null]);
    const [a, b] = paired.pairings[0].players;
    expect(
      (
        await shinpan(
          'result',
          'report',
          '--db',
          db,
          '--round',
          '1',
          '--table',
          '1',
          '--duels',
          `${a},${b},${a}`,
          '--json',
        )
      ).code,
    ).toBe(0);
    const standings = JSON.parse((await shinpan('standings', '--db', db, '--json')).stdout);
    expect(standings.map((r: { points: number }) => r.points)).toEqual([3, 3, 0]);
    expect(await shinpan('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', 'Z')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'shinpan: the match at table 1 of round 1 already has its result (use a result correction) [match-already-decided]\n',
    });
  });

  it('finds the shipped catalogue, samples and rules from dist/ for the demo', async () => {
    const result = await shinpan('demo', '--db', join(dir, 'demo.db'), '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ tournament: 'demo', players: 16, penalties: 6 });
  });
});

describe('piped into a reader that stops early (`| head`)', () => {
  it('stops quietly with status 0 when the pipe closes, never an EPIPE stack trace', async () => {
    // The pack's JSON Schema is larger than a pipe's buffer, so the writer meets the closed pipe.
    const child = spawn(process.execPath, [join(root, 'bin', 'shinpan.js'), 'policy', '--schema'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
