import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandMeta, localTime } from '../../src/adapters/cli/desk.js';
import { json, ok, refused, shinpan, snapshot, tempFolder } from './support.js';

const dir = tempFolder('tournament');
const AT = '2011-06-01T09:00:00+09:00';

describe('shinpan tournament create', () => {
  it('creates the file and prints the id as the scripting contract says', async () => {
    const db = join(dir, 'create.db');
    const created = await json(
      'tournament',
      'create',
      '--db',
      db,
      '--name',
      'シティリーグ',
      '--date',
      '2011-06-01',
      '--rounds',
      '5',
      '--top',
      '8',
      '--at',
      AT,
    );
    expect(Object.keys(created)).toEqual(['id']);
    expect(created.id).toMatch(/^t-[0-9a-f]{8}$/);
    const shown = await json('tournament', 'show', '--db', db);
    expect(shown).toEqual({
      id: created.id,
      name: 'シティリーグ',
      date: '2011-06-01',
      status: 'open',
      structure: { kind: 'swiss', rounds: 5, topCut: 8 },
      decklistsRequired: false,
      roundMinutes: 40,
      stages: { swiss: { bestOf: 3, roundMinutes: 40 }, 'top-cut': { bestOf: 3, roundMinutes: 40 } },
      pack: { id: 'ocg-5ds', version: expect.any(String) },
      deckRules: {
        cards: {
          source: 'shipped',
          name: 'shinpan OCG card database',
          hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          cards: 14_222,
        },
        list: {
          name: '2011.03.01 OCG',
          date: '2011-03-01',
          source: 'shipped',
          hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      },
      players: 0,
      rounds: [],
    });
    const events = (snapshot(db) as { events: { type: string; actor: string; at: string }[] }).events;
    expect(events.map((e) => [e.type, e.at])).toEqual([['TournamentCreated', AT]]);
    expect(events[0]?.actor).toMatch(/^cli:/);
  });

  it('says what it created in the chosen language', async () => {
    const db = join(dir, 'text.db');
    const out = await ok(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'kanto',
      '--name',
      '関東大会',
      '--date',
      '2011-07-01',
      '--rounds',
      '4',
      '--lang',
      'ja',
    );
    expect(out).toBe(
      '大会を作成しました: kanto (関東大会、2011-07-01)\nデッキチェック: カード 同梱のOCGデータベース（14222 枚）、リスト 2011.03.01 OCG\n',
    );
  });

  it.each([
    [
      ['--date', '2011-02-30', '--rounds', '3'],
      '--date: expected a date YYYY-MM-DD, got "2011-02-30" [invalid-request]',
    ],
    [
      ['--date', '2011-06-01', '--rounds', '0'],
      '--rounds: expected a whole number from 1 to 20, got "0" [invalid-request]',
    ],
    [
      ['--date', '2011-06-01', '--rounds', 'five'],
      '--rounds: expected a whole number from 1 to 20, got "five" [invalid-request]',
    ],
    [
      ['--date', '2011-06-01', '--rounds', '3', '--top', '6'],
      '--top: expected one of 0, 4, 8, 16, 32, 64, 128, 256, got "6" (not a power of two: add --top-byes for first-round byes for the top seeds)',
    ],
    [['--date', '2011-06-01'], '--rounds: the number of Swiss rounds is required (or --single-elimination)'],
    [
      ['--date', '2011-06-01', '--rounds', '3', '--as', 'player'],
      '--as: expected one of organizer, head-judge, judge, scorekeeper, got "player" [invalid-request]',
    ],
    [
      ['--date', '2011-06-01', '--rounds', '3', '--at', 'tomorrow'],
      '--at: expected an ISO time like 2011-06-01T10:00:00+09:00, got "tomorrow" [invalid-request]',
    ],
    [
      ['--date', '2011-06-01', '--rounds', '3', '--as', 'judge'],
      'this needs the role organizer (you are judge) [role-required]',
    ],
  ])('refuses %j with exit 2 and creates no file', async (args, message) => {
    const db = join(dir, 'never.db');
    const run = await shinpan('tournament', 'create', '--db', db, '--name', 'X', ...args);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `shinpan: ${message}\n` });
    expect(existsSync(db)).toBe(false);
  });

  it('refuses a broken policy pack, naming the file, and creates no file', async () => {
    const pack = join(dir, 'broken-pack.json');
    writeFileSync(pack, '{"id": "x"');
    const db = join(dir, 'never2.db');
    const run = await shinpan(
      'tournament',
      'create',
      '--db',
      db,
      '--name',
      'X',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
      '--policy',
      pack,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^shinpan: ${pack.replaceAll('\\', '\\\\')}: invalid JSON`));
    expect(existsSync(db)).toBe(false);
  });

  it('records the time zone the event runs in; a zone the runtime does not know is refused, naming the field', async () => {
    const bad = join(dir, 'nowhere.db');
    const args = ['tournament', 'create', '--db', bad, '--name', 'X', '--date', '2011-06-01', '--rounds', '3'];
    const run = await shinpan(...args, '--time-zone', 'Mars/Olympus_Mons');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('settings.timeZone');
    expect(run.stderr).toContain('IANA time zone like Asia/Tokyo');
    expect(existsSync(bad)).toBe(false);
    const db = join(dir, 'tokyo.db');
    await json(
      'tournament',
      'create',
      '--db',
      db,
      '--name',
      'X',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
      '--time-zone',
      'Asia/Tokyo',
    );
    expect(await json('tournament', 'show', '--db', db)).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it('refuses a second tournament with the same id, writing nothing', async () => {
    const db = join(dir, 'twice.db');
    await json(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'same',
      '--name',
      'A',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
    );
    const stderr = await refused(
      db,
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'same',
      '--name',
      'B',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
    );
    expect(stderr).toBe('shinpan: tournament same already exists [tournament-exists]\n');
  });
});

describe('choosing the tournament of a file', () => {
  it('uses the only tournament; with several, asks for --tournament and lists them', async () => {
    const db = join(dir, 'several.db');
    await json(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'spring',
      '--name',
      '春の大会',
      '--date',
      '2011-04-01',
      '--rounds',
      '3',
    );
    await json('player', 'add', '--db', db, '--id', 'A', '--name', 'Alice');
    await json(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'summer',
      '--name',
      '夏の大会',
      '--date',
      '2011-08-01',
      '--rounds',
      '3',
    );
    const stderr = await refused(db, 'player', 'add', '--db', db, '--id', 'B', '--name', 'Bob');
    expect(stderr).toBe(
      `shinpan: ${db} holds 2 tournaments; choose one with --tournament:\n  spring  春の大会  2011-04-01\n  summer  夏の大会  2011-08-01\n`,
    );
    await json('player', 'add', '--db', db, '--tournament', 'summer', '--id', 'B', '--name', 'Bob');
    expect(
      (await json('player', 'list', '--db', db, '--tournament', 'summer')).map((p: { id: string }) => p.id),
    ).toEqual(['B']);
    expect(await refused(db, 'standings', '--db', db, '--tournament', 'winter')).toMatch(
      /^shinpan: --tournament: there is no tournament "winter" in .*several\.db:\n {2}spring/,
    );
    expect(await json('tournament', 'list', '--db', db)).toEqual([
      { id: 'spring', name: '春の大会', date: '2011-04-01', status: 'open', players: 1, rounds: 0 },
      { id: 'summer', name: '夏の大会', date: '2011-08-01', status: 'open', players: 1, rounds: 0 },
    ]);
  });

  it('never creates a database file for a command other than create', async () => {
    const db = join(dir, 'missing.db');
    for (const args of [
      ['player', 'add', '--id', 'A', '--name', 'A'],
      ['standings'],
      ['round', 'pair'],
      ['record', '--player', 'A'],
    ]) {
      const run = await shinpan(...args, '--db', db);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `shinpan: ${db}: no such database file (create a tournament first: shinpan tournament create --db ${db} …)\n`,
      );
    }
    expect(existsSync(db)).toBe(false);
  });

  it('refuses a file that is not a database', async () => {
    const db = join(dir, 'notes.txt');
    writeFileSync(db, 'these are my notes, not a database\n');
    const run = await shinpan('standings', '--db', db);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^shinpan: cannot open the SQLite event store .*notes\.txt: file is not a database/);
  });
});

describe('who acts, and when', () => {
  it('acts as head judge where a command allows it, else in the role it needs; --as pins one role', () => {
    const now = new Date('2011-06-01T01:02:03.456Z');
    expect(commandMeta({}, 'IssuePenalty', now).actor.role).toBe('head-judge');
    expect(commandMeta({}, 'CreateTournament', now).actor.role).toBe('organizer');
    expect(commandMeta({}, 'RegisterPlayer', now).actor.role).toBe('organizer');
    expect(commandMeta({}, 'ReportResult', now).actor.role).toBe('head-judge');
    expect(commandMeta({ as: 'judge', judge: ' 木村 ' }, 'CreateTournament', now).actor).toEqual({
      id: '木村',
      role: 'judge',
    });
    expect(commandMeta({ at: '2011-06-01T10:00:00+09:00' }, 'PairRound', now, 7)).toMatchObject({
      at: '2011-06-01T10:00:00+09:00',
      seed: 7,
    });
  });

  it('writes the clock as local time with its offset, to the second', () => {
    const now = new Date('2011-06-01T01:02:03.456Z');
    const written = localTime(now);
    expect(written).toMatch(/^2011-06-01T\d\d:\d\d:03[+-]\d\d:\d\d$/);
    expect(Date.parse(written)).toBe(Date.parse('2011-06-01T01:02:03Z'));
  });
});
