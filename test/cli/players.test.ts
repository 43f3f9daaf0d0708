import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { sampleDecksDir } from '../../src/adapters/deck/shipped-data.js';
import { MAX_IMPORTED_PLAYERS } from '../../src/core/tournament/limits.js';
import { json, ok, refused, shinpan, snapshot, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('players');

describe('shinpan player add', () => {
  it('registers a player, with a decklist read through the shipped catalogue', async () => {
    const db = await tournamentWith(dir, 'add', 0);
    expect(await json('player', 'add', '--db', db, '--id', '0001', '--name', '遊城 十代')).toEqual({
      id: '0001',
      name: '遊城 十代',
      entryRound: 1,
      decklist: false,
    });
    const deck = join(sampleDecksDir(), 'quickdraw-synchro.ydk');
    expect(
      await json('player', 'add', '--db', db, '--id', '0002', '--name', 'Jaden Yuki', '--decklist', deck),
    ).toMatchObject({ id: '0002', name: 'Jaden Yuki', entryRound: 1, decklist: true, findings: [] });
    expect(await ok('player', 'add', '--db', db, '--id', '0003', '--name', '丸藤 亮', '--lang', 'ja')).toBe(
      '選手を登録しました: 丸藤 亮 (0003)\n',
    );
  });

  it('refuses a duplicate id, a reserved id, a blank name and a broken decklist, writing nothing', async () => {
    const db = await tournamentWith(dir, 'add-bad', 1);
    expect(await refused(db, 'player', 'add', '--db', db, '--id', 'P01', '--name', 'again')).toBe(
      'shinpan: player P01 is already registered [duplicate-player]\n',
    );
    expect(await refused(db, 'player', 'add', '--db', db, '--id', 'draw', '--name', 'X')).toBe(
      'shinpan: player.id: "draw" is reserved for drawn duels [invalid-command]\n',
    );
    expect(await refused(db, 'player', 'add', '--db', db, '--id', 'P02', '--name', '  ')).toBe(
      'shinpan: --name: must not be empty [invalid-request]\n',
    );
    const broken = join(dir, 'broken.txt');
    writeFileSync(broken, '3 Stardust Dragon\n2 No Such Card At All\n');
    expect(await refused(db, 'player', 'add', '--db', db, '--id', 'P02', '--name', 'X', '--decklist', broken)).toMatch(
      /^shinpan: .*broken\.txt:2: .*No Such Card At All/,
    );
  });
});

describe('shinpan player import', () => {
  it('registers every row of a UTF-8 CSV with a BOM, Japanese headers, quotes and relative decklist paths', async () => {
    const db = await tournamentWith(dir, 'import', 0);
    copyFileSync(join(sampleDecksDir(), 'blackwing.txt'), join(dir, 'bw.txt'));
    const csv = join(dir, 'players.csv');
    writeFileSync(
      csv,
      '\uFEFFプレイヤーID,氏名,デッキリスト\r\n0101,"鬼柳, 京介",bw.txt\r\n0102,"Crow ""BF"" Hogan",\r\n\r\n0103,十六夜 アキ,\r\n',
    );
    expect(await json('player', 'import', csv, '--db', db)).toEqual({
      imported: 3,
      players: ['0101', '0102', '0103'],
      decklists: { checked: 1, withFindings: [] },
    });
    expect(await json('player', 'list', '--db', db)).toEqual([
      {
        id: '0101',
        name: '鬼柳, 京介',
        entryRound: 1,
        decklist: true,
        dropped: false,
        rankWithdrawn: false,
        status: 'active',
      },
      {
        id: '0102',
        name: 'Crow "BF" Hogan',
        entryRound: 1,
        decklist: false,
        dropped: false,
        rankWithdrawn: false,
        status: 'active',
      },
      {
        id: '0103',
        name: '十六夜 アキ',
        entryRound: 1,
        decklist: false,
        dropped: false,
        rankWithdrawn: false,
        status: 'active',
      },
    ]);
    // One write for the whole file.
    const events = (snapshot(db) as { events: { type: string }[] }).events;
    expect(events.map((e) => e.type)).toEqual([
      'TournamentCreated',
      'PlayerRegistered',
      'PlayerRegistered',
      'PlayerRegistered',
    ]);
  });

  it('reports every bad line with its number and registers nobody', async () => {
    const db = await tournamentWith(dir, 'import-bad', 1);
    const csv = join(dir, 'bad.csv');
    writeFileSync(csv, 'id,name\nP05,Alice\n,Nameless\nP06,\nP05,Alice again\nP01,Already here\nP07,Fine\n');
    expect(await refused(db, 'player', 'import', csv, '--db', db)).toBe(
      [
        `shinpan: ${csv}:3: id is empty`,
        `${csv}:4: name is empty`,
        `${csv}:5: player P05 is listed twice (first on line 2) [invalid-csv]`,
        '',
      ].join('\n'),
    );
    writeFileSync(csv, 'id,name\nP05,Alice\nP01,Already here\nP07,Fine\n');
    expect(await refused(db, 'player', 'import', csv, '--db', db)).toBe(
      `shinpan: ${csv}:3: player P01 is already registered\n`,
    );
  });

  it('names the CSV line and the decklist line of a broken decklist', async () => {
    const db = await tournamentWith(dir, 'import-deck', 0);
    writeFileSync(join(dir, 'bad-deck.ydk'), '#main\n89631139\nnot-a-passcode\n');
    const csv = join(dir, 'decks.csv');
    writeFileSync(csv, 'id,name,decklist\nP01,A,\nP02,B,bad-deck.ydk\n');
    const stderr = await refused(db, 'player', 'import', csv, '--db', db);
    expect(stderr).toMatch(new RegExp(`^shinpan: ${csv.replaceAll('\\', '\\\\')}:3: decklist .*bad-deck\\.ydk:3: `));
  });

  it('refuses a file past the import bound, naming the bound and the rows found, and imports one at the bound', async () => {
    const db = await tournamentWith(dir, 'import-bound', 0);
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `Q${i},Player ${i}`).join('\n');
    const csv = join(dir, 'many.csv');
    writeFileSync(csv, `id,name\n${rows(MAX_IMPORTED_PLAYERS + 1)}\n`);
    expect(await refused(db, 'player', 'import', csv, '--db', db)).toBe(
      `shinpan: ${csv}:${MAX_IMPORTED_PLAYERS + 2}: the file has ${MAX_IMPORTED_PLAYERS + 1} player rows; at most ${MAX_IMPORTED_PLAYERS} are imported at once (split the file) [invalid-csv]\n`,
    );
    const ja = await shinpan('player', 'import', csv, '--db', db, '--lang', 'ja');
    expect(ja.stderr).toContain(`一度に取り込めるのは ${MAX_IMPORTED_PLAYERS} 行までです`);
    writeFileSync(csv, `id,name\n${rows(MAX_IMPORTED_PLAYERS)}\n`);
    expect((await json('player', 'import', csv, '--db', db)).imported).toBe(MAX_IMPORTED_PLAYERS);
  }, 60_000);

  it('refuses a header without the needed columns, an unclosed quote, a file that is not UTF-8, a missing file', async () => {
    const db = await tournamentWith(dir, 'import-format', 0);
    const csv = join(dir, 'format.csv');
    writeFileSync(csv, 'id,nom\nP01,A\n');
    expect(await refused(db, 'player', 'import', csv, '--db', db)).toBe(
      `shinpan: ${csv}:1: unknown column "nom" (expected id, name, reading, decklist)\n${csv}:1: the header has no name column [invalid-csv]\n`,
    );
    writeFileSync(csv, 'id,name\nP01,"A\nP02,B\n');
    expect(await refused(db, 'player', 'import', csv, '--db', db)).toBe(
      `shinpan: ${csv}:2: a quoted field is never closed (missing ") [invalid-csv]\n`,
    );
    // 「選手」 in Shift_JIS, as Excel's plain "CSV" writes it.
    writeFileSync(
      csv,
      Buffer.concat([Buffer.from('id,name\nP01,'), Buffer.from([0x91, 0x49, 0x8e, 0xe8]), Buffer.from('\n')]),
    );
    expect(await refused(db, 'player', 'import', csv, '--db', db)).toBe(
      `shinpan: ${csv}: not UTF-8 text (in Excel, save as "CSV UTF-8")\n`,
    );
    expect(await refused(db, 'player', 'import', join(dir, 'nope.csv'), '--db', db)).toBe(
      `shinpan: ${join(dir, 'nope.csv')}: no such file\n`,
    );
  });
});

