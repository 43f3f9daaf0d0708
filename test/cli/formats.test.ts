import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { json, ok, refused, tempFolder, tournamentWith } from './support.js';

/*
 * Match formats through the CLI: a Swiss of single duels (シングル戦) and a best-of-3 top cut,
 * with the penalties of the rules landing in single-duel matches.
 */

const dir = tempFolder('formats');
const SEAT = '2011-06-01T10:00:00+09:00';
const singles = [
  '--swiss-best-of',
  '1',
  '--swiss-round-minutes',
  '25',
  '--top-best-of',
  '3',
  '--top-round-minutes',
  '50',
];

async function roundOne(name: string): Promise<{ db: string; a: string; b: string; c: string; d: string }> {
  const db = await tournamentWith(dir, name, 4, singles);
  const pairings = (await json('round', 'pair', '--db', db, '--seat-time', SEAT)).pairings as { players: string[] }[];
  const [[a, b], [c, d]] = pairings.map((p) => p.players) as [[string, string], [string, string]];
  return { db, a, b, c, d };
}

describe('shinpan tournament create --swiss-best-of / --top-best-of', () => {
  it('given single-duel Swiss and best-of-3 top cut, then show names both, and each round records its format', async () => {
    const { db } = await roundOne('show');
    const shown = await json('tournament', 'show', '--db', db);
    expect(shown.stages).toEqual({
      swiss: { bestOf: 1, roundMinutes: 25 },
      'top-cut': { bestOf: 3, roundMinutes: 50 },
    });
    expect(shown.rounds[0]).toMatchObject({ round: 1, stage: 'swiss', bestOf: 1, roundMinutes: 25 });
    const text = await ok('tournament', 'show', '--db', db, '--lang', 'ja');
    expect(text).toContain('スイスドロー: シングル戦 (1本勝負)、25分');
    expect(await ok('tournament', 'show', '--db', db, '--lang', 'en')).toContain('Swiss: single duel, 25 min');
  });

  it.each([
    [['--swiss-best-of', '2'], '--swiss-best-of: expected one of 1, 3, 5, got "2" [invalid-request]'],
    [
      ['--top-round-minutes', '0'],
      '--top-round-minutes: expected a whole number from 1 to 240, got "0" [invalid-request]',
    ],
  ])('refuses %j with exit 2', async (args, message) => {
    const db = await tournamentWith(dir, `bad-${args[0]?.slice(2)}`, 0);
    const stderr = await refused(
      db,
      'tournament',
      'create',
      '--db',
      `${db}.never`,
      '--name',
      'X',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
      ...args,
    );
    expect(stderr).toBe(`shinpan: ${message}\n`);
  });
});

describe('results and penalties in single-duel matches (CLI)', () => {
  it('given a single duel, when its winner is reported, then the match is won 1-0; a second duel is refused', async () => {
    const { db, a, b } = await roundOne('report');
    const stderr = await refused(
      db,
      'result',
      'report',
      '--db',
      db,
      '--round',
      '1',
      '--table',
      '1',
      '--duels',
      `${a},${b}`,
    );
    expect(stderr).toContain('the match was decided after duel 1');
    const match = await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', b);
    expect(match).toMatchObject({
      outcome: { kind: 'win', winner: b, byPenalty: false },
      duels: [{ duel: 1, winner: b, byPenalty: [] }],
    });
  });

  it('given a player 6 minutes late, when tardiness is issued, then the duel loss is the match and nothing is left to report', async () => {
    const { db, a, b } = await roundOne('tardy');
    const issued = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      a,
      '--infraction',
      'tardiness',
      '--fact',
      'minutesLate=6',
      '--phase',
      'between-matches',
      '--at',
      '2011-06-01T10:06:00+09:00',
    );
    expect(issued).toMatchObject({
      penalty: 'duel-loss',
      landing: { kind: 'next-match', fromRound: 1 },
      landedOn: { round: 1, table: 1, duel: 1 },
    });
    const stderr = await refused(db, 'result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', a);
    expect(stderr).toContain('[match-already-decided]');
    const pairings = await json('pairings', '--db', db, '--round', '1');
    expect(pairings).toMatchObject({ bestOf: 1, roundMinutes: 25 });
    expect(pairings.tables[0]).toMatchObject({
      outcome: { kind: 'win', winner: b, byPenalty: true },
      duels: [{ duel: 1, winner: b, byPenalty: [1] }],
    });
  });

  it('given a duel over, when a duel loss for the next duel is issued, then it waits for the next match; a match loss in the duel takes the current match', async () => {
    const { db, a, c } = await roundOne('next');
    const issued = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      a,
      '--infraction',
      'extra-draw',
      '--fact',
      'identifiable=false',
      '--fact',
      'decisive=false',
      '--phase',
      'between-duels',
      '--round',
      '1',
      '--table',
      '1',
    );
    expect(issued).toMatchObject({
      penalty: 'duel-loss',
      landing: { kind: 'next-match', fromRound: 2 },
      landedOn: null,
    });
    const loss = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      c,
      '--infraction',
      'stalling',
      '--phase',
      'in-duel',
    );
    expect(loss).toMatchObject({
      penalty: 'match-loss',
      landing: { kind: 'match', round: 1, table: 2 },
      landedOn: { round: 1, table: 2 },
    });
  });
});

