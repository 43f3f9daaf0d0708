import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from '../../src/adapters/cli/commands/demo-scenario.js';
import { shippedCards } from '../../src/adapters/deck/ocg-data.js';
import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import { loadPointsRule } from '../../src/adapters/policy/points-rule-file.js';
import { openEventStore } from '../../src/adapters/store/open-event-store.js';
import type { EventStore } from '../../src/app/event-store.js';
import { SeriesService } from '../../src/app/series-service.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import type { LeaderboardRow } from '../../src/core/series/leaderboard.js';
import type { PointsRule } from '../../src/core/series/points-rule.js';
import { playSmallEvent } from './season-support.js';

/*
 * The points of real tournaments (the demo, and small events played through the pipeline) under
 * every rule, against numbers worked out by hand from the demo's printed standings (W-L-D, the
 * top 4) and from the small events' fixed results.
 */

let dir: string;
let store: EventStore;
let tournaments: TournamentService;
let series: SeriesService;
const meta = { at: '2011-12-31T00:00:00.000Z', actor: 'organizer' };

const rule = (name: string): PointsRule => {
  const r = loadPointsRule(name);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

async function create(
  id: string,
  points: PointsRule,
  best: number | null = null,
  from = '2011-01-01',
  to = '2011-12-31',
) {
  const r = await series.write(id, {
    type: 'CreateSeries',
    data: { id, name: `Season ${id}`, from, to, rule: points, best },
    meta,
  });
  if (!r.ok) throw new Error(r.error.message.en);
  for (const t of ['demo', 'w1', 'w2', 'w3']) {
    const added = await series.addTournament(id, t, meta);
    if (!added.ok) throw new Error(added.error.message.en);
  }
}

async function board(id: string, asOf?: string): Promise<Map<string, LeaderboardRow>> {
  const s = await series.standings(id, asOf);
  if (!s.ok) throw new Error(s.error.message.en);
  return new Map(s.value.rows.map((r) => [r.player, r]));
}

const pointsIn = (row: LeaderboardRow | undefined, tournament: string) =>
  row?.events.find((e) => e.tournament === tournament)?.points;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shinpan-series-'));
  store = await openEventStore({ kind: 'sqlite', path: join(dir, 'events.db') });
  tournaments = new TournamentService(store);
  series = new SeriesService(store, tournaments);
  await runDemo(tournaments, loadDefaultPack(), shippedCards().catalogue);
  // w1: 4 players, 2 rounds of single duels: 1001 wins both, 2002 loses both, 1016 and 2001 go 1-1.
  await playSmallEvent(tournaments, {
    id: 'w1',
    date: '2011-06-08',
    players: ['1001', '1016', '2001', '2002'],
    rounds: 2,
    bestOf: 1,
  });
  // w2: 3 players, 1 round of best of 3: one match and one bye.
  await playSmallEvent(tournaments, {
    id: 'w2',
    date: '2011-06-15',
    players: ['1007', '3001', '3002'],
    rounds: 1,
    bestOf: 3,
  });
  // w3: not finished: counts for nothing.
  await playSmallEvent(tournaments, {
    id: 'w3',
    date: '2011-06-22',
    players: ['1007', '1002'],
    rounds: 1,
    bestOf: 3,
    finish: false,
  });
}, 120_000);

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ranking-duel', () => {
  it('gives 10 + 80 a win + 20 a draw or loss, Swiss and top cut, halved in single duels, 0 for a bye; a disqualification forfeits', async () => {
    await create('rd', rule('ranking-duel'));
    const b = await board('rd');
    // The demo, by hand from its standings (W-L-D) and top 4 (1007 beat 1009 and 1002; 1002 beat 1001).
    const demo: Record<string, number> = {
      '1007': 10 + 6 * 80, // 4-0-0, two top-cut wins
      '1002': 10 + 4 * 80 + 2 * 20, // 3-1-0, semi-final won, final lost
      '1001': 10 + 3 * 80 + 2 * 20,
      '1009': 10 + 3 * 80 + 2 * 20,
      '1011': 10 + 2 * 80 + 20 + 20, // 2-1-1
      '1012': 10 + 2 * 80 + 2 * 20,
      '1014': 210,
      '1015': 210,
      '1006': 210,
      '1010': 210,
      '1005': 10 + 80 + 3 * 20,
      '1004': 150,
      '1008': 150,
      '1016': 10 + 2 * 20 + 20, // 0-2-1, dropped: keeps what was played
      '1013': 10 + 4 * 20,
      '1003': 0, // disqualified with loss of prizes: the shipped rule (follow-prizes) forfeits the event
    };
    for (const [player, points] of Object.entries(demo)) expect(pointsIn(b.get(player), 'demo'), player).toBe(points);
    // w1 in single duels: entry 5, win 40, loss 10.
    expect(pointsIn(b.get('1001'), 'w1')).toBe(5 + 40 + 40);
    expect(pointsIn(b.get('2002'), 'w1')).toBe(5 + 10 + 10);
    expect(pointsIn(b.get('1016'), 'w1')).toBe(5 + 40 + 10);
    expect(pointsIn(b.get('2001'), 'w1')).toBe(5 + 40 + 10);
    // w2: the bye is worth 0; the match 80 or 20.
    const w2 = (await tournaments.load('w2')).state;
    const byed = w2.status === 'none' ? '' : (w2.rounds[0]?.byes[0] as string);
    expect(pointsIn(b.get(byed), 'w2')).toBe(10);
    const [winner, loser] = ['1007', '3001', '3002'].filter((p) => p !== byed).sort() as [string, string];
    expect(pointsIn(b.get(winner), 'w2')).toBe(10 + 80);
    expect(pointsIn(b.get(loser), 'w2')).toBe(10 + 20);
    // Totals across events; w3 (not finished) is not there.
    expect(b.get('1001')?.points).toBe(290 + 85);
    expect(b.get('1016')?.points).toBe(70 + 55);
    expect(b.get('1007')?.points).toBe(490 + (pointsIn(b.get('1007'), 'w2') ?? Number.NaN));
    expect(b.get('1007')?.events.map((e) => e.tournament)).toEqual(['demo', 'w2']);
    expect(b.get('1003')?.points).toBe(0);
  });

  it('keeps a disqualified player points when the rule says keep', async () => {
    await create('keep', { ...rule('ranking-duel'), disqualified: 'keep' });
    expect(pointsIn((await board('keep')).get('1003'), 'demo')).toBe(10 + 2 * 80 + 20); // 2-1-0
  });
});