describe('shinpan player list|drop|show', () => {
  it('lines up Japanese and English names by display width', async () => {
    const db = await tournamentWith(dir, 'list', 0);
    await json('player', 'add', '--db', db, '--id', '1', '--name', '天上院 明日香');
    await json('player', 'add', '--db', db, '--id', '22', '--name', 'Alexis Rhodes');
    const lines = (await ok('player', 'list', '--db', db)).split('\n');
    expect(lines[0]).toBe('ID  Name           Decklist  From round  Status');
    expect(lines[2]).toBe('1   天上院 明日香  —                  1');
    expect(lines[3]).toBe('22  Alexis Rhodes  —                  1');
    expect(stringWidth(lines[2] ?? '')).toBe(stringWidth(lines[3] ?? ''));
  });

  it('drops a player, who is not paired again, and refuses a second drop', async () => {
    const db = await tournamentWith(dir, 'drop', 4);
    expect(await json('player', 'drop', '--db', db, '--player', 'P04', '--reason', '体調不良')).toEqual({
      player: 'P04',
      dropped: true,
      afterRound: 0,
    });
    expect(await refused(db, 'player', 'drop', '--db', db, '--player', 'P04')).toBe(
      'shinpan: player P04 has dropped; re-entry is not allowed [player-dropped]\n',
    );
    expect(await refused(db, 'player', 'drop', '--db', db, '--player', 'P99')).toBe(
      'shinpan: player P99 is not registered in this tournament [player-not-found]\n',
    );
    const paired = await json('round', 'pair', '--db', db);
    expect(paired.pairings.flatMap((p: { players: string[] }) => p.players).sort()).toEqual(['P01', 'P02', 'P03']);
  });

  it("shows a player's rounds and penalties", async () => {
    const db = await tournamentWith(dir, 'show', 2);
    await json('round', 'pair', '--db', db);
    await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      'P01',
      '--infraction',
      'misplay',
      '--fact',
      'significantDecisionSince=false',
      '--phase',
      'in-duel',
    );
    await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', 'P02,P02');
    const history = await json('player', 'show', '--db', db, '--player', 'P01');
    expect(history.rounds).toEqual([
      {
        round: 1,
        stage: 'swiss',
        bestOf: 3,
        phase: null,
        table: 1,
        opponent: { id: 'P02', name: '選手2' },
        result: 'loss',
        duelsWon: 0,
        duelsLost: 2,
        byPenalty: false,
      },
    ]);
    expect(history.penalties.map((p: { infraction: string; penalty: string }) => [p.infraction, p.penalty])).toEqual([
      ['misplay', 'caution'],
    ]);
    const text = await ok('player', 'show', '--db', db, '--player', 'P01', '--lang', 'ja');
    expect(text).toContain('選手1 (P01)\n');
    expect(text).toMatch(/1 +スイスドロー +1 +選手2 \(P02\) +負け +0-2/);
    expect(text).toMatch(/1 +1 +ルールを誤解したプレイ +注意/);
    const run = await shinpan('player', 'show', '--db', db, '--player', 'P09');
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'shinpan: --player: P09 is not registered in this tournament\n',
    });
  });
});
