import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { json, ok, refused, shinpan, snapshot, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('rounds');

type Pairing = { table: number | null; players: string[]; bye?: true };

/** Reports every table of the round: the first-listed player wins 2-0. */
async function reportAll(db: string, round: number, pairings: readonly Pairing[]): Promise<void> {
  for (const p of pairings) {
    if (p.table === null) continue;
    await json(
      'result',
      'report',
      '--db',
      db,
      '--round',
      String(round),
      '--table',
      String(p.table),
      '--duels',
      `${p.players[0]},${p.players[0]}`,
    );
  }
}

describe('shinpan round pair', () => {
  it('prints the scripting contract: tables in order, then the bye', async () => {
    const db = await tournamentWith(dir, 'pair', 5);
    const paired = await json('round', 'pair', '--db', db);
    expect(Object.keys(paired)).toEqual(['round', 'pairings']);
    expect(paired.round).toBe(1);
    const pairings = paired.pairings as Pairing[];
    expect(pairings.map((p) => p.table)).toEqual([1, 2, null]);
    expect(pairings.slice(0, 2).every((p) => Object.keys(p).join() === 'table,players' && p.players.length === 2)).toBe(
      true,
    );
    expect(Object.keys(pairings[2] ?? {})).toEqual(['table', 'players', 'bye']);
    expect(pairings[2]?.bye).toBe(true);
    expect(pairings.flatMap((p) => p.players).sort()).toEqual(['P01', 'P02', 'P03', 'P04', 'P05']);
  });

  it('pairs the same way from the same tournament id (the seed comes from the id and round)', async () => {
    const a = await tournamentWith(join(dir), 'same', 8);
    const first = await json('round', 'pair', '--db', a);
    const b = join(dir, 'same-again.db');
    await json(
      'tournament',
      'create',
      '--db',
      b,
      '--id',
      'same',
      '--name',
      'again',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
    );
    for (let i = 1; i <= 8; i++)
      await json('player', 'add', '--db', b, '--id', `P${String(i).padStart(2, '0')}`, '--name', `x${i}`);
    expect(await json('round', 'pair', '--db', b)).toEqual(first);
    const seeds = (snapshot(a) as { events: { type: string; data: string }[] }).events
      .filter((e) => e.type === 'RoundPaired')
      .map((e) => JSON.parse(e.data).seed);
    expect(seeds).toHaveLength(1);
    expect(Number.isInteger(seeds[0])).toBe(true);
  });

  it('ends the round and pairs the next in one write, or writes nothing while a result is missing', async () => {
    const db = await tournamentWith(dir, 'next', 4);
    const r1 = (await json('round', 'pair', '--db', db)).pairings as Pairing[];
    await json(
      'result',
      'report',
      '--db',
      db,
      '--round',
      '1',
      '--table',
      '1',
      '--duels',
      `${r1[0]?.players[0]},${r1[0]?.players[0]}`,
    );
    expect(await refused(db, 'round', 'pair', '--db', db)).toBe(
      'shinpan: round 1 still needs results for table 2 [results-missing]\n',
    );
    await json(
      'result',
      'report',
      '--db',
      db,
      '--round',
      '1',
      '--table',
      '2',
      '--duels',
      `${r1[1]?.players[1]},draw,${r1[1]?.players[1]}`,
    );
    const r2 = await json('round', 'pair', '--db', db);
    expect(r2.round).toBe(2);
    const types = (snapshot(db) as { events: { type: string }[] }).events.map((e) => e.type).slice(-4);
    expect(types).toEqual(['ResultReported', 'ResultReported', 'RoundEnded', 'RoundPaired']);
    // No rematch: each round-1 pair is split.
    for (const p of r2.pairings as Pairing[])
      expect(
        r1.some((q) => q.players.join() === p.players.join() || q.players.join() === [...p.players].reverse().join()),
      ).toBe(false);
  });

  it('pairs the top cut after the Swiss rounds, then refuses a round too many', async () => {
    const db = await tournamentWith(dir, 'cut', 6, ['--rounds', '2', '--top', '4']);
    for (const round of [1, 2]) await reportAll(db, round, (await json('round', 'pair', '--db', db)).pairings);
    const standings = await json('standings', '--db', db);
    const seeds = (standings as { player: string }[]).map((r) => r.player);
    const semis = await json('round', 'pair', '--db', db);
    expect(semis).toEqual({
      round: 3,
      pairings: [
        { table: 1, players: [seeds[0], seeds[3]] },
        { table: 2, players: [seeds[1], seeds[2]] },
      ],
    });
    expect(
      await refused(
        db,
        'result',
        'report',
        '--db',
        db,
        '--round',
        '3',
        '--table',
        '1',
        '--duels',
        `${seeds[0]},${seeds[3]}`,
      ),
    ).toBe('shinpan: a top-cut match cannot be a draw (round 3, table 1): name a winner [draw-not-allowed]\n');
    await reportAll(db, 3, semis.pairings);
    const final = await json('round', 'pair', '--db', db);
    expect(final).toEqual({ round: 4, pairings: [{ table: 1, players: [seeds[0], seeds[1]] }] });
    await json('result', 'report', '--db', db, '--round', '4', '--table', '1', '--duels', `${seeds[1]},${seeds[1]}`);
    expect(await refused(db, 'round', 'pair', '--db', db)).toBe(
      'shinpan: every round of this tournament has been played (4 rounds) [no-more-rounds]\n',
    );
    expect(await json('tournament', 'finish', '--db', db)).toEqual({ id: 'cut', status: 'finished', winner: seeds[1] });
    const places = await json('standings', '--db', db, '--final');
    expect(places.slice(0, 4).map((p: { player: string }) => p.player)).toEqual([
      seeds[1],
      seeds[0],
      seeds[2],
      seeds[3],
    ]);
  });
});

describe('shinpan penalty appeal in the top cut', () => {
  it('refuses an appeal that would change a semifinal once the final is paired, and the record shows a denied appeal’s reason', async () => {
    const db = await tournamentWith(dir, 'cut-appeal', 4, ['--rounds', '1', '--top', '4']);
    await reportAll(db, 1, (await json('round', 'pair', '--db', db)).pairings);
    const semis = (await json('round', 'pair', '--db', db)).pairings as Pairing[];
    const winner = semis[0]?.players[0] as string;
    await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      winner,
      '--infraction',
      'outside-advice',
      '--fact',
      'affectedResult=false',
      '--phase',
      'in-duel',
      '--round',
      '2',
      '--table',
      '1',
    );
    await reportAll(db, 2, semis);
    const final = (await json('round', 'pair', '--db', db)).pairings as Pairing[];
    expect(final[0]?.players).toContain(winner);
    const appeal = ['penalty', 'appeal', '--db', db, '--id', '1', '--reason', 'the opponent appealed'];
    expect(await refused(db, ...appeal, '--outcome', 'changed', '--penalty', 'match-loss')).toBe(
      `shinpan: ${winner} already plays the next round from table 1 of round 2; neither a result correction nor an appeal can change who advanced [bracket-advanced]\n`,
    );
    await json(...appeal, '--outcome', 'denied');
    expect(await ok('record', '--db', db, '--player', winner)).toContain('appeal denied: the opponent appealed');
    expect((await json('record', '--db', db, '--player', winner))[0]).toMatchObject({
      penalty: 'warning',
      appealDeniedReason: 'the opponent appealed',
    });
  });
});