describe('placement', () => {
  it('pays places by the tier attendance reached, participation beyond it', async () => {
    await create('pl', rule('placement'));
    const b = await board('pl');
    // The demo had 16 players: the 16+ tier [80, 60, 45, 45, 30, 30, 30, 30]; 1003 holds no place.
    const demo: Record<string, number> = {
      '1007': 80,
      '1002': 60,
      '1001': 45,
      '1009': 45,
      '1011': 30,
      '1012': 30,
      '1014': 30,
      '1015': 30,
      '1006': 5,
      '1013': 5,
      '1003': 0,
    };
    for (const [player, points] of Object.entries(demo)) expect(pointsIn(b.get(player), 'demo'), player).toBe(points);
    // w1 had 4: the first tier [50, 40, 30, 30]: 1001 first, 2002 last, the other two 40 and 30.
    expect(pointsIn(b.get('1001'), 'w1')).toBe(50);
    expect(pointsIn(b.get('2002'), 'w1')).toBe(30);
    expect((pointsIn(b.get('2001'), 'w1') ?? 0) + (pointsIn(b.get('1016'), 'w1') ?? 0)).toBe(70);
  });

  it("counts an organizer's own table from a file", async () => {
    const file = join(dir, 'own.json');
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'placement',
        id: 'shop-cup',
        name: { ja: '店舗杯', en: 'Shop cup' },
        tiers: [{ minPlayers: 1, places: [10, 5] }],
        participation: 1,
        disqualified: 'keep',
      }),
    );
    await create('own', rule(file));
    const b = await board('own');
    expect(pointsIn(b.get('1007'), 'demo')).toBe(10);
    expect(pointsIn(b.get('1002'), 'demo')).toBe(5);
    expect(pointsIn(b.get('1013'), 'demo')).toBe(1);
    expect(pointsIn(b.get('1003'), 'demo')).toBe(1); // kept: no place, so participation
  });

  it('refuses a rule file with every wrong field named', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'placement',
        id: 'x',
        name: { ja: 'x', en: 'x' },
        tiers: [],
        participation: -1,
        disqualified: 'keep',
      }),
    );
    const r = loadPointsRule(file);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(/tiers: .*participation: /);
    expect(loadPointsRule(join(dir, 'missing.json'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no such file/),
    });
  });
});

