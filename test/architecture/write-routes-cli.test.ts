import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/adapters/cli/main.js';
import { startTestServer, type TestServer } from '../http/support/test-server.js';
import { WRITE_ROUTES } from './write-routes-cli.js';

/*
 * The CLI and the console can do the same things: every write route the API publishes names
 * the CLI command that does it at the desk, or says why it is HTTP-only. A new route fails
 * here until its line is added to write-routes-cli.ts.
 */

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** Every command path of the CLI: "round start", "player add", "announce". */
function commandPaths(command: Command, prefix = ''): string[] {
  return command.commands.flatMap((c) => {
    const path = `${prefix}${c.name()}`;
    return [path, ...commandPaths(c, `${path} `)];
  });
}

let server: TestServer;
let documented: string[];

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  const doc = (await server.client().get('/api/openapi.json')).body as { paths: Record<string, object> };
  documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((method) => WRITES.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}, 60_000);

afterAll(async () => server?.close());

const sink = { write: () => true };

describe('the write routes and the CLI', () => {
  it('names a CLI command, or why it is HTTP-only, for every write route the API publishes', () => {
    expect(documented.length).toBeGreaterThan(50);
    const missing = documented.filter((route) => !(route in WRITE_ROUTES));
    expect(missing, 'add each to test/architecture/write-routes-cli.ts').toEqual([]);
  });

  it('lists no route the API no longer has', () => {
    expect(Object.keys(WRITE_ROUTES).filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('names only commands the CLI has, and a reason for each HTTP-only route', () => {
    const commands = new Set(commandPaths(buildProgram({ stdout: sink, stderr: sink, stdin: process.stdin })));
    for (const [route, counterpart] of Object.entries(WRITE_ROUTES)) {
      if ('cli' in counterpart)
        expect(commands.has(counterpart.cli), `${route}: shinpan ${counterpart.cli}`).toBe(true);
      else expect(counterpart.httpOnly.trim(), route).not.toBe('');
    }
  });
});
