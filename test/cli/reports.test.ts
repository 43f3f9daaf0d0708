import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/app/reports/log-digest.js';
import { json, ok, shinpan, snapshot, tempFolder } from './support.js';

/*
 * The head judge's paperwork over the demo's log: a disqualification (penalty 6, bribery), a
 * deviation, an appeal. `report incident`, `report event` and `verify --bundle`.
 */
const dir = tempFolder('reports');
const db = join(dir, 'demo.db');

beforeAll(async () => {
  await ok('demo', '--db', db);
});

describe('shinpan report incident', () => {
  it('prints the disqualification as one self-contained A4 page in en and ja', async () => {
    const en = await ok('report', 'incident', '--db', db, '--penalty', '6');
    expect(en).toMatch(/^<!doctype html>/);
    expect(en).toContain('@page { size: A4;');
    expect(en).not.toMatch(/<script|<link|src="http/);
    for (const words of [
      'Incident report',
      'Penalty no. #6',
      'Demo City League',
      'round 3 table 2',
      '鈴木 翔',
      '1003',
      'Player ID (Card Game ID)',
      'Bribery',
      'Fixed a result by promising money or another reward.',
      'during a duel',
      'Disqualification with loss of prizes',
      'round 3, table 2, match',
      '(head judge)',
      'Head judge signature',
    ])
      expect(en).toContain(words);
    // Statements as written, HTML-escaped (the quotes), never percent-encoded.
    expect(en).toContain('1003 admitted making the offer');
    expect(en).toContain('「勝ちを譲ってくれたら賞品のパックを渡す」');
    expect(en).not.toContain('%u');
    const ja = await ok('report', 'incident', '--db', db, '--penalty', '6', '--lang', 'ja');
    for (const words of [
      'インシデントレポート',
      '見返りによる結果の操作',
      '第3回戦 卓2',
      'カードゲームID',
      'ヘッドジャッジ署名',
    ])
      expect(ja).toContain(words);
  });

  it('--json gives the data, with the opponent, the guideline and every statement', async () => {
    const report = await json('report', 'incident', '--db', db, '--penalty', '6');
    expect(report).toMatchObject({
      tournament: { id: 'demo', date: '2011-06-01', venue: null },
      penaltyId: 6,
      round: 3,
      table: 2,
      player: { id: '1003', name: '鈴木 翔' },
      opponent: { id: '1007' },
      infraction: { id: 'bribery', section: '8' },
      guideline: { id: 'disqualification-forfeit-prizes' },
      inForce: { id: 'disqualification-forfeit-prizes' },
      deviation: null,
      landed: { en: 'round 3, table 2, match' },
      appeals: [],
    });
    expect(report.statements).toHaveLength(2);
  });

  it('on request any penalty: the deviation and the appeal are on the page', async () => {
    const deviated = await json('report', 'incident', '--db', db, '--penalty', '4');
    expect(deviated.deviation).toMatchObject({ kind: 'deviation', reason: expect.stringContaining('worn sleeves') });
    expect(deviated.guideline.id).toBe('caution');
    expect(deviated.issued.id).toBe('warning');
    const appealed = await json('report', 'incident', '--db', db, '--penalty', '5');
    expect(appealed.appeals).toMatchObject([{ kind: 'changed', from: { id: 'duel-loss' }, to: { id: 'warning' } }]);
    expect(appealed.issued.id).toBe('duel-loss');
    expect(appealed.inForce.id).toBe('warning');
    const html = await ok('report', 'incident', '--db', db, '--penalty', '5');
    expect(html).toContain('the opponent identified the card');
  });

  it('--out writes the file and says so on stderr', async () => {
    const out = join(dir, 'out', 'incident-6.html');
    const run = await shinpan('report', 'incident', '--db', db, '--penalty', '6', '--out', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`Wrote the incident report of penalty #6 to ${out}\n`);
    expect(readFileSync(out, 'utf8')).toContain('Incident report');
  });

  it('refuses a missing or unknown penalty, exit 2', async () => {
    const none = await shinpan('report', 'incident', '--db', db);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toContain('--penalty: give the penalty number');
    const unknown = await shinpan('report', 'incident', '--db', db, '--penalty', '99');
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('--penalty: this tournament has no penalty #99 (it has 6)');
    const bad = await shinpan('report', 'incident', '--db', db, '--penalty', 'x');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--penalty');
  });
});

/** Every file of a folder by relative path. */
function tree(root: string, prefix = ''): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? tree(root, join(prefix, e.name)) : [join(prefix, e.name)]))
    .sort();
}