describe('shinpan result report|correct', () => {
  it('reports duels by winner id and prints the match', async () => {
    const db = await tournamentWith(dir, 'report', 2);
    const [a, b] = (await json('round', 'pair', '--db', db)).pairings[0].players;
    expect(
      await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${a},${b},${a}`),
    ).toEqual({
      round: 1,
      table: 1,
      players: [a, b],
      outcome: { kind: 'win', winner: a, byPenalty: false },
      duels: [
        { duel: 1, winner: a, byPenalty: [] },
        { duel: 2, winner: b, byPenalty: [] },
        { duel: 3, winner: a, byPenalty: [] },
      ],
      needsResultAgain: false,
    });
    expect(
      await refused(db, 'result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${b},${b}`),
    ).toBe(
      'shinpan: the match at table 1 of round 1 already has its result (use a result correction) [match-already-decided]\n',
    );
    const corrected = await ok(
      'result',
      'correct',
      '--db',
      db,
      '--round',
      '1',
      '--table',
      '1',
      '--duels',
      `${b},${b}`,
      '--reason',
      'slip was filled in the wrong way round',
    );
    expect(corrected).toBe(`Round 1, table 1: ${b} wins 2-0\n`);
    const types = (snapshot(db) as { events: { type: string }[] }).events.map((e) => e.type);
    expect(types.slice(-2)).toEqual(['ResultReported', 'ResultCorrected']);
  });

  it('refuses duels that do not fit the match, with exit 2 and nothing written', async () => {
    const db = await tournamentWith(dir, 'report-bad', 2);
    const [a, b] = (await json('round', 'pair', '--db', db)).pairings[0].players;
    expect(
      await refused(db, 'result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${a},P77`),
    ).toBe('shinpan: round 1, table 1: "P77" is neither a player of this match nor "draw" [invalid-duels]\n');
    expect(
      await refused(db, 'result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${a},${a},${b}`),
    ).toBe('shinpan: round 1, table 1: the match was decided after duel 2; 1 more given [invalid-duels]\n');
    expect(
      await refused(db, 'result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${a},,${a}`),
    ).toBe("shinpan: --duels: entry 2 is empty (expected winners' ids or draw, comma-separated)\n");
    expect(await refused(db, 'result', 'report', '--db', db, '--round', '1', '--table', '7', '--duels', a)).toBe(
      'shinpan: round 1 has no table 7 [table-not-found]\n',
    );
    expect(await refused(db, 'result', 'report', '--db', db, '--round', 'one', '--table', '1', '--duels', a)).toBe(
      'shinpan: --round: expected a whole number from 1 to 1000, got "one" [invalid-request]\n',
    );
    expect(
      await refused(db, 'result', 'correct', '--db', db, '--round', '1', '--table', '1', '--duels', a, '--reason', ' '),
    ).toBe('shinpan: --reason: must not be empty [invalid-request]\n');
    const missing = await shinpan('result', 'report', '--db', db, '--round', '1', '--table', '1');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--duels <list>' not specified");
  });

  it('takes an empty --duels as a match where no duel finished (a draw)', async () => {
    const db = await tournamentWith(dir, 'report-empty', 2);
    await json('round', 'pair', '--db', db);
    expect((await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', '')).outcome).toEqual(
      { kind: 'draw' },
    );
  });
});

describe('shinpan pairings', () => {
  it('prints the board with Japanese names aligned, in Japanese', async () => {
    const db = await tournamentWith(dir, 'board', 0, ['--time-zone', 'Asia/Tokyo']);
    for (const [id, name] of [
      ['1', '天上院 明日香'],
      ['2', 'Jaden Yuki'],
      ['3', '万丈目 準'],
      ['4', 'Syrus Truesdale'],
    ]) {
      await json('player', 'add', '--db', db, '--id', id as string, '--name', name as string);
    }
    await json('round', 'pair', '--db', db, '--seat-time', '2011-06-01T10:00:00+09:00');
    const lines = (await ok('pairings', '--db', db, '--lang', 'ja')).trimEnd().split('\n');
    expect(lines[0]).toBe('第1回戦 (スイスドロー) — 着席 2011-06-01 10:00:00 +09:00');
    expect(lines[1]).toMatch(/^卓 {2}プレイヤー1 +プレイヤー2 +結果$/);
    expect(lines).toHaveLength(5);
    const widths = lines.slice(3).map((l) => stringWidth(l));
    expect(widths[0]).toBe(widths[1]);
    const view = await json('pairings', '--db', db, '--round', '1');
    expect(view.tables.map((t: { table: number }) => t.table)).toEqual([1, 2]);
    expect(await refused(db, 'pairings', '--db', db, '--round', '2')).toBe(
      'shinpan: --round: round 2 has not been paired\n',
    );
  });
});
