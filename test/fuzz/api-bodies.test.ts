import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../http/support/test-server.js';
import { arbitraryFor, type JsonSchema } from './json-schema-arbitrary.js';
import { anyText, anyValue, mutatedValue } from './mutate.js';

/*
 * Every tournament write of the API, sent bodies drawn from its own published schema (then
 * damaged) and random JSON or text, against a real server over SQLite with a paired round.
 * Whatever comes in, the answer is never a server error: it is the write's result, or an error
 * body with a code and a sentence in both languages, and a bad field is named by its path.
 */

interface Operation {
  readonly method: string;
  readonly url: string;
  readonly schema: JsonSchema;
}

const TOURNAMENT = 'fuzz';
const PLAYERS = ['100001', '100002', '100003', '100004', '100005'];
/** Real values for the path parameters, and a few wrong ones so params are fuzzed too. */
const PARAMS: Readonly<Record<string, readonly string[]>> = {
  tournamentId: [TOURNAMENT],
  round: ['1', '1', '2', '0', 'x'],
  table: ['1', '2', '1', '99'],
  playerId: [...PLAYERS, 'nobody', '..'],
  penaltyId: ['1', '2', '0', 'abc'],
  prizeId: ['p1', 'none'],
};

let server: TestServer;
let token = '';
let operations: Operation[] = [];

async function inject(method: string, url: string, body: unknown, raw = false) {
  return server.opened.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: raw ? (body as string) : JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  const organizer = server.client();
  await organizer.login(server.organizer.username, server.organizer.password);
  const roles = ['organizer', 'head-judge', 'judge', 'scorekeeper'];
  const created = await organizer.post('/api/accounts', {
    username: 'fuzzer',
    displayName: 'fuzzer',
    roles,
    password: 'fuzzer-password-123',
  });
  if (created.status !== 201) throw new Error(`account: ${JSON.stringify(created.body)}`);
  const fuzzer = server.client();
  await fuzzer.login('fuzzer', 'fuzzer-password-123');
  const issued = await fuzzer.post('/api/auth/tokens', { label: 'fuzz' });
  if (issued.status !== 201) throw new Error(`token: ${JSON.stringify(issued.body)}`);
  token = (issued.body as { token: string }).token;

  const setup: [string, unknown][] = [
    [
      '/api/tournaments',
      { id: TOURNAMENT, name: 'ファズ大会', date: '2025-06-01', structure: { kind: 'swiss', rounds: 3, topCut: 0 } },
    ],
    ...PLAYERS.map((id, i): [string, unknown] => [
      `/api/tournaments/${TOURNAMENT}/players`,
      { id, name: `Player ${i + 1}` },
    ]),
    [`/api/tournaments/${TOURNAMENT}/rounds`, { round: 1 }],
  ];
  for (const [url, body] of setup) {
    const answer = await inject('POST', url, body);
    if (answer.statusCode >= 300) throw new Error(`${url}: ${answer.body}`);
  }

  const doc = (await inject('GET', '/api/openapi.json', undefined)).json() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.requestBody?.content['application/json'] !== undefined)
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        url: path,
        schema: op.requestBody!.content['application/json']!.schema,
      })),
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The tournament writes: account and session routes are left out so the fuzz cannot lock itself out. */
const tournamentWrites = (): Operation[] => operations.filter((op) => op.url.startsWith('/api/tournaments'));

function concreteUrl(template: string): fc.Arbitrary<string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return fc
    .tuple(...names.map((n) => fc.constantFrom(...(PARAMS[n] ?? ['1']))))
    .map((values) => names.reduce((url, n, i) => url.replace(`{${n}}`, encodeURIComponent(values[i]!)), template));
}

function expectHandled(status: number, contentType: string | undefined, text: string): void {
  expect(status, text).toBeLessThan(500);
  if (status < 400) return;
  expect(contentType).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { code?: unknown; message?: unknown; messageJa?: unknown; path?: unknown };
  expect(typeof body.code).toBe('string');
  expect(String(body.message).trim()).not.toBe('');
  expect(String(body.messageJa).trim()).not.toBe('');
  if (body.code === 'invalid-request' && body.path !== undefined)
    expect(String(body.path)).toMatch(/^(body|params|query|headers)\b/);
}

describe('API request bodies', () => {
  it('finds the tournament writes in the published API document', () => {
    const urls = tournamentWrites().map((op) => `${op.method} ${op.url}`);
    expect(urls).toContain('POST /api/tournaments/{tournamentId}/players');
    expect(urls).toContain('POST /api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/result');
    expect(urls).toContain('POST /api/tournaments/{tournamentId}/penalties');
  });

  it('answers schema-drawn, damaged and random bodies with a result or a clear error, never a server error', async () => {
    const request = fc
      .constantFrom(...tournamentWrites())
      .chain((op) =>
        fc.tuple(
          fc.constant(op.method),
          concreteUrl(op.url),
          fc.oneof(
            { weight: 3, arbitrary: arbitraryFor(op.schema).map((body) => ({ body, raw: false })) },
            { weight: 3, arbitrary: mutatedValue(arbitraryFor(op.schema), 2).map((body) => ({ body, raw: false })) },
            { weight: 1, arbitrary: anyValue.map((body) => ({ body: body ?? null, raw: false })) },
            { weight: 1, arbitrary: anyText(80).map((body) => ({ body, raw: true })) },
          ),
        ),
      );
    await fc.assert(
      fc.asyncProperty(request, async ([method, url, { body, raw }]) => {
        const answer = await inject(method, url, body, raw);
        expectHandled(answer.statusCode, answer.headers['content-type'] as string | undefined, answer.body);
      }),
      { numRuns: 200 },
    );
  });
});
