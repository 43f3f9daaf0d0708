import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_CHARS,
  BEST_OF,
  CUT_MAX_LOSSES,
  CUT_TOP,
  DEFAULT_ROUND_MINUTES,
  DUEL_NUMBER,
  EXTENSION_MINUTES,
  MAX_REPORTED_DUELS,
  ROUND_MINUTES,
  SWISS_ROUNDS,
  MAX_TOP_CUT,
  PHASE_NAME,
  PLAYER_ID,
  PLAYER_NAME,
  READING,
  REASON,
  RULING_REASON,
  TOURNAMENT_NAME,
  type IntRange,
} from '../../src/core/tournament/limits.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The OpenAPI document is what integrators read: its bounds must be the ones the core checks
 * (src/core/tournament/limits.ts), not a copy that drifts (the round length once allowed 600
 * here against 240 in the core).
 */

interface Schema {
  readonly type?: string;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxItems?: number;
  readonly maxLength?: number;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
  readonly properties?: Record<string, Schema>;
  readonly items?: Schema;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
}

let server: TestServer;
let paths: Record<string, Record<string, { requestBody: { content: { 'application/json': { schema: Schema } } } }>>;

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  const answer = await server.client().get('/api/openapi.json');
  paths = (answer.body as { paths: typeof paths }).paths;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const body = (path: string): Schema => {
  const op = paths[path]?.post;
  if (!op) throw new Error(`no POST ${path} in the OpenAPI document`);
  return op.requestBody.content['application/json'].schema;
};
const at = (schema: Schema | undefined, ...keys: string[]): Schema => {
  let s = schema;
  for (const key of keys) s = s?.properties?.[key];
  if (!s) throw new Error(`no ${keys.join('.')}`);
  return s;
};
/** The alternatives of a union, whichever keyword the generator used. */
const branches = (schema: Schema): readonly Schema[] => schema.anyOf ?? schema.oneOf ?? [schema];
const range = (s: Schema): IntRange => ({ min: s.minimum ?? Number.NaN, max: s.maximum ?? Number.NaN });

describe('the OpenAPI bounds are the core limits', () => {
  it('tournament creation: round length, its default, Swiss rounds, top cuts, formats', () => {
    const create = body('/api/tournaments');
    expect(range(at(create, 'roundMinutes'))).toEqual(ROUND_MINUTES);
    expect(at(create, 'roundMinutes').default).toBe(DEFAULT_ROUND_MINUTES);
    const swiss = branches(at(create, 'structure')).find((b) => b.properties?.rounds !== undefined);
    expect(range(at(swiss, 'rounds'))).toEqual(SWISS_ROUNDS);
    // Any size to the largest: a power of two, or another with first-round byes for the top seeds (the core says which).
    expect(range(at(swiss, 'topCut'))).toEqual({ min: 0, max: MAX_TOP_CUT });
    const stage = at(create, 'stages', 'swiss');
    expect(range(at(stage, 'roundMinutes'))).toEqual(ROUND_MINUTES);
    expect(at(stage, 'bestOf').enum).toEqual([...BEST_OF]);
  });

  it('phases, cuts and time extensions', () => {
    const phase = body('/api/tournaments/{tournamentId}/phases');
    expect(range(at(phase, 'roundMinutes'))).toEqual(ROUND_MINUTES);
    expect(at(phase, 'bestOf').enum).toEqual([...BEST_OF]);
    const cut = branches(body('/api/tournaments/{tournamentId}/rounds/{round}/cut'));
    expect(
      range(
        at(
          cut.find((b) => b.properties?.maxLosses),
          'maxLosses',
        ),
      ),
    ).toEqual(CUT_MAX_LOSSES);
    expect(
      range(
        at(
          cut.find((b) => b.properties?.top),
          'top',
        ),
      ),
    ).toEqual(CUT_TOP);
    const extension = body('/api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/extensions');
    expect(range(at(extension, 'minutes'))).toEqual(EXTENSION_MINUTES);
  });

  it('duels: the numbers a penalty names and the length of a report', () => {
    expect(range(at(body('/api/tournaments/{tournamentId}/penalties'), 'duel'))).toEqual(DUEL_NUMBER);
    const report = body('/api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/result');
    expect(at(report, 'duels').maxItems).toBe(MAX_REPORTED_DUELS);
  });

  it('announcements: the length of each language', () => {
    const text = at(body('/api/tournaments/{tournamentId}/announcements'), 'text');
    expect(at(text, 'ja').maxLength).toBe(ANNOUNCEMENT_CHARS);
    expect(at(text, 'en').maxLength).toBe(ANNOUNCEMENT_CHARS);
  });

  it('texts: ids with their shape, names, readings and reasons, in characters', () => {
    const player = body('/api/tournaments/{tournamentId}/players');
    expect(at(player, 'id').maxLength).toBe(PLAYER_ID.max);
    expect(at(player, 'id').pattern).toBe(PLAYER_ID.shape.pattern.source);
    expect(at(player, 'name').maxLength).toBe(PLAYER_NAME.max);
    expect(at(player, 'reading').maxLength).toBe(READING.max);
    expect(at(player, 'invitation', 'reason').maxLength).toBe(REASON.max);
    expect(at(body('/api/tournaments'), 'name').maxLength).toBe(TOURNAMENT_NAME.max);
    expect(at(body('/api/tournaments/{tournamentId}/phases'), 'name').maxLength).toBe(PHASE_NAME.max);
    const appeal = branches(body('/api/tournaments/{tournamentId}/penalties/{penaltyId}/appeal'));
    for (const branch of appeal) expect(at(branch, 'reason').maxLength).toBe(RULING_REASON.max);
  });
});
