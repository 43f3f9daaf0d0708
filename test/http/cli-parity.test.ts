import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/core/tournament/events.js';
import {
  ANNOUNCEMENT_CHARS,
  CALL_NOTE_CHARS,
  ENTRY_TEXT_MAX,
  PHASE_NAME,
  PLAYER_ID,
  PLAYER_NAME,
  READING,
  REASON,
  RULING_REASON,
  SWISS_ROUNDS,
  TOURNAMENT_NAME,
} from '../../src/core/tournament/limits.js';
import { shinpan, snapshot, tempFolder } from '../cli/support.js';
import type { HttpClient } from './support/http-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Input rules have one home (core/tournament/limits.ts and command-checks.ts): the same input
 * typed at the desk and sent to the API is taken by both, or refused by both with the same
 * code, for every command the two share. A CLI refusal writes nothing. The two tournaments
 * live the same life, so a case may lean on what the cases before it did.
 */

interface Case {
  readonly name: string;
  /** The CLI's arguments after the command words; `--db` and `--tournament` are added. */
  readonly cli: readonly string[];
  readonly http: {
    readonly method: 'POST' | 'PUT';
    readonly url: string;
    readonly body: unknown;
    /** Sent without signing in (the public entry page). */
    readonly public?: true;
  };
  /** 'ok', or the code both answer. */
  readonly expect: string;
  /** The command makes the tournament: no --tournament. */
  readonly creates?: true;
}

const T = 'parity';
const at = (path: string) => `/api/tournaments/${T}${path}`;
const text = (n: number, c = 'x') => c.repeat(n);
const kana = (n: number) => 'あ'.repeat(n);
const post = (url: string, body: unknown, isPublic?: true) => ({
  method: 'POST' as const,
  url,
  body,
  ...(isPublic ? { public: isPublic } : {}),
});
const swiss = { kind: 'swiss', rounds: 3, topCut: 0 };

function creating(name: string, id: string, title: string, rounds: number, expected: string): Case {
  return {
    name,
    creates: true,
    cli: ['tournament', 'create', '--id', id, '--name', title, '--date', '2025-06-01', '--rounds', String(rounds)],
    http: post('/api/tournaments', { id, name: title, date: '2025-06-01', structure: { ...swiss, rounds } }),
    expect: expected,
  };
}

function adding(name: string, id: string, player: string, reading: string | undefined, expected: string): Case {
  return {
    name,
    cli: ['player', 'add', '--id', id, '--name', player, ...(reading === undefined ? [] : ['--reading', reading])],
    http: post(at('/players'), { id, name: player, ...(reading === undefined ? {} : { reading }) }),
    expect: expected,
  };
}

/** The CSV both sides import: the CLI reads it from a file, the API from the body. */
const csvCases = (dir: string): Case[] =>
  [
    ['a CSV row whose id has a space', 'id,name\nq1,Fine\nq 2,Spaced\n'],
    ['a CSV row with a name past the bound', `id,name\nq3,${text(PLAYER_NAME.max + 1)}\n`],
    ['a CSV row with a reading past the bound', `id,name,reading\nq4,Long,${kana(READING.max + 1)}\n`],
  ].map(([name, csv], i) => {
    const file = join(dir, `rows-${i}.csv`);
    writeFileSync(file, csv!);
    return {
      name: name!,
      cli: ['player', 'import', file],
      http: post(at('/players/import'), { csv }),
      expect: 'invalid-csv',
    };
  });

