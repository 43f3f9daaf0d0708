import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../src/app/csv.js';
import { parsePlayersCsv } from '../../src/app/csv-players.js';
import { json, ok, refused, shinpan, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('exports');

describe('CSV', () => {
  it('reads quotes, doubled quotes, line breaks in quotes and CRLF, numbering records by their first line', () => {
    const parsed = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\n');
    expect(parsed).toEqual({
      ok: true,
      value: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['x, y', 'say "hi"'] },
        { line: 4, fields: ['two\nlines', 'z'] },
      ],
    });
  });

  it('writes a BOM, CRLF, quotes where needed, and defuses formulas', () => {
    expect(
      toCsv(
        ['name', 'n', 'ok'],
        [
          ['鬼柳, 京介', 3, true],
          ['=HYPERLINK("x")', null, false],
          [' padded', -1, null],
        ],
      ),
    ).toBe('\uFEFFname,n,ok\r\n"鬼柳, 京介",3,true\r\n"\'=HYPERLINK(""x"")",,false\r\n" padded",-1,\r\n');
  });

  it('round-trips what it writes', () => {
    const rows = [
      ['a,b', 'c"d'],
      ['e\nf', 'g'],
    ];
    const parsed = parseCsv(toCsv(['x', 'y'], rows));
    expect(parsed.ok && parsed.value.map((r) => r.fields)).toEqual([['x', 'y'], ...rows]);
  });

  it('maps player columns in any order and names problems by line', () => {
    expect(parsePlayersCsv('name,ID\nAlice,1\n')).toEqual({
      ok: true,
      value: [{ line: 2, id: '1', name: 'Alice', reading: null, decklist: null }],
    });
    expect(parsePlayersCsv('id,name\n1,A,extra\n')).toEqual({
      ok: false,
      error: [{ line: 2, message: { ja: '列が 3 個あります (見出しは 2 列)', en: '3 fields, but the header has 2' } }],
    });
    expect(parsePlayersCsv('id,name\n')).toEqual({
      ok: false,
      error: [{ line: 1, message: { ja: '選手の行がありません', en: 'no player rows after the header' } }],
    });
  });
});

async function smallEvent(name: string): Promise<string> {
  const db = await tournamentWith(dir, name, 0, ['--rounds', '1']);
  for (const [id, playerName] of [
    ['A', '鬼柳, 京介'],
    ['B', '=HYPERLINK("evil")'],
    ['C', 'Crow'],
    ['D', 'ジャック'],
  ]) {
    await json('player', 'add', '--db', db, '--id', id as string, '--name', playerName as string);
  }
  const pairings = (await json('round', 'pair', '--db', db)).pairings;
  const first = pairings[0].players[0];
  await json(
    'penalty',
    'issue',
    '--db',
    db,
    '--player',
    first,
    '--infraction',
    'stalling',
    '--phase',
    'in-duel',
    '--judge',
    'Lee',
    '--at',
    '2011-06-01T10:20:00+09:00',
  );
  const [c, d] = pairings[1].players;
  await json('result', 'report', '--db', db, '--round', '1', '--table', '2', '--duels', `${c},draw,${d}`);
  return db;
}

describe('shinpan export', () => {
  it('exports the standings as CSV for Excel: BOM, header, CRLF, one row per player', async () => {
    const db = await smallEvent('standings');
    const csv = await ok('export', 'standings', '--db', db, '--format', 'csv');
    expect(
      csv.startsWith(
        '\uFEFFPlace,Swiss rank,Player ID,Name,Points,Wins,Losses,Draws,Byes,Matches,Match win %,OMW%,OOMW%,Dropped,Rank withdrawn,Status,Card Game ID\r\n',
      ),
    ).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(csv).toContain('"鬼柳, 京介"');
    expect(csv).toContain(`"'=HYPERLINK(""evil"")"`);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['1', '2', '3', '4']);
    const ja = await ok('export', 'standings', '--db', db, '--format', 'csv', '--lang', 'ja');
    expect(ja.split('\r\n')[0]).toBe(
      '\uFEFF順位,スイス順位,プレイヤーID,氏名,勝点,勝,敗,分,不戦勝,対戦数,勝率,OMW%,OOMW%,ドロップ,順位剥奪,状態,KONAMI ID',
    );
    const rows = JSON.parse(await ok('export', 'standings', '--db', db, '--format', 'json'));
    expect(rows[0]).toEqual({
      place: 1,
      rank: 1,
      player: expect.any(String),
      name: expect.any(String),
      points: 3,
      wins: 1,
      losses: 0,
      draws: 0,
      byes: 0,
      matchesPlayed: 1,
      matchWinPct: 1,
      opponentsWinPct: 0.3333,
      opponentsOpponentsWinPct: 1,
      dropped: false,
      rankWithdrawn: false,
      status: 'active',
      cardGameId: null,
    });
    expect(rows.map((r: { points: number }) => r.points)).toEqual([3, 1, 1, 0]);
  });

  it('exports the penalty log as CSV and JSON, to a file with --out', async () => {
    const db = await smallEvent('penalties');
    const out = join(dir, 'penalties.csv');
    const run = await shinpan('export', 'penalties', '--db', db, '--format', 'csv', '--out', out);
    expect(run).toEqual({ code: 0, stdout: '', stderr: `wrote 1 row to ${out}\n` });
    const text = readFileSync(out, 'utf8');
    const parsed = parseCsv(text);
    if (!parsed.ok) throw new Error('unreadable export');
    const [header, row] = parsed.value.map((r) => r.fields);
    expect(header?.slice(0, 8)).toEqual([
      'No.',
      'Time (UTC)',
      'Round',
      'Table',
      'Player ID',
      'Name',
      'Infraction ID',
      'Infraction',
    ]);
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect([
      cell('Infraction'),
      cell('Guideline'),
      cell('Penalty'),
      cell('Status'),
      cell('Recorded'),
      cell('Landed on'),
      cell('Judge'),
      cell('Time (UTC)'),
    ]).toEqual([
      'Stalling',
      'Match loss',
      'Match loss',
      'in force',
      'true',
      'round 1, table 1, match',
      'Lee',
      '2011-06-01T10:20:00+09:00',
    ]);
    const entries = JSON.parse(await ok('export', 'penalties', '--db', db, '--format', 'json'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: 1,
      infraction: 'stalling',
      penalty: 'match-loss',
      status: 'in-force',
      recorded: true,
      judge: { id: 'Lee', role: 'head-judge' },
    });
  });

  it('refuses an unknown export or format and writes no file', async () => {
    const db = await smallEvent('bad');
    const out = join(dir, 'never.csv');
    expect(await refused(db, 'export', 'scores', '--db', db, '--format', 'csv', '--out', out)).toBe(
      'shinpan: export: expected one of standings, penalties, tardiness, results, got "scores" [invalid-request]\n',
    );
    expect(await refused(db, 'export', 'standings', '--db', db, '--format', 'xlsx', '--out', out)).toBe(
      'shinpan: --format: expected one of csv, json, got "xlsx" [invalid-request]\n',
    );
    expect(await refused(db, 'export', 'standings', '--db', db)).toBe(
      'shinpan: --format: expected one of csv, json, got "" [invalid-request]\n',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('takes --json as --format json', async () => {
    const db = await smallEvent('json');
    expect(await ok('export', 'penalties', '--db', db, '--json')).toBe(
      await ok('export', 'penalties', '--db', db, '--format', 'json'),
    );
  });
});