describe('season', () => {
  it('counts only the best N events, adjustments with reasons, as of a date', async () => {
    await create('best', rule('ranking-duel'), 1);
    const adjust = await series.write('best', {
      type: 'AdjustSeriesPoints',
      data: { player: '1001', points: -15, reason: 'late registration fee unpaid' },
      meta: { at: '2011-06-10T00:00:00.000Z', actor: 'organizer' },
    });
    expect(adjust.ok).toBe(true);
    const b = await board('best');
    // 1001: demo 290 and w1 85; the best one is 290, then the adjustment.
    expect(b.get('1001')?.points).toBe(290 - 15);
    expect(b.get('1001')?.events.map((e) => [e.tournament, e.counted])).toEqual([
      ['demo', true],
      ['w1', false],
    ]);
    // As of 2011-06-05: only the demo, and no adjustment yet.
    const early = await board('best', '2011-06-05');
    expect(early.get('1001')?.points).toBe(290);
    expect(early.has('2001')).toBe(false);
  });

  it('counts only tournaments inside the window, and refuses adding one outside it', async () => {
    const r = await series.write('short', {
      type: 'CreateSeries',
      data: { id: 'short', name: 'June', from: '2011-06-02', to: '2011-06-30', rule: rule('ranking-duel'), best: null },
      meta,
    });
    expect(r.ok).toBe(true);
    const outside = await series.addTournament('short', 'demo', meta);
    expect(outside).toMatchObject({ ok: false, error: { code: 'tournament-outside-window' } });
    expect(await series.addTournament('short', 'nope', meta)).toMatchObject({
      ok: false,
      error: { code: 'tournament-unknown' },
    });
  });

  it('ranks by points, then events counted, then the best single event; equal players share a rank', async () => {
    const b = [...(await board('rd')).values()];
    for (let i = 1; i < b.length; i++) {
      const [x, y] = [b[i - 1] as LeaderboardRow, b[i] as LeaderboardRow];
      expect(x.points).toBeGreaterThanOrEqual(y.points);
      if (x.points === y.points && x.events.length === y.events.length) expect(y.rank >= x.rank).toBe(true);
    }
    // 1014, 1015, 1006, 1010 and 1012 all have 210 from the demo only: one shared rank.
    const ranks = new Set(
      ['1012', '1014', '1015', '1006', '1010'].map((p) => (b.find((r) => r.player === p) as LeaderboardRow).rank),
    );
    expect(ranks.size).toBe(1);
    // 1011 also has 210 from one event: equal on all three keys, so the same rank too.
    expect(b.find((r) => r.player === '1011')?.rank).toBe([...ranks][0]);
  });

  it('invites the top N (a tie at N whole) or everyone at or over a threshold, recorded in the log', async () => {
    const top = await series.invite('rd', { top: 2 }, '2011-12-31', meta);
    // 1007: 490 + 90; 1001: 290 + 85; 1002: 370.
    expect(top.ok && top.value.invitations[0]?.players.map((p) => p.player)).toEqual(['1007', '1001']);
    const atLeast = await series.invite('rd', { atLeast: 290 }, '2011-12-31', meta);
    const invited = atLeast.ok ? (atLeast.value.invitations[1]?.players ?? []) : [];
    expect(invited.every((p) => p.points >= 290)).toBe(true);
    expect(invited.map((p) => p.player).sort()).toEqual(['1001', '1002', '1007', '1009']);
  });
});

describe('one player across tournaments', () => {
  it('links two ids as one person with a reason; the leaderboard follows, and an unlink undoes it', async () => {
    // 2001 in w1 was 1002 mistyped at the desk.
    const linked = await series.writeLink({
      type: 'LinkPlayers',
      data: { player: '2001', to: '1002', reason: 'desk typo' },
      meta,
    });
    expect(linked.ok).toBe(true);
    const b = await board('rd');
    expect(b.has('2001')).toBe(false);
    expect(b.get('1002')?.points).toBe(370 + 55);
    expect(b.get('1002')?.ids).toEqual(['1002', '2001']);
    expect(
      await series.writeLink({ type: 'LinkPlayers', data: { player: '1002', to: '2001', reason: 'x' }, meta }),
    ).toMatchObject({
      ok: false,
      error: { code: 'link-cycle' },
    });
    expect(
      await series.writeLink({ type: 'UnlinkPlayers', data: { player: '2001', reason: 'wrong person' }, meta }),
    ).toMatchObject({ ok: true });
    expect((await board('rd')).get('1002')?.points).toBe(370);
  });
});

describe('the rules as data', () => {
  it('ships its JSON Schema, generated from the zod schema', async () => {
    const { readFileSync } = await import('node:fs');
    const { pointsRuleJsonSchema } = await import('../../src/core/series/points-rule.js');
    const file = new URL('../../policy/series/points-rule.schema.json', import.meta.url);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(pointsRuleJsonSchema());
  });
});

describe('a disqualified player under each setting', () => {
  it('keeps, forfeits, or follows the prizes (only a disqualification with loss of prizes forfeits)', async () => {
    const { eventPoints } = await import('../../src/core/series/event-points.js');
    const base = rule('ranking-duel');
    const event = {
      tournament: 't',
      name: 't',
      date: '2011-06-01',
      finished: true,
      attendance: 8,
      singleDuel: false,
      players: new Map(),
    };
    const player = (losesPrizes: boolean) => ({
      player: 'x',
      name: 'x',
      matches: [
        { result: 'win' as const, singleDuel: false },
        { result: 'loss' as const, singleDuel: false },
      ],
      place: null,
      disqualified: true,
      losesPrizes,
    });
    // Played: 10 + 80 + 20 = 110.
    expect(eventPoints({ ...base, disqualified: 'keep' }, event, player(true))).toBe(110);
    expect(eventPoints({ ...base, disqualified: 'forfeit' }, event, player(false))).toBe(0);
    expect(eventPoints({ ...base, disqualified: 'follow-prizes' }, event, player(false))).toBe(110);
    expect(eventPoints({ ...base, disqualified: 'follow-prizes' }, event, player(true))).toBe(0);
  });
});
