import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, ok, tempFolder } from './support.js';

/*
 * Issue 3's scripted end-to-end run: a 32-player, 5-round Swiss with a top 8, driven only
 * through the CLI, with a caution, a tardiness duel loss (and a second tardiness, where the
 * guideline offers the repeat), a drop, a stalling match loss, an extra-draw duel loss changed
 * to a warning on appeal, and a disqualification with loss of prizes. The test keeps its own
 * book of every result it reported and every result a penalty decided, and checks the final
 * standings (points and both tiebreakers, recomputed here) and every official record.
 */

const dir = tempFolder('e2e');
const db = join(dir, 'kanto-open.db');
const T = (hour: number, minute = 0) =>
  `2011-06-01T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`;

const ids = Array.from({ length: 32 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
const JA = [
  '佐藤 健太',
  '鈴木 花子',
  '高橋 翔',
  '田中 美咲',
  '伊藤 大輔',
  '渡辺 さくら',
  '山本 蓮',
  '中村 陽菜',
  '小林 悠真',
  '加藤 結衣',
  '吉田 拓海',
  '山田 葵',
  '佐々木 陸',
  '山口 凛',
  '松本 湊',
  '井上 杏',
];
const EN = [
  'Emily Clark',
  'James Wilson',
  'Olivia Brown',
  'Noah Davis',
  'Sophia Martin',
  'Liam Taylor',
  'Ava Thomas',
  'Lucas White',
  'Mia Harris',
  'Ethan Lewis',
  'Chloe Young',
  'Mason King',
  'Ella Scott',
  'Logan Green',
  'Grace Baker',
  'Jack Adams',
];
const nameOf = (id: string): string => {
  const n = Number(id.slice(1)) - 1;
  return n < 16 ? (JA[n] as string) : (EN[n - 16] as string);
};
/** Lower is stronger: 7 is coprime with 32, so this is a fixed permutation of the players. */
const strength = (id: string): number => (Number(id.slice(1)) * 7) % 32;

type Pairing = { table: number | null; players: string[]; bye?: true };
type Booked = { round: number; players: [string, string]; winner: string | null };

const book: Booked[] = [];
const byes: { round: number; player: string }[] = [];

async function pair(at: string): Promise<{ round: number; pairings: Pairing[] }> {
  const paired = await json('round', 'pair', '--db', db, '--at', at, '--seat-time', at);
  for (const p of paired.pairings as Pairing[])
    if (p.bye) byes.push({ round: paired.round, player: p.players[0] as string });
  return paired;
}

/**
 * Reports every table still waiting: the stronger player wins, 2-1 on odd tables and 2-0 on
 * even ones, after any duels penalties decided; `drawTable` is reported 1-1 (time). Matches a
 * penalty decided are booked from `decided` instead.
 */
async function reportRound(
  round: number,
  pairings: readonly Pairing[],
  at: string,
  options: { drawTable?: number; decided?: Map<number, string> } = {},
): Promise<void> {
  const view = await json('pairings', '--db', db, '--round', String(round));
  for (const p of pairings) {
    if (p.table === null) continue;
    const [a, b] = p.players as [string, string];
    const decidedWinner = options.decided?.get(p.table);
    if (decidedWinner !== undefined) {
      book.push({ round, players: [a, b], winner: decidedWinner });
      continue;
    }
    const seats = view.tables.find((t: { table: number }) => t.table === p.table).players as {
      id: string;
      duelWins: number;
    }[];
    const wins = new Map(seats.map((s) => [s.id, s.duelWins]));
    let duels: string[];
    let winner: string | null;
    if (p.table === options.drawTable) {
      duels = [a, b];
      winner = null;
    } else {
      const [w, l] = strength(a) < strength(b) ? [a, b] : [b, a];
      duels = [];
      for (let n = wins.get(l) ?? 0; n < (p.table % 2 === 1 ? 1 : 0); n++) duels.push(l);
      for (let n = wins.get(w) ?? 0; n < 2; n++) duels.push(w);
      winner = w;
    }
    const match = await json(
      'result',
      'report',
      '--db',
      db,
      '--round',
      String(round),
      '--table',
      String(p.table),
      '--duels',
      duels.join(','),
      '--at',
      at,
    );
    expect(match.outcome).toEqual(
      winner === null ? { kind: 'draw' } : { kind: 'win', winner, byPenalty: expect.any(Boolean) },
    );
    book.push({ round, players: [a, b], winner });
  }
}

/** Points, OMW and OOMW recomputed from the book, the way docs/standings.md states them (1/3 floor). */
function oracle(): Map<string, { points: number; omw: number; oomw: number }> {
  const points = new Map(ids.map((id) => [id, 0]));
  const played = new Map(ids.map((id) => [id, 0]));
  const opponents = new Map<string, string[]>(ids.map((id) => [id, []]));
  const add = (m: Map<string, number>, id: string, n: number) => m.set(id, (m.get(id) ?? 0) + n);
  for (const { player } of byes) {
    add(points, player, 3);
    add(played, player, 1);
  }
  for (const { players, winner } of book) {
    const [a, b] = players;
    add(played, a, 1);
    add(played, b, 1);
    opponents.get(a)?.push(b);
    opponents.get(b)?.push(a);
    if (winner === null) {
      add(points, a, 1);
      add(points, b, 1);
    } else add(points, winner, 3);
  }
  const mwp = (id: string) => Math.max(1 / 3, (points.get(id) ?? 0) / (3 * (played.get(id) ?? 1)));
  const avg = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);
  const omw = new Map(ids.map((id) => [id, avg((opponents.get(id) ?? []).map(mwp))]));
  return new Map(
    ids.map((id) => [
      id,
      {
        points: points.get(id) ?? 0,
        omw: omw.get(id) ?? 0,
        oomw: avg((opponents.get(id) ?? []).map((o) => omw.get(o) ?? 0)),
      },
    ]),
  );
}

describe('a 32-player, 5-round Swiss with a top 8, through the CLI', () => {
  it('runs the event and ends with the right standings and official records', async () => {
    expect(
      await json(
        'tournament',
        'create',
        '--db',
        db,
        '--id',
        'kanto-open',
        '--name',
        '関東オープン 2011',
        '--date',
        '2011-06-01',
        '--rounds',
        '5',
        '--top',
        '8',
        '--at',
        T(9),
      ),
    ).toEqual({ id: 'kanto-open' });
    const csv = join(dir, 'players.csv');
    writeFileSync(
      csv,
      `\uFEFFid,name\r\n${ids
        .slice(0, 16)
        .map((id) => `${id},${nameOf(id)}`)
        .join('\r\n')}\r\n`,
    );
    expect(await json('player', 'import', csv, '--db', db, '--at', T(9, 5))).toEqual({
      imported: 16,
      players: ids.slice(0, 16),
    });
    for (const id of ids.slice(16))
      expect(await json('player', 'add', '--db', db, '--id', id, '--name', nameOf(id), '--at', T(9, 10))).toEqual({
        id,
        name: nameOf(id),
        entryRound: 1,
        decklist: false,
      });

    // Round 1: a caution, which counts for repeats but is not on the official record.
    const r1 = await pair(T(10));
    expect(r1.pairings).toHaveLength(16);
    const V = pick(r1.pairings, 2).player;
    const caution = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      V,
      '--infraction',
      'misplay',
      '--fact',
      'significantDecisionSince=false',
      '--phase',
      'in-duel',
      '--judge',
      'judge Lee',
      '--at',
      T(10, 15),
    );
    expect([caution.penalty, caution.recorded, caution.landedOn]).toEqual(['caution', false, null]);
    await reportRound(1, r1.pairings, T(10, 45), { drawTable: 16 });

    // Round 2: six minutes late: a duel loss on the first duel of the match; then a drop.
    const r2 = await pair(T(11));
    const x = pick(r2.pairings, 4, [V]);
    const X = x.player;
    const tardy = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      X,
      '--infraction',
      'tardiness',
      '--fact',
      'minutesLate=6',
      '--phase',
      'between-matches',
      '--judge',
      'judge 木村',
      '--at',
      T(11, 6),
    );
    expect(tardy).toMatchObject({
      penaltyId: 2,
      penalty: 'duel-loss',
      decision: { penalty: 'duel-loss', appliesTo: 'next-duel', repeat: null },
      landedOn: { round: 2, table: x.table, duel: 1 },
    });
    await reportRound(2, r2.pairings, T(11, 45), { drawTable: 16 });
    const tardyMatch = (await json('pairings', '--db', db, '--round', '2')).tables[x.table - 1];
    expect(tardyMatch.duels[0]).toEqual({ duel: 1, winner: x.opponent, byPenalty: [2] });
    const D = pick(r2.pairings, 15, [V, X]).player;
    expect(
      await json('player', 'drop', '--db', db, '--player', D, '--reason', '帰宅 / went home', '--at', T(11, 50)),
    ).toEqual({ player: D, dropped: true, afterRound: 2 });

    // Round 3 (31 players, one bye): a stalling match loss; an extra draw's duel loss changed to a warning on appeal.
    const r3 = await pair(T(12));
    expect(r3.pairings.flatMap((p) => p.players)).not.toContain(D);
    expect(r3.pairings.filter((p) => p.bye)).toHaveLength(1);
    const y = pick(r3.pairings, 3, [V, X, D]);
    const Y = y.player;
    const stalling = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      Y,
      '--infraction',
      'stalling',
      '--phase',
      'in-duel',
      '--judge',
      'judge Lee',
      '--at',
      T(12, 30),
    );
    expect([stalling.penaltyId, stalling.penalty, stalling.landedOn]).toEqual([
      3,
      'match-loss',
      { round: 3, table: y.table, duel: null },
    ]);
    const w = pick(r3.pairings, 5, [V, X, D, Y]);
    const W = w.player;
    const extra = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      W,
      '--infraction',
      'extra-draw',
      '--fact',
      'identifiable=false',
      '--fact',
      'decisive=false',
      '--phase',
      'in-duel',
      '--duel',
      '1',
      '--judge',
      'judge Lee',
      '--at',
      T(12, 20),
    );
    expect([extra.penaltyId, extra.penalty, extra.landedOn]).toEqual([
      4,
      'duel-loss',
      { round: 3, table: w.table, duel: 1 },
    ]);
    const appeal = await json(
      'penalty',
      'appeal',
      '--db',
      db,
      '--id',
      '4',
      '--outcome',
      'changed',
      '--penalty',
      'warning',
      '--reason',
      'the card was identified after all',
      '--judge',
      'HJ 山田',
      '--at',
      T(12, 25),
    );
    expect(appeal).toEqual({
      penaltyId: 4,
      player: W,
      outcome: 'changed',
      from: 'duel-loss',
      to: 'warning',
      reason: 'the card was identified after all',
      recorded: true,
      landedOn: null,
      noMatchLeft: false,
      dropped: false,
      was: expect.objectContaining({ penalty: 'duel-loss' }),
    });
    await reportRound(3, r3.pairings, T(12, 45), { drawTable: 15, decided: new Map([[y.table, y.opponent]]) });

    // Round 4: a bribery offer, a disqualification with loss of prizes; a second tardiness, kept at the guideline.
    const r4 = await pair(T(13));
    const z = pick(r4.pairings, 1, [V, X, D, Y, W]);
    const Z = z.player;
    const dq = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      Z,
      '--infraction',
      'bribery',
      '--phase',
      'in-duel',
      '--judge',
      'HJ 山田',
      '--at',
      T(13, 20),
      '--statement',
      'opponent: offered a booster box for the win',
      '--statement',
      'player: admitted the offer',
    );
    expect(dq).toMatchObject({
      penaltyId: 5,
      penalty: 'disqualification-forfeit-prizes',
      decision: { penalty: 'disqualification-forfeit-prizes' },
      landedOn: { round: 4, table: z.table, duel: null },
      dropped: true,
    });
    const again = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      X,
      '--infraction',
      'tardiness',
      '--fact',
      'minutesLate=2',
      '--phase',
      'between-matches',
      '--judge',
      'judge 木村',
      '--at',
      T(13, 2),
    );
    expect(again).toMatchObject({
      penaltyId: 6,
      penalty: 'warning',
      repeatUpgrade: false,
      decision: { penalty: 'warning', repeat: { count: 2, upgradeTo: 'duel-loss' } },
    });
    await reportRound(4, r4.pairings, T(13, 45), { drawTable: 15, decided: new Map([[z.table, z.opponent]]) });

    const r5 = await pair(T(14));
    expect(r5.pairings.flatMap((p) => p.players).sort()).toEqual(ids.filter((id) => id !== D && id !== Z));
    await reportRound(5, r5.pairings, T(14, 45), { drawTable: 15 });

    // Swiss pairing held its rules: no rematch, at most one bye each.
    const met = new Set<string>();
    for (const { players } of book) {
      const key = [...players].sort().join('-');
      expect(met.has(key), `rematch ${key}`).toBe(false);
      met.add(key);
    }
    expect(new Set(byes.map((b) => b.player)).size).toBe(byes.length);

    // The final Swiss standings, recomputed from the book.
    const standings = (await json('standings', '--db', db)) as {
      rank: number | null;
      player: string;
      points: number;
      opponentsWinPct: number;
      opponentsOpponentsWinPct: number;
      dropped: boolean;
    }[];
    expect(standings).toHaveLength(32);
    expect(standings.map((r) => r.rank)).toEqual([...Array.from({ length: 31 }, (_, i) => i + 1), null]);
    expect(standings.at(-1)).toMatchObject({ player: Z, dropped: true });
    const expected = oracle();
    for (const row of standings) {
      const want = expected.get(row.player);
      expect(Object.keys(row)).toEqual([
        'rank',
        'player',
        'points',
        'opponentsWinPct',
        'opponentsOpponentsWinPct',
        'dropped',
        'status',
      ]);
      expect(row.points, row.player).toBe(want?.points);
      expect(Math.abs(row.opponentsWinPct - (want?.omw ?? -1)), `${row.player} OMW`).toBeLessThan(0.00006);
      expect(Math.abs(row.opponentsOpponentsWinPct - (want?.oomw ?? -1)), `${row.player} OOMW`).toBeLessThan(0.00006);
      expect(row.dropped, row.player).toBe(row.player === D || row.player === Z);
    }
    const ranked = standings.slice(0, 31);
    for (let i = 1; i < ranked.length; i++) {
      const [p, q] = [expected.get(ranked[i - 1]?.player ?? ''), expected.get(ranked[i]?.player ?? '')] as [
        { points: number; omw: number; oomw: number },
        { points: number; omw: number; oomw: number },
      ];
      const order =
        p.points - q.points ||
        (Math.abs(p.omw - q.omw) > 1e-9 ? p.omw - q.omw : 0) ||
        (Math.abs(p.oomw - q.oomw) > 1e-9 ? p.oomw - q.oomw : 0);
      expect(
        order > 0 || (order === 0 && (ranked[i - 1]?.player ?? '') < (ranked[i]?.player ?? '')),
        `rank ${i} before ${i + 1}`,
      ).toBe(true);
    }

    // Top 8 in bracket order (1 v 8, 4 v 5, 2 v 7, 3 v 6), then semi-finals and the final.
    const seeds = standings
      .filter((r) => !r.dropped)
      .slice(0, 8)
      .map((r) => r.player);
    const seed = (n: number) => seeds[n - 1] as string;
    const quarter = await pair(T(15));
    expect(quarter).toEqual({
      round: 6,
      pairings: [
        { table: 1, players: [seed(1), seed(8)] },
        { table: 2, players: [seed(4), seed(5)] },
        { table: 3, players: [seed(2), seed(7)] },
        { table: 4, players: [seed(3), seed(6)] },
      ],
    });
    const stronger = (p: Pairing) => [...p.players].sort((a, b) => strength(a) - strength(b))[0] as string;
    const eliminated: string[][] = [];
    let current = quarter;
    for (const round of [6, 7, 8]) {
      const winners = current.pairings.map(stronger);
      for (const p of current.pairings) {
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
          `${stronger(p)},${stronger(p)}`,
          '--at',
          T(round + 9, 40),
        );
      }
      eliminated.push(current.pairings.flatMap((p) => p.players.filter((x) => x !== stronger(p))));
      if (round === 8) break;
      current = await pair(T(round + 10));
      // Winners meet their bracket neighbours: table 1's winner plays table 2's, and so on.
      expect(current).toEqual({
        round: round + 1,
        pairings: chunk(winners).map((players, i) => ({ table: i + 1, players })),
      });
    }
    const champion = stronger(current.pairings[0] as Pairing);
    expect(await json('tournament', 'finish', '--db', db, '--at', T(18))).toEqual({
      id: 'kanto-open',
      status: 'finished',
      winner: champion,
    });

    const bySwiss = (xs: readonly string[]) => [...xs].sort((a, b) => seeds.indexOf(a) - seeds.indexOf(b));
    const places = (await json('standings', '--db', db, '--final')) as { place: number; player: string }[];
    expect(places).toHaveLength(31);
    expect(places.map((p) => p.place)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(places.slice(0, 8).map((p) => p.player)).toEqual([
      champion,
      ...(eliminated[2] ?? []),
      ...bySwiss(eliminated[1] ?? []),
      ...bySwiss(eliminated[0] ?? []),
    ]);
    expect(places.slice(8).map((p) => p.player)).toEqual(
      standings
        .slice(0, 31)
        .map((r) => r.player)
        .filter((p) => !seeds.includes(p)),
    );

    // The official record, player by player.
    const record = async (player: string) =>
      ((await json('record', '--db', db, '--player', player)) as Record<string, unknown>[]).map((e) => [
        e.round,
        e.infraction,
        e.penalty,
        e.issuedAs,
        (e.judge as { id: string }).id,
        e.appealReason,
      ]);
    expect(await record(V)).toEqual([]);
    expect(await record(X)).toEqual([
      [2, 'tardiness', 'duel-loss', null, 'judge 木村', null],
      [4, 'tardiness', 'warning', null, 'judge 木村', null],
    ]);
    expect(await record(Y)).toEqual([[3, 'stalling', 'match-loss', null, 'judge Lee', null]]);
    expect(await record(W)).toEqual([
      [3, 'extra-draw', 'warning', 'duel-loss', 'judge Lee', 'the card was identified after all'],
    ]);
    expect(await record(Z)).toEqual([[4, 'bribery', 'disqualification-forfeit-prizes', null, 'HJ 山田', null]]);
    const log = (await json('penalty', 'log', '--db', db)) as { id: number; status: string; statements: string[] }[];
    expect(log.map((e) => [e.id, e.status])).toEqual([
      [1, 'in-force'],
      [2, 'in-force'],
      [3, 'in-force'],
      [4, 'changed'],
      [5, 'in-force'],
      [6, 'in-force'],
    ]);
    expect(log[4]?.statements).toEqual(['opponent: offered a booster box for the win', 'player: admitted the offer']);

    // The exports agree with the standings.
    const exported = JSON.parse(await ok('export', 'standings', '--db', db, '--format', 'json')) as {
      place: number | null;
      player: string;
    }[];
    expect(exported.map((r) => r.player)).toEqual([...places.map((p) => p.player), Z]);
    const penaltiesCsv = await ok('export', 'penalties', '--db', db, '--format', 'csv');
    expect(penaltiesCsv.slice(1).trimEnd().split('\r\n')).toHaveLength(7);
  });
});

/** The first player, from table `from` on, who is not yet part of the story, with their table and opponent. */
function pick(
  pairings: readonly Pairing[],
  from: number,
  used: readonly string[] = [],
): { player: string; table: number; opponent: string } {
  for (const p of [...pairings.slice(from - 1), ...pairings.slice(0, from - 1)]) {
    if (p.table === null) continue;
    const [a, b] = p.players as [string, string];
    if (!used.includes(a)) return { player: a, table: p.table, opponent: b };
    if (!used.includes(b)) return { player: b, table: p.table, opponent: a };
  }
  throw new Error('no player left to pick');
}

/** [a, b, c, d] → [[a, b], [c, d]]. */
function chunk(xs: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < xs.length; i += 2) out.push(xs.slice(i, i + 2));
  return out;
}
