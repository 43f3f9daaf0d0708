import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC, type Principal } from '../../src/adapters/http/auth/principal.js';
import { eventLoopBusyShare, PublicPace } from '../../src/adapters/http/public-pace.js';
import { staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Staff first when the process is loaded: a big answer to anyone who is not staff waits a
 * moment while the event loop is busy, so two anonymous clients reading an 8,192-player board
 * back to back no longer take a third of the staff's result entry. Nothing is refused, and
 * nothing waits while the process is not loaded, or for staff, or for a small answer.
 */

const staffPrincipal = { kind: 'staff' } as unknown as Principal;

describe('the public pace', () => {
  const paced = (loaded: boolean) => {
    const waits: number[] = [];
    const pace = new PublicPace(
      { bigBytes: 100, pauseMs: 20 },
      async (ms) => {
        waits.push(ms);
      },
      () => loaded,
    );
    return { pace, waits };
  };

  it('makes big answers to the public wait while loaded, and nothing else', async () => {
    const { pace, waits } = paced(true);
    await pace.before(PUBLIC, Buffer.alloc(100));
    await pace.before(null, 'x'.repeat(150));
    expect(waits).toEqual([20, 20]);
    await pace.before(staffPrincipal, Buffer.alloc(100_000));
    await pace.before(PUBLIC, Buffer.alloc(99));
    // A stream (a compressed export): its size is not known, so it is not paced.
    await pace.before(PUBLIC, { pipe() {} });
    expect(waits).toEqual([20, 20]);
    pace.close();
  });

  it('makes nothing wait while the process is not loaded', async () => {
    const { pace, waits } = paced(false);
    await pace.before(PUBLIC, Buffer.alloc(100_000));
    expect(waits).toEqual([]);
    pace.close();
  });

  it('counts the process loaded from the sampled busy share, and no more once the share falls', async () => {
    let share = 0;
    let samples = 0;
    let waited = 0;
    const pace = new PublicPace(
      { bigBytes: 1, sampleMs: 5, pauseMs: 1, busyAbove: 0.5 },
      async () => {
        waited += 1;
      },
      undefined,
      () => {
        samples++;
        return share;
      },
    );
    /** Waits until the sampler has read the share twice more (the positive signal, not a sleep). */
    const sampled = async () => {
      const seen = samples;
      await expect.poll(() => samples, { interval: 5 }).toBeGreaterThanOrEqual(seen + 2);
    };
    await sampled();
    await pace.before(PUBLIC, 'xx');
    expect(waited).toBe(0);
    share = 0.9;
    await sampled();
    await pace.before(PUBLIC, 'xx');
    expect(waited).toBe(1);
    share = 0.5;
    await sampled();
    await pace.before(PUBLIC, 'xx');
    expect(waited).toBe(1);
    pace.close();
  });

  it('reads the busy share of the event loop: a loop held by work between two reads is busy', () => {
    const read = eventLoopBusyShare();
    read();
    // Nothing but this work runs between the two reads, however loaded the machine is.
    const until = performance.now() + 30;
    while (performance.now() < until);
    expect(read()).toBeGreaterThan(0.5);
  });
});

describe.each(await storeKinds())('big public answers under load on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  const waits: number[] = [];
  const T = '/api/tournaments/paced';

  beforeAll(async () => {
    // Always loaded, every answer big: which requests wait is what is tested.
    server = await startTestServer(kind, {
      publicPace: new PublicPace(
        { bigBytes: 1, pauseMs: 5 },
        async (ms) => {
          waits.push(ms);
        },
        () => true,
      ),
    });
    staff = await staffOf(server);
    await tournamentWithPlayers(staff, 'paced');
    expect((await staff.scorekeeper.post(`${T}/rounds`, { round: 1 })).status).toBe(201);
  });
  afterAll(() => server.close());

  it('makes the public’s reads wait, never the staff’s reads or writes', async () => {
    waits.length = 0;
    expect((await staff.scorekeeper.get(`${T}/standings`)).status).toBe(200);
    expect((await staff.scorekeeper.get(`${T}/rounds/1/pairings`)).status).toBe(200);
    expect((await staff.judge.post(`${T}/rounds/1/tables/1/extensions`, { minutes: 1 })).status).toBe(200);
    expect(waits).toEqual([]);
    const board = await staff.public.get(`${T}/rounds/1/pairings`);
    const standings = await staff.public.get(`${T}/standings`);
    // Paced, not refused: the same answers.
    expect(board.status).toBe(200);
    expect(standings.status).toBe(200);
    expect(waits).toEqual([5, 5]);
  });
});
