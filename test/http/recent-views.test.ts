import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_VIEW_MAX_MS, RECENT_VIEW_MS, ViewCache } from '../../src/adapters/http/tournaments/view-cache.js';
import type { Making } from '../../src/core/making.js';
import { initialState } from '../../src/core/tournament/state.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * The public's views of the current round (its standings, its board, the tournament's summary)
 * are made at most once per RECENT_VIEW_MS while writes come in, not once per version: with
 * 50 anonymous readers at a YCSJ, making them per version held the players' reports to 27/s.
 * A reader gets the newest view made, with the version it was made at; staff get every version.
 */

describe('recent views', () => {
  const t = initialState() as unknown as Tournament;

  it('are made once for many versions within the interval, and again after it', () => {
    let now = 0;
    const views = new ViewCache(() => now);
    let made = 0;
    const make = (_: Tournament, version: number) => {
      made++;
      return `made at ${version}`;
    };
    for (let version = 1; version <= 100; version++) {
      const answer = views.recent('t', 'standings', version, t, make);
      expect(answer).toEqual({ value: 'made at 1', version: 1 });
      now += (RECENT_VIEW_MS - 1) / 100;
    }
    expect(made).toBe(1);
    now += 1;
    expect(views.recent('t', 'standings', 101, t, make)).toEqual({ value: 'made at 101', version: 101 });
    expect(made).toBe(2);
    // A read that lags behind the view made gets the newer view, never an older one made again.
    expect(views.recent('t', 'standings', 50, t, make)).toEqual({ value: 'made at 101', version: 101 });
    expect(made).toBe(2);
    // Each view and tournament has its own.
    views.recent('t', 'pairings/1', 101, t, make);
    views.recent('u', 'standings', 101, t, make);
    expect(made).toBe(4);
  });

  it('are kept longer when slow to make: 20 × what one cost, never past RECENT_VIEW_MAX_MS', () => {
    let now = 0;
    const views = new ViewCache(() => now);
    let made = 0;
    // The clock moves while a view is made: 100 ms for the standings of a big tournament.
    const slow = (cost: number) => (_: Tournament, version: number) => {
      made++;
      now += cost;
      return version;
    };
    views.recent('t', 'standings', 1, t, slow(100));
    now = 1_900;
    expect(views.recent('t', 'standings', 2, t, slow(100))).toEqual({ value: 1, version: 1 });
    now = 2_001;
    expect(views.recent('t', 'standings', 3, t, slow(100))).toEqual({ value: 3, version: 3 });
    expect(made).toBe(2);
    // A view that cost a whole second is not kept 20 s: a reader's view is never older than the bound.
    views.recent('u', 'standings', 1, t, slow(1_000));
    now += RECENT_VIEW_MAX_MS - 1_000;
    expect(views.recent('u', 'standings', 2, t, slow(1)).version).toBe(2);
    // A cheap view keeps the interval.
    views.recent('v', 'summary', 1, t, slow(1));
    now += RECENT_VIEW_MS + 1;
    expect(views.recent('v', 'summary', 2, t, slow(1)).version).toBe(2);
    // An interval of 0 is every version's own, however slow.
    const current = new ViewCache(() => now, 0);
    current.recent('t', 'standings', 1, t, slow(500));
    expect(current.recent('t', 'standings', 2, t, slow(500)).version).toBe(2);
  });

  it('are not stale for ever: the first read after the interval makes the current version', () => {
    let now = 0;
    const views = new ViewCache(() => now);
    views.recent('t', 'summary', 1, t, (_, v) => v);
    now = 10 * RECENT_VIEW_MS;
    expect(views.recent('t', 'summary', 7, t, (_, v) => v)).toEqual({ value: 7, version: 7 });
  });
});

describe('views made in turns', () => {
  const t = initialState() as unknown as Tournament;
  function* making(version: number, made: number[]): Making<string> {
    made.push(version);
    yield;
    yield;
    return `made at ${version}`;
  }

  it('are made once for the reads that find them due together, and kept as `recent` keeps them', async () => {
    let now = 0;
    const views = new ViewCache(() => now);
    const made: number[] = [];
    const reads = await Promise.all(
      [1, 2, 3].map((version) => views.recentInTurns('t', 'standings', version, t, (_, v) => making(v, made))),
    );
    expect(made).toEqual([1]);
    expect(reads.every((r) => r.value === 'made at 1' && r.version === 1)).toBe(true);
    now += RECENT_VIEW_MS - 1;
    expect(await views.recentInTurns('t', 'standings', 9, t, (_, v) => making(v, made))).toEqual({
      value: 'made at 1',
      version: 1,
    });
    now += 1;
    expect(await views.recentInTurns('t', 'standings', 9, t, (_, v) => making(v, made))).toEqual({
      value: 'made at 9',
      version: 9,
    });
    expect(made).toEqual([1, 9]);
  });

  it('per version: reads of one version share one making, a new version makes its own', async () => {
    const views = new ViewCache(() => 0);
    const made: number[] = [];
    const [a, b] = await Promise.all([
      views.viewInTurns('t', 'standings', 4, t, () => making(4, made)),
      views.viewInTurns('t', 'standings', 4, t, () => making(4, made)),
    ]);
    expect([a, b]).toEqual(['made at 4', 'made at 4']);
    expect(await views.viewInTurns('t', 'standings', 4, t, () => making(4, made))).toBe('made at 4');
    expect(await views.viewInTurns('t', 'standings', 5, t, () => making(5, made))).toBe('made at 5');
    expect(made).toEqual([4, 5]);
  });

  it('are made for every read when caches are off', async () => {
    const views = new ViewCache(() => 0, RECENT_VIEW_MS, false);
    const made: number[] = [];
    await views.recentInTurns('t', 'standings', 1, t, (_, v) => making(v, made));
    await views.recentInTurns('t', 'standings', 1, t, (_, v) => making(v, made));
    await views.viewInTurns('t', 'standings', 1, t, () => making(1, made));
    expect(made).toEqual([1, 1, 1]);
  });
});

const WRITES = 40;

describe.each(await storeKinds())('the current round\u2019s public views on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const T = '/api/tournaments/recent';
  const paths = [T, `${T}/standings`, `${T}/rounds/1/pairings`];

  beforeAll(async () => {
    // An interval no test run outlasts: what the public is answered does not depend on the machine's speed.
    // The recent views are what is tested: kept whatever SHINPAN_NO_CACHES says.
    server = await startTestServer(kind, { recentViewMs: 3_600_000, caches: true });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'recent');
    expect((await staff.scorekeeper.post(`${T}/rounds`, { round: 1 })).status).toBe(201);
  });
  afterAll(() => server.close());

  it('are made once for many writes within the interval, while staff see every version', async () => {
    const first = new Map<string, number>();
    for (const path of paths) first.set(path, (await staff.public.get(path)).body.version as number);
    const staffVersions = new Set<number>();
    for (let i = 0; i < WRITES; i++) {
      const extended = await staff.judge.post(`${T}/rounds/1/tables/1/extensions`, { minutes: 1 });
      expect(extended.status).toBe(200);
      const written = extended.body.version as number;
      for (const path of paths) {
        const read = await staff.public.get(path);
        expect(read.status).toBe(200);
        // The view made at the first read, with its own version as its ETag.
        expect(read.body.version, path).toBe(first.get(path));
        expect(read.headers.get('etag')).toBe(`"${first.get(path)}"`);
      }
      const own = await staff.judge.get(`${T}/standings`);
      expect(own.body.version).toBe(written);
      staffVersions.add(own.body.version as number);
    }
    expect(staffVersions.size).toBe(WRITES);
    // The board the public was answered shows the extensions as they were when it was made.
    const board = (await staff.public.get(`${T}/rounds/1/pairings`)).body;
    const current = (await staff.judge.get(`${T}/rounds/1/pairings`)).body;
    expect(board.version).toBeLessThan(current.version);
  });
});