describe('shinpan round cut', () => {
  it('given round 1 played, when the organizer cuts at 0 losses, then the losers leave the Swiss and round 2 pairs only those still in', async () => {
    const { db, a, b, c, d } = await roundOne('cut');
    await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', a);
    await json('result', 'report', '--db', db, '--round', '1', '--table', '2', '--duels', c);
    const made = await json('round', 'cut', '--db', db, '--max-losses', '0');
    expect(made).toEqual({
      afterRound: 1,
      rule: { kind: 'max-losses', maxLosses: 0 },
      out: expect.arrayContaining([b, d]),
    });
    const next = await json('round', 'pair', '--db', db);
    expect(next.pairings.flatMap((p: { players: string[] }) => p.players).sort()).toEqual([a, c].sort());
    const standings = await json('standings', '--db', db, '--round', '1');
    expect(
      standings
        .slice(2)
        .map((r: { player: string; cutAfterRound: number }) => [r.player, r.cutAfterRound])
        .sort(),
    ).toEqual(
      [
        [b, 1],
        [d, 1],
      ].sort(),
    );
  });

  it('refuses both or neither of --max-losses and --top, and a cut after the top cut began, writing nothing', async () => {
    const { db } = await roundOne('cut-bad');
    expect(await refused(db, 'round', 'cut', '--db', db)).toBe(
      'shinpan: give either --max-losses (by record) or --top (by rank)\n',
    );
    expect(await refused(db, 'round', 'cut', '--db', db, '--top', '2', '--max-losses', '1')).toBe(
      'shinpan: give either --max-losses (by record) or --top (by rank)\n',
    );
    expect(await refused(db, 'round', 'cut', '--db', db, '--top', '2', '--lang', 'ja')).toContain(
      '第1回戦の卓 1, 2 の結果が未入力です',
    );
  });
});

describe('shinpan phase start', () => {
  it('given day one of single duels, when day two starts best of 3, then its round is paired so, named on the pairings, and an invited player has byes', async () => {
    const { db, a, c } = await roundOne('day2');
    await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', a);
    await json('result', 'report', '--db', db, '--round', '1', '--table', '2', '--duels', c);
    await json('round', 'end', '--db', db);
    const phase = await json(
      'phase',
      'start',
      '--db',
      db,
      '--name',
      'Day 2',
      '--best-of',
      '3',
      '--round-minutes',
      '50',
      '--seat-time',
      '2011-06-02T09:30:00+09:00',
    );
    expect(phase).toEqual({
      name: 'Day 2',
      fromRound: 2,
      format: { bestOf: 3, roundMinutes: 50 },
      seatTime: '2011-06-02T09:30:00+09:00',
    });
    const invited = await ok(
      'player',
      'add',
      '--db',
      db,
      '--id',
      'Z1',
      '--name',
      '招待選手',
      '--invited',
      '前年度優勝',
      '--lang',
      'en',
    );
    expect(invited).toBe('Registered 招待選手 (Z1), invited into round 2 (byes before it): 前年度優勝\n');
    await json('round', 'pair', '--db', db);
    const board = await json('pairings', '--db', db);
    expect(board).toMatchObject({
      round: 2,
      phase: 'Day 2',
      bestOf: 3,
      roundMinutes: 50,
      seatTime: '2011-06-02T09:30:00+09:00',
    });
    expect(await ok('pairings', '--db', db, '--lang', 'en')).toMatch(/^Day 2 Round 2 \(Swiss\)/);
    const standings = await json('standings', '--db', db, '--round', '1');
    expect(standings.find((r: { player: string }) => r.player === 'Z1')).toMatchObject({ points: 3 });
  });

  it('refuses a phase while round 1 still runs, and a bad --best-of, writing nothing', async () => {
    const { db } = await roundOne('day2-bad');
    expect(await refused(db, 'phase', 'start', '--db', db, '--name', 'Day 2', '--best-of', '2')).toBe(
      'shinpan: --best-of: expected one of 1, 3, 5, got "2" [invalid-request]\n',
    );
    expect(await refused(db, 'phase', 'start', '--db', db, '--name', 'Day 2')).toContain('[round-not-finished]');
  });
});

describe('shinpan tournament create --top N --top-byes', () => {
  it('given a top 6 with --top-byes, when the top cut is paired, then the top 2 seeds have a first-round bye', async () => {
    const db = await tournamentWith(dir, 'top6', 8, ['--top', '6', '--top-byes']);
    for (let round = 1; round <= 3; round++) {
      const paired = await json('round', 'pair', '--db', db);
      for (const m of paired.pairings as { table: number; players: string[] }[])
        await json(
          'result',
          'report',
          '--db',
          db,
          '--round',
          String(round),
          '--table',
          String(m.table),
          '--duels',
          `${m.players[0]},${m.players[0]}`,
        );
      await json('round', 'end', '--db', db);
    }
    const seeds = ((await json('standings', '--db', db)) as { player: string }[]).map((r) => r.player);
    const top = (await json('round', 'pair', '--db', db)).pairings as { table: number | null; players: string[] }[];
    expect(
      top
        .filter((p) => p.table === null)
        .flatMap((p) => p.players)
        .sort(),
    ).toEqual([seeds[0], seeds[1]].sort());
    expect(top.filter((p) => p.table !== null).map((p) => p.players)).toEqual([
      [seeds[3], seeds[4]],
      [seeds[2], seeds[5]],
    ]);
    expect(await ok('tournament', 'show', '--db', db)).toContain('top 6 (byes for the top seeds)');
  });

  it('given a top 6 without --top-byes, then it is refused saying it is not a power of two, and no file is written', async () => {
    const db = join(dir, 'top6-refused.db');
    const stderr = await refused(
      db,
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
      '--top',
      '6',
    );
    expect(stderr).toBe(
      'shinpan: --top: expected one of 0, 4, 8, 16, 32, 64, 128, 256, got "6" (not a power of two: add --top-byes for first-round byes for the top seeds)\n',
    );
  });
});