const CASES = (dir: string): Case[] => [
  creating('a tournament id with a space and capitals', 'Bad ID', 'X', 3, 'invalid-request'),
  creating('a tournament name past the bound', 'long-name', text(TOURNAMENT_NAME.max + 1), 3, 'invalid-request'),
  creating('more Swiss rounds than the bound', 'many-rounds', 'X', SWISS_ROUNDS.max + 1, 'invalid-request'),

  adding('a player id with a space and a slash', 'a b/c', 'Alice', undefined, 'invalid-request'),
  adding('a player id past the bound', text(PLAYER_ID.max + 1, '1'), 'Alice', undefined, 'invalid-request'),
  adding('a 300-character name', 'p1', text(300), undefined, 'invalid-request'),
  adding('a name with a control character', 'p1', 'Ali\u0007ce', undefined, 'invalid-request'),
  adding('a reading that is not kana', 'p1', 'Alice', 'alice', 'invalid-request'),
  adding('a reading past the bound', 'p1', 'Alice', kana(READING.max + 1), 'invalid-request'),
  adding('the id reserved for drawn duels', 'draw', 'Alice', undefined, 'invalid-command'),
  adding('a player within every bound', 'p1', 'Alice', 'ありす', 'ok'),
  // A hundred emoji are 200 UTF-16 units and 100 characters: within the bound wherever it is checked.
  adding('a name of as many emoji as the bound', 'p2', text(PLAYER_NAME.max, '🎴'), undefined, 'ok'),
  adding('a name at the bound', 'p3', text(PLAYER_NAME.max), undefined, 'ok'),
  adding('a fourth player', 'p4', '遊城十代', 'ゆうきじゅうだい', 'ok'),
  adding('an id registered already', 'p1', 'Alice again', undefined, 'duplicate-player'),
  ...csvCases(dir),

  {
    name: 'a corrected name past the bound',
    cli: ['player', 'edit', '--player', 'p1', '--name', text(PLAYER_NAME.max + 1)],
    http: post(at('/players/p1/details'), { name: text(PLAYER_NAME.max + 1) }),
    expect: 'invalid-request',
  },
  {
    name: 'a corrected reading',
    cli: ['player', 'edit', '--player', 'p1', '--reading', 'ありすさん'],
    http: post(at('/players/p1/details'), { reading: 'ありすさん' }),
    expect: 'ok',
  },
  {
    name: 'a drop naming a player id of the wrong shape',
    cli: ['player', 'drop', '--player', 'a b'],
    http: post(at('/players/a%20b/drop'), {}),
    expect: 'invalid-request',
  },
  {
    name: 'a drop reason past the bound',
    cli: ['player', 'drop', '--player', 'p4', '--reason', text(REASON.max + 1)],
    http: post(at('/players/p4/drop'), { reason: text(REASON.max + 1) }),
    expect: 'invalid-request',
  },
  {
    name: 'a desk entry with a name past the bound',
    cli: ['entry', 'add', '--name', text(ENTRY_TEXT_MAX + 1), '--reading', 'あ'],
    http: post(at('/entries'), { name: text(ENTRY_TEXT_MAX + 1), reading: 'あ' }, true),
    expect: 'invalid-request',
  },
  {
    name: 'an announcement past the bound',
    cli: ['announce', '--text', text(ANNOUNCEMENT_CHARS + 1)],
    http: post(at('/announcements'), { text: { en: text(ANNOUNCEMENT_CHARS + 1) } }),
    expect: 'invalid-request',
  },
  {
    name: 'a reason for pairing over decklists past the bound',
    cli: ['round', 'pair', '--accept-decklists', text(REASON.max + 1)],
    http: post(at('/rounds'), { round: 1, acceptDecklists: { reason: text(REASON.max + 1) } }),
    expect: 'invalid-request',
  },
  {
    name: 'a round posted to start later',
    cli: ['round', 'pair', '--start-later'],
    http: post(at('/rounds'), { round: 1, startLater: true }),
    expect: 'ok',
  },
  {
    name: 'a late-start round started',
    cli: ['round', 'start', '--round', '1'],
    http: post(at('/rounds/1/start'), {}),
    expect: 'ok',
  },
  {
    name: 'a round started twice',
    cli: ['round', 'start', '--round', '1'],
    http: post(at('/rounds/1/start'), {}),
    expect: 'round-already-started',
  },
  {
    name: "a judge call's note past the bound",
    cli: ['call', 'open', '--round', '1', '--table', '1', '--note', text(CALL_NOTE_CHARS + 1)],
    http: post(at('/calls'), { round: 1, table: 1, note: text(CALL_NOTE_CHARS + 1) }),
    expect: 'invalid-request',
  },
  {
    name: 'a result correction reason past the bound',
    cli: ['result', 'correct', '--round', '1', '--table', '1', '--duels', 'p1,p1', '--reason', text(REASON.max + 1)],
    http: {
      method: 'PUT',
      url: at('/rounds/1/tables/1/result'),
      body: { duels: ['p1', 'p1'], reason: text(REASON.max + 1) },
    },
    expect: 'invalid-request',
  },
  {
    name: 'a deviation reason past the bound',
    cli: [
      'penalty',
      'issue',
      '--player',
      'p1',
      '--infraction',
      'stalling',
      '--phase',
      'in-duel',
      '--penalty',
      'warning',
      '--reason',
      text(RULING_REASON.max + 1),
    ],
    http: post(at('/penalties'), {
      player: 'p1',
      report: { infraction: 'stalling', phase: 'in-duel' },
      choice: { kind: 'other', penalty: 'warning', reason: text(RULING_REASON.max + 1) },
    }),
    expect: 'invalid-request',
  },
  {
    name: 'an appeal reason past the bound',
    cli: ['penalty', 'appeal', '--id', '1', '--outcome', 'denied', '--reason', text(RULING_REASON.max + 1)],
    http: post(at('/penalties/1/appeal'), { outcome: 'denied', reason: text(RULING_REASON.max + 1) }),
    expect: 'invalid-request',
  },
  {
    name: "a phase's name past the bound",
    cli: ['phase', 'start', '--name', text(PHASE_NAME.max + 1)],
    http: post(at('/phases'), { name: text(PHASE_NAME.max + 1) }),
    expect: 'invalid-request',
  },
];