describe('shinpan report event and shinpan verify --bundle', () => {
  const bundle = join(dir, 'bundle');

  beforeAll(async () => {
    const before = snapshot(db);
    const out = await ok('report', 'event', '--db', db, '--out', bundle);
    expect(out).toMatch(/^Wrote 9 files and the manifest to .+ \(log of 71 events, SHA-256 [0-9a-f]{64}\)\n$/);
    expect(snapshot(db)).toEqual(before);
  });

  it('holds the recorded penalties, each disqualification report, the standings and the manifest', () => {
    expect(tree(bundle)).toEqual([
      'incidents/penalty-6-en.html',
      'incidents/penalty-6-ja.html',
      'incidents/penalty-6.json',
      'manifest.json',
      'penalties-en.csv',
      'penalties-ja.csv',
      'penalties.json',
      'standings-en.csv',
      'standings-ja.csv',
      'standings.json',
    ]);
    const penalties = JSON.parse(readFileSync(join(bundle, 'penalties.json'), 'utf8'));
    // The caution (2) is not on the official record; warnings and above are.
    expect(penalties.map((p: { id: number }) => p.id)).toEqual([1, 3, 4, 5, 6]);
    const manifest = JSON.parse(readFileSync(join(bundle, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'shinpan-event-bundle/1',
      tournament: { id: 'demo' },
      log: { serialization: 'shinpan-log/1', events: 71 },
    });
    for (const f of manifest.files) expect(sha256(readFileSync(join(bundle, f.path)))).toBe(f.sha256);
  });

  it('the same log makes the same bundle, byte for byte', async () => {
    const again = join(dir, 'bundle-again');
    await ok('report', 'event', '--db', db, '--out', again);
    for (const f of tree(bundle)) expect(readFileSync(join(again, f))).toEqual(readFileSync(join(bundle, f)));
  });

  it('never writes into a folder that holds anything, exit 2', async () => {
    const run = await shinpan('report', 'event', '--db', db, '--out', bundle);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('is not empty');
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const onFile = await shinpan('report', 'event', '--db', db, '--out', file);
    expect(onFile).toMatchObject({ code: 2, stdout: '' });
    expect(onFile.stderr).toContain(`--out: cannot write ${file} (ENOTDIR)`);
  });

  it('verifies an untouched bundle, alone and against the database, exit 0', async () => {
    expect(await ok('verify', '--bundle', bundle)).toMatch(/^Verified: 9 files match the manifest \(log of 71 events/);
    expect(await ok('verify', '--bundle', bundle, '--db', db)).toMatch(
      /^Verified: 9 files match the manifest, and so does the database log/,
    );
  });

  it('one byte changed in an exported file fails, exit 1, naming the file', async () => {
    const copy = copyOf(bundle, 'one-byte');
    const path = join(copy, 'penalties-en.csv');
    const bytes = readFileSync(path);
    const at = bytes.length - 3;
    bytes[at] = bytes[at]! ^ 1;
    writeFileSync(path, bytes);
    const run = await shinpan('verify', '--bundle', copy);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('NOT verified: 1 problem(s)');
    expect(run.stderr).toContain('penalties-en.csv: does not match its hash in the manifest');
  });

  it('a file added or removed fails', async () => {
    const added = copyOf(bundle, 'added');
    writeFileSync(join(added, 'extra.txt'), 'x');
    expect((await shinpan('verify', '--bundle', added)).stderr).toContain('extra.txt: not listed in the manifest');
    const lacking = copyOf(bundle, 'lacking', ['incidents/penalty-6-ja.html']);
    const run = await shinpan('verify', '--bundle', lacking);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('incidents/penalty-6-ja.html: listed in the manifest but missing');
  });

  it("a manifest whose tournament name, date and status were rewritten fails against the database's log", async () => {
    const copy = copyOf(bundle, 'renamed');
    const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'));
    manifest.tournament = { ...manifest.tournament, name: '偽の大会', date: '2001-01-01', status: 'open' };
    writeFileSync(join(copy, 'manifest.json'), JSON.stringify(manifest));
    expect((await shinpan('verify', '--bundle', copy)).code).toBe(0);
    const run = await shinpan('verify', '--bundle', copy, '--db', db, '--lang', 'en');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`the manifest's tournament name is "偽の大会"`);
    expect(run.stderr).toContain(`the manifest's tournament date is "2001-01-01"`);
    expect(run.stderr).toContain(`the manifest's tournament status is "open"`);
  });

  it('a file rewritten with its manifest entry passes alone but fails against the database', async () => {
    const copy = copyOf(bundle, 'rewritten');
    const path = join(copy, 'standings.json');
    const forged = readFileSync(path, 'utf8').replace('"points": 12', '"points": 13');
    writeFileSync(path, forged);
    const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'));
    const entry = manifest.files.find((f: { path: string }) => f.path === 'standings.json');
    entry.sha256 = sha256(forged);
    entry.bytes = Buffer.byteLength(forged);
    writeFileSync(join(copy, 'manifest.json'), JSON.stringify(manifest));
    expect((await shinpan('verify', '--bundle', copy)).code).toBe(0);
    const run = await shinpan('verify', '--bundle', copy, '--db', db, '--lang', 'ja');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('standings.json: データベースのログから作り直した内容と一致しません');
  });

  it('one event changed in the database fails against it; events added later do not', async () => {
    const changed = join(dir, 'changed.db');
    writeFileSync(changed, readFileSync(db));
    const sqlite = new Database(changed);
    sqlite
      .prepare(
        "update events set data = replace(data, '\"minutesLate\":3', '\"minutesLate\":4') where seq = (select min(seq) from events where type = 'PenaltyIssued')",
      )
      .run();
    sqlite.close();
    const run = await shinpan('verify', '--bundle', bundle, '--db', changed);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("the database's log (events 1 to 71) does not match the manifest's hash");

    const later = join(dir, 'later.db');
    writeFileSync(later, readFileSync(db));
    await ok('penalty', 'appeal', '--db', later, '--id', '1', '--outcome', 'rescinded', '--reason', 'decided later');
    const verified = await ok('verify', '--bundle', bundle, '--db', later);
    expect(verified).toContain('and so does the database log');
    expect(verified).toContain(
      'Note: the database holds 1 event(s) written after the bundle (it speaks for events 1 to 71)',
    );
  });

  it('bad input: no folder is exit 2; a folder without a manifest is not verified', async () => {
    const missing = await shinpan('verify', '--bundle', join(dir, 'nowhere'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--bundle: cannot read');
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const run = await shinpan('verify', '--bundle', empty);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('manifest.json is missing');
    expect((await shinpan('verify')).code).toBe(2);
  });
});

/** A copy of the bundle folder, leaving out `without`. */
function copyOf(from: string, name: string, without: string[] = []): string {
  const to = join(dir, name);
  for (const f of tree(from)) {
    if (without.includes(f)) continue;
    mkdirSync(join(to, f, '..'), { recursive: true });
    writeFileSync(join(to, f), readFileSync(join(from, f)));
  }
  return to;
}

describe('the incident report escapes what people typed', () => {
  it('a name or statement with markup prints as text, never as markup', async () => {
    const file = join(dir, 'escape.db');
    await ok(
      'tournament',
      'create',
      '--db',
      file,
      '--id',
      'esc',
      '--name',
      'A & B <cup>',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
    );
    await ok('player', 'add', '--db', file, '--id', 'E1', '--name', '<script>alert(1)</script>');
    await ok('player', 'add', '--db', file, '--id', 'E2', '--name', 'Bob "the" O\'Neil');
    await ok('round', 'pair', '--db', file);
    await ok(
      'penalty',
      'issue',
      '--db',
      file,
      '--player',
      'E1',
      '--infraction',
      'bribery',
      '--phase',
      'in-duel',
      '--statement',
      '<img src=x onerror=alert(1)>',
    );
    const page = await ok('report', 'incident', '--db', file, '--penalty', '1');
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('A &amp; B &lt;cup&gt;');
    expect(page).toContain('Bob &quot;the&quot; O&#39;Neil');
  });
});
