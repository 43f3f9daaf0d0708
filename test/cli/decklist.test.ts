import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleDecksDir, sampleLflistPath } from '../../src/adapters/deck/shipped-data.js';
import { json, ok, refused, shinpan, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('decklist');
const deck = (file: string) => join(sampleDecksDir(), file);

describe('shinpan decklist', () => {
  it('checks a presented deck against the registered list and says which penalty to issue (exit 1)', async () => {
    const db = await tournamentWith(dir, 'check', 0);
    await json(
      'player',
      'add',
      '--db',
      db,
      '--id',
      '0005',
      '--name',
      '田中 大輔',
      '--decklist',
      deck('quickdraw-synchro.ydk'),
    );
    const same = await shinpan('decklist', 'check', deck('quickdraw-synchro.ydk'), '--db', db, '--player', '0005');
    expect(same.code).toBe(0);
    expect(same.stdout).toContain(`${deck('quickdraw-synchro.ydk')}: legal (main 40, extra 15, side 6)`);

    const run = await shinpan('decklist', 'check', deck('quickdraw-presented.ydk'), '--db', db, '--player', '0005');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('shinpan: the deck has findings: decklist-mismatch\n');
    expect(run.stdout).toContain('Registered decklist: the list 田中 大輔 (0005) registered');
    expect(run.stdout).toMatch(/Starlight Road +main +2 +1/);
    expect(run.stdout).toContain(
      'To issue the penalty: shinpan penalty issue --player 0005 --infraction decklist-mismatch --phase between-matches\n',
    );

    const checked = await shinpan(
      'decklist',
      'check',
      deck('quickdraw-presented.ydk'),
      '--db',
      db,
      '--player',
      '0005',
      '--json',
    );
    expect(checked.code).toBe(1);
    const body = JSON.parse(checked.stdout);
    expect(body.infractions).toEqual(['decklist-mismatch']);
    expect(body.findings).toContainEqual({
      infraction: 'decklist-mismatch',
      passcode: expect.any(Number),
      zone: 'main',
      count: 1,
      registered: 2,
    });
  });

  it('after duel 1 compares deck and side deck as one pool: legal side-decking is no mismatch (--duel, else the duel from the results)', async () => {
    const db = await tournamentWith(dir, 'sided', 1);
    await json(
      'player',
      'add',
      '--db',
      db,
      '--id',
      '0005',
      '--name',
      '田中 大輔',
      '--decklist',
      deck('quickdraw-synchro.ydk'),
    );
    await json('round', 'pair', '--db', db);
    const check = (...extra: string[]) =>
      shinpan('decklist', 'check', deck('quickdraw-presented.ydk'), '--db', db, '--player', '0005', ...extra);
    const duel2 = await check('--duel', '2');
    expect([duel2.code, duel2.stderr]).toEqual([0, '']);
    expect(duel2.stdout).toContain(
      'Compared for duel 2: the deck and side deck as one pool (rule 3-B, side deck included), each zone the size of the list',
    );
    expect(duel2.stdout).toContain(`${deck('quickdraw-presented.ydk')}: legal (main 40, extra 15, side 6)`);
    const ja = await check('--duel', '2', '--lang', 'ja');
    expect(ja.stdout).toContain('第2デュエルの確認: デッキとサイドデッキを一つとして比較');
    const asJson = JSON.parse((await check('--duel', '2', '--json')).stdout);
    expect(asJson.comparison).toEqual({ duel: 2, fromResults: false, kind: 'pool', sizes: [] });
    expect(asJson.infractions).toEqual([]);
    // No --duel: the player's match has no duel decided yet, so duel 1, zone by zone.
    const duel1 = await check();
    expect(duel1.code).toBe(1);
    expect(duel1.stdout).toContain('Compared for duel 1 (from the results; name another with --duel): zone by zone');
    expect(
      await refused(
        db,
        'decklist',
        'check',
        deck('quickdraw-presented.ydk'),
        '--db',
        db,
        '--player',
        '0005',
        '--duel',
        '0',
      ),
    ).toContain('--duel');
  });

  it('finds rule breaches by the tournament date and the list in force', async () => {
    const db = await tournamentWith(dir, 'broken', 0);
    await json(
      'player',
      'add',
      '--db',
      db,
      '--id',
      '0009',
      '--name',
      'Crow',
      '--decklist',
      deck('quickdraw-broken.ydk'),
    );
    const run = await shinpan(
      'decklist',
      'check',
      deck('quickdraw-broken.ydk'),
      '--db',
      db,
      '--player',
      '0009',
      '--banlist',
      sampleLflistPath(),
      '--json',
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).infractions).toEqual(['deck-over-3-copies', 'deck-unusable-card', 'deck-over-limit']);
  });

  it('submits a decklist until the player has played, and refuses bad input', async () => {
    const db = await tournamentWith(dir, 'submit', 2);
    expect(await json('decklist', 'submit', deck('blackwing.txt'), '--db', db, '--player', 'P01')).toMatchObject({
      player: 'P01',
      main: 40,
      extra: 15,
      side: 4,
      findings: [],
    });
    expect(await refused(db, 'decklist', 'check', deck('blackwing.txt'), '--db', db, '--player', 'P02')).toBe(
      'shinpan: P02 has no registered decklist\n',
    );
    expect(await refused(db, 'decklist', 'submit', join(dir, 'none.ydk'), '--db', db, '--player', 'P02')).toMatch(
      /^shinpan: .*none\.ydk: /,
    );
    await json('round', 'pair', '--db', db);
    expect(await refused(db, 'decklist', 'submit', deck('blackwing.txt'), '--db', db, '--player', 'P02')).toBe(
      'shinpan: player P02 has started playing; the decklist can no longer be replaced (the head judge registers a correction with a reason) [decklist-locked]\n',
    );
    expect(
      await ok('decklist', 'check', deck('blackwing.txt'), '--db', db, '--player', 'P01', '--lang', 'ja'),
    ).toContain('問題なし');
  });
});