/** What the CLI answered: 'ok', the code its refusal ends with, or the whole refusal when it names none. */
function cliOutcome(run: { code: number; stderr: string }): string {
  if (run.code === 0) return 'ok';
  return /\[([a-z-]+)\]\n$/.exec(run.stderr)?.[1] ?? `exit ${run.code}: ${run.stderr}`;
}

describe('the CLI and the API take the same input', () => {
  const dir = tempFolder('parity');
  const db = join(dir, 'parity.db');
  let server: TestServer;
  let desk: HttpClient;
  let anyone: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite' });
    const organizer = server.client();
    await organizer.login(server.organizer.username, server.organizer.password);
    // One account holding every role acts as the desk does: in the role each command needs.
    const made = await organizer.post('/api/accounts', {
      username: 'desk',
      displayName: 'desk',
      roles: [...ROLES],
      password: 'desk-password-1',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    desk = server.client();
    await desk.login('desk', 'desk-password-1');
    anyone = server.client();
    const body = { id: T, name: 'Parity', date: '2025-06-01', structure: swiss };
    expect((await desk.post('/api/tournaments', body)).status).toBe(201);
    const cli = await shinpan(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      T,
      '--name',
      'Parity',
      '--date',
      '2025-06-01',
      '--rounds',
      '3',
    );
    expect(cli.code, cli.stderr).toBe(0);
  }, 60_000);

  afterAll(async () => server?.close());

  it('answers every case alike on both', async () => {
    for (const c of CASES(dir)) {
      const before = snapshot(db);
      const run = await shinpan(...c.cli, '--db', db, ...(c.creates ? [] : ['--tournament', T]));
      const client = c.http.public ? anyone : desk;
      const answer = await client.request(c.http.method, c.http.url, { body: c.http.body });
      const http = answer.status < 300 ? 'ok' : String(answer.body.code);
      expect({ case: c.name, cli: cliOutcome(run), http }).toEqual({ case: c.name, cli: c.expect, http: c.expect });
      if (c.expect !== 'ok') expect(snapshot(db), `${c.name}: the CLI wrote`).toEqual(before);
    }
  }, 120_000);
});
