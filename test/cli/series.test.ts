import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, ok, refused, shinpan, tempFolder } from './support.js';

/*
 * `shinpan series` on a real SQLite file holding the demo: the contract's commands, their JSON,
 * and bad input refused with the option named and nothing written.
 */

const dir = tempFolder('series');
const db = join(dir, 'demo.db');

beforeAll(async () => {
  await ok('demo', '--db', db);
}, 60_000);

describe('shinpan series', () => {
  it('creates a season, adds the demo, and prints standings as the contract says', async () => {
    const created = await shinpan(
      'series',
      'create',
      '--db',
      db,
      '--id',
      'S1',
      '--name',
      '2011 シーズン',
      '--from',
      '2011-01-01',
      '--to',
      '2011-12-31',
      '--points',
      'ranking-duel',
      '--best',
      '4',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('S1');
    await ok('series', 'add', '--db', db, '--series', 'S1', '--tournament', 'demo');
    const rows = await json('series', 'standings', '--db', db, '--series', 'S1');
    expect(rows[0]).toEqual({
      rank: 1,
      player: '1007',
      name: '伊藤 さくら',
      points: 490,
      events: [{ tournament: 'demo', points: 490, counted: true }],
      adjustment: 0,
    });
    expect(rows.find((r: { player: string }) => r.player === '1003').points).toBe(0);
    // The tournament commands still see one tournament in the file.
    expect((await shinpan('standings', '--db', db)).code).toBe(0);
  });

  it('adjusts with a reason, invites, prints as of a date and as CSV', async () => {
    await ok(
      'series',
      'adjust',
      '--db',
      db,
      '--series',
      'S1',
      '--player',
      '1013',
      '--points',
      '500',
      '--reason',
      '地区代表枠',
    );
    const rows = await json('series', 'standings', '--db', db, '--series', 'S1');
    expect(rows[0]).toMatchObject({ player: '1013', points: 590, adjustment: 500 });
    const before = await json('series', 'standings', '--db', db, '--series', 'S1', '--as-of', '2011-05-31');
    expect(before).toEqual([]);
    const invited = await json('series', 'invite', '--db', db, '--series', 'S1', '--top', '2', '--as-of', '2030-01-01');
    expect(invited.players.map((p: { player: string }) => p.player)).toEqual(['1013', '1007']);
    const csv = await ok('series', 'standings', '--db', db, '--series', 'S1', '--csv', '--lang', 'ja');
    expect(csv.split('\r\n')[0]).toContain('順位,プレイヤーID,名前,ポイント');
    const table = await ok('series', 'standings', '--db', db, '--series', 'S1');
    expect(table).toContain('demo 490');
    expect((await json('series', 'list', '--db', db)).map((s: { id: string }) => s.id)).toEqual(['S1']);
  });

  it('links two ids as one person and unlinks', async () => {
    await ok('series', 'link', '--db', db, '--player', '1013', '--to', '1007', '--reason', 'desk typo');
    const rows = await json('series', 'standings', '--db', db, '--series', 'S1');
    // Both ids played the demo: the event counts once, the better of the two (490), plus 1013's adjustment.
    expect(rows[0]).toMatchObject({ player: '1007', points: 490 + 500, events: [{ tournament: 'demo', points: 490 }] });
    await ok('series', 'unlink', '--db', db, '--player', '1013', '--reason', 'not the same person');
    expect((await json('series', 'standings', '--db', db, '--series', 'S1'))[0].player).toBe('1013');
  });

  it('refuses bad input naming the problem, writing nothing', async () => {
    expect(
      await refused(
        db,
        'series',
        'create',
        '--db',
        db,
        '--id',
        'S2',
        '--name',
        'x',
        '--from',
        '2011-13-01',
        '--to',
        '2011-12-31',
        '--points',
        'placement',
      ),
    ).toMatch(/--from/);
    expect(
      await refused(
        db,
        'series',
        'create',
        '--db',
        db,
        '--id',
        'S2',
        '--name',
        'x',
        '--from',
        '2011-01-01',
        '--to',
        '2011-12-31',
        '--points',
        join(dir, 'none.json'),
      ),
    ).toMatch(/--points: .*no such file/);
    expect(
      await refused(
        db,
        'series',
        'create',
        '--db',
        db,
        '--id',
        'S1',
        '--name',
        'x',
        '--from',
        '2011-01-01',
        '--to',
        '2011-12-31',
        '--points',
        'placement',
      ),
    ).toMatch(/already exists/);
    expect(await refused(db, 'series', 'add', '--db', db, '--series', 'S1', '--tournament', 'nope')).toMatch(
      /no tournament nope/,
    );
    expect(await refused(db, 'series', 'add', '--db', db, '--series', 'S1', '--tournament', 'demo')).toMatch(
      /already in this series/,
    );
    expect(await refused(db, 'series', 'standings', '--db', db, '--series', 'S9')).toMatch(/no series S9/);
    expect(
      await refused(
        db,
        'series',
        'adjust',
        '--db',
        db,
        '--series',
        'S1',
        '--player',
        '1001',
        '--points',
        'ten',
        '--reason',
        'x',
      ),
    ).toMatch(/--points/);
    expect(await refused(db, 'series', 'invite', '--db', db, '--series', 'S1')).toMatch(/--top or --at-least/);
    expect(await refused(db, 'series', 'unlink', '--db', db, '--player', '1001', '--reason', 'x')).toMatch(
      /not linked/,
    );
  });
});

describe('the official record follows a link', () => {
  it('shows the record of a linked id under either id, and not after an unlink', async () => {
    // 1005 has two recorded penalties in the demo; 1013 none.
    expect(await json('record', '--db', db, '--player', '1013')).toHaveLength(0);
    await ok('series', 'link', '--db', db, '--player', '1005', '--to', '1013', '--reason', 'same person, two desk ids');
    expect(await json('record', '--db', db, '--player', '1013')).toHaveLength(2);
    expect(await json('record', '--db', db, '--player', '1005')).toHaveLength(2);
    await ok('series', 'unlink', '--db', db, '--player', '1005', '--reason', 'undo');
    expect(await json('record', '--db', db, '--player', '1013')).toHaveLength(0);
  });
});
