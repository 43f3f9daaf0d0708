import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from './support/http-client.js';
import { PLAYERS, staffOf, tournamentWithPlayers, type Staff } from './support/staff.js';
import { storeKinds } from './support/stores.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/*
 * Issue #10 through the HTTP API: the same answers as the core and the CLI, one case per
 * point, on a real server over a real store. A refused write leaves the version unchanged.
 */

type Pair = readonly [string, string];

describe.each(await storeKinds())('where penalties land, over HTTP on $name', ({ kind }) => {
  let server: TestServer;
  let staff: Staff;
  let count = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    staff = await staffOf(server);
  });
  afterAll(async () => server.close());

  /** A fresh tournament of four players with round 1 paired at the server's time; its path and the two tables. */
  async function paired(rounds = 3): Promise<{ t: string; t1: Pair; t2: Pair }> {
    const id = `rulings-${++count}`;
    await tournamentWithPlayers(staff, id, { rounds });
    const t = `/api/tournaments/${id}`;
    const round = await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: server.clock.now.toISOString() });
    const matches = round.body.pairing.matches as { players: Pair }[];
    return { t, t1: matches[0]!.players, t2: matches[1]!.players };
  }

  const penalty = (
    client: HttpClient,
    t: string,
    player: string,
    report: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) => client.post(`${t}/penalties`, { player, report, choice: { kind: 'guideline' }, ...extra });

  /** A write that must be refused with `status` and `code`, writing nothing. */
  async function refused(t: string, write: () => Promise<{ status: number; body: any }>, status: number, code: string) {
    const before = (await staff.public.get(t)).body.version;
    const answer = await write();
    expect([answer.status, answer.body.code], JSON.stringify(answer.body)).toEqual([status, code]);
    expect((await staff.public.get(t)).body.version).toBe(before);
    return answer.body as { message: string; messageJa: string; path?: string };
  }

  const outcomeAt = async (t: string, round: number, table: number) =>
    (await staff.public.get(`${t}/rounds/${round}/pairings`)).body.tables.find(
      (x: { table: number }) => x.table === table,
    ).outcome;

  it('1. a between-matches match loss after the match ended by penalty waits for the next match', async () => {
    const { t, t1 } = await paired();
    const [a, b] = t1;
    expect((await penalty(staff.judge, t, b, { infraction: 'stalling', phase: 'in-duel' })).status).toBe(201);
    const late = await penalty(staff.judge, t, a, {
      infraction: 'tardiness',
      phase: 'between-matches',
      facts: { minutesLate: 12 },
    });
    expect(late.body.penalty.landing).toEqual({ kind: 'next-match', fromRound: 2 });
    expect(await outcomeAt(t, 1, 1)).toEqual({ kind: 'win', winner: a, byPenalty: true });
  });

  it('2. a plain disqualification shows as disqualified in standings and players, with no place', async () => {
    const { t, t1, t2 } = await paired(1);
    const [a] = t1;
    const dq = await penalty(
      staff.headJudge,
      t,
      a,
      { infraction: 'random-result', phase: 'in-duel' },
      { statements: ['both admitted it'] },
    );
    expect(dq.status).toBe(201);
    await staff.scorekeeper.post(`${t}/rounds/1/tables/2/result`, { duels: [t2[0], t2[0]] });
    const standings = (await staff.public.get(`${t}/standings`)).body.standings;
    expect(standings.find((r: { player: string }) => r.player === a)).toMatchObject({
      rank: null,
      dropped: true,
      status: 'disqualified',
    });
    expect((await staff.public.get(`${t}/players`)).body.players.find((p: { id: string }) => p.id === a)).toMatchObject(
      { dropped: true, status: 'disqualified' },
    );
    await staff.scorekeeper.post(`${t}/rounds/1/end`);
    expect((await staff.organizer.post(`${t}/finish`)).status).toBe(200);
    const final = (await staff.public.get(`${t}/standings`)).body.final;
    expect(final.map((p: { place: number }) => p.place)).toEqual([1, 2, 3]);
    expect(final.map((p: { player: string }) => p.player)).not.toContain(a);
  });

  it('2. a plain disqualification keeps the prize awarded before it and receives none decided after', async () => {
    const { t, t1, t2 } = await paired(2);
    const prizes = [
      { id: 'r1', name: '参加賞', rule: { kind: 'round', round: 1, who: 'played' } },
      { id: 'r2', name: '2回戦参加賞', rule: { kind: 'round', round: 2, who: 'played' } },
    ];
    expect((await staff.organizer.request('PUT', `${t}/prizes`, { body: { prizes } })).status).toBe(200);
    await staff.scorekeeper.post(`${t}/rounds/1/tables/1/result`, { duels: [t1[0], t1[0]] });
    await staff.scorekeeper.post(`${t}/rounds/1/tables/2/result`, { duels: [t2[0], t2[0]] });
    await staff.scorekeeper.post(`${t}/rounds/1/end`);
    const before = await staff.organizer.post(`${t}/prizes/r1/award`);
    expect(before.body.events[0].data.players).toHaveLength(4);
    const round2 = (await staff.scorekeeper.post(`${t}/rounds`, { round: 2 })).body.pairing.matches as {
      players: Pair;
    }[];
    const a = round2[0]!.players[0];
    expect(
      (
        await penalty(
          staff.headJudge,
          t,
          a,
          { infraction: 'random-result', phase: 'in-duel' },
          { statements: ['both admitted it'] },
        )
      ).status,
    ).toBe(201);
    const [c] = round2[1]!.players;
    await staff.scorekeeper.post(`${t}/rounds/2/tables/2/result`, { duels: [c, c] });
    await staff.scorekeeper.post(`${t}/rounds/2/end`);
    const after = await staff.organizer.post(`${t}/prizes/r2/award`);
    expect(after.body.events[0].data.players).toHaveLength(3);
    expect(after.body.events[0].data.players).not.toContain(a);
  });

  it('3. decklist-mismatch is refused at a tournament without decklists', async () => {
    const { t, t1 } = await paired();
    const body = await refused(
      t,
      () => penalty(staff.judge, t, t1[0], { infraction: 'decklist-mismatch', phase: 'in-duel' }, { duel: 1 }),
      422,
      'infraction-not-applicable',
    );
    expect(body.message).toContain('this tournament does not require decklists');
  });

  it('4. a duel the match cannot have, or a duel number between matches, is refused', async () => {
    const { t, t1 } = await paired();
    const marked = { infraction: 'marked-cards', facts: { pattern: true } };
    expect(
      (
        await refused(
          t,
          () => penalty(staff.judge, t, t1[1], { ...marked, phase: 'in-duel' }, { duel: 5 }),
          400,
          'invalid-command',
        )
      ).message,
    ).toContain('there is no duel 5');
    expect(
      (
        await refused(
          t,
          () => penalty(staff.judge, t, t1[1], { ...marked, phase: 'between-matches' }, { duel: 1 }),
          400,
          'invalid-command',
        )
      ).path,
    ).toBe('body.duel');
  });

  it('5. a loss with no match left is refused until withoutEffect confirms it', async () => {
    const { t, t1 } = await paired(1);
    const [a] = t1;
    await staff.scorekeeper.post(`${t}/rounds/1/tables/1/result`, { duels: [a, a] });
    const body = await refused(
      t,
      () => penalty(staff.judge, t, a, { infraction: 'stalling', phase: 'between-matches' }),
      422,
      'no-match-left',
    );
    expect(body.messageJa).toContain('次のマッチが残っていません');
    const recorded = await penalty(
      staff.judge,
      t,
      a,
      { infraction: 'stalling', phase: 'between-matches' },
      { withoutEffect: true },
    );
    expect(recorded.body.penalty).toMatchObject({
      penalty: 'match-loss',
      landing: { kind: 'none' },
      noMatchLeft: true,
    });
    expect(await outcomeAt(t, 1, 1)).toEqual({ kind: 'win', winner: a, byPenalty: false });
  });

  it('5. an appeal changing a penalty to a loss with no match left is refused until withoutEffect confirms it', async () => {
    const { t, t1 } = await paired(1);
    const [a] = t1;
    await staff.scorekeeper.post(`${t}/rounds/1/tables/1/result`, { duels: [a, a] });
    expect(
      (
        await penalty(staff.judge, t, a, {
          infraction: 'tardiness',
          phase: 'between-matches',
          facts: { minutesLate: 2 },
        })
      ).status,
    ).toBe(201);
    const appeal = (extra: Record<string, unknown> = {}) =>
      staff.headJudge.post(`${t}/penalties/1/appeal`, {
        outcome: 'changed',
        penalty: 'match-loss',
        reason: 'late on purpose',
        ...extra,
      });
    const body = await refused(t, () => appeal(), 422, 'no-match-left');
    expect(body.messageJa).toContain('次のマッチが残っていません');
    expect((await appeal({ withoutEffect: true })).status).toBe(200);
    const log = (await staff.judge.get(`${t}/penalties`)).body.penalties;
    expect(log[0]).toMatchObject({
      penalty: 'match-loss',
      status: 'changed',
      noMatchLeft: true,
      landing: { kind: 'none' },
      landedOn: null,
    });
    expect(await outcomeAt(t, 1, 1)).toEqual({ kind: 'win', winner: a, byPenalty: false });
  });

  it('5. a loss waiting for a top-cut match the player misses shows in the penalty log as could not land, and why', async () => {
    const id = `rulings-cut-${++count}`;
    const created = await staff.organizer.post('/api/tournaments', {
      id,
      name: '関東地区予選',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 1, topCut: 4 },
    });
    expect(created.status).toBe(201);
    const t = `/api/tournaments/${id}`;
    for (let i = 1; i <= 6; i++)
      expect((await staff.scorekeeper.post(`${t}/players`, { id: `000000010${i}`, name: `選手${i}` })).status).toBe(
        201,
      );
    const round1 = (await staff.scorekeeper.post(`${t}/rounds`, { round: 1, seatTime: server.clock.now.toISOString() }))
      .body.pairing.matches as { table: number; players: Pair }[];
    for (const m of round1) {
      await staff.scorekeeper.post(`${t}/rounds/1/tables/${m.table}/result`, { duels: [m.players[0], m.players[0]] });
      expect(
        (await penalty(staff.judge, t, m.players[1], { infraction: 'stalling', phase: 'between-matches' })).status,
      ).toBe(201);
    }
    expect((await staff.scorekeeper.post(`${t}/rounds/1/end`, {})).status).toBe(200);
    const cutRound = await staff.scorekeeper.post(`${t}/rounds`, { round: 2 });
    const cut = new Set((cutRound.body.pairing.matches as { players: Pair }[]).flatMap((m) => m.players));
    const log = (await staff.judge.get(`${t}/penalties`)).body.penalties as {
      player: string;
      landedOn: unknown;
      couldNotLand: { reason: string; text: { ja: string; en: string } } | null;
    }[];
    expect(
      log.filter((e) => !cut.has(e.player)).map((e) => [e.landedOn, e.couldNotLand?.reason, e.couldNotLand?.text.en]),
    ).toEqual(
      [1, 2].map(() => [null, 'not-in-top-cut', 'the player did not make the top cut, so there is no next match']),
    );
    expect(log.filter((e) => cut.has(e.player)).map((e) => e.couldNotLand)).toEqual([null]);
  });

  it('6. in a match already lost a floor judge keeps the guideline on the current match; matchAlreadyLost between matches is refused', async () => {
    const { t, t1 } = await paired();
    const b = t1[1];
    const stalled = await penalty(staff.judge, t, b, {
      infraction: 'stalling',
      phase: 'in-duel',
      matchAlreadyLost: true,
    });
    expect(stalled.status).toBe(201);
    expect([stalled.body.penalty.guideline.appliesTo, stalled.body.penalty.landing]).toEqual([
      'current-match',
      { kind: 'match', round: 1, table: 1 },
    ]);
    const bad = await refused(
      t,
      () =>
        penalty(staff.judge, t, t1[0], { infraction: 'stalling', phase: 'between-matches', matchAlreadyLost: true }),
      422,
      'assess-failed',
    );
    expect(bad.message).toContain('matchAlreadyLost: true only for a report in a match');
    const assess = await staff.public.post('/api/assess', {
      infraction: 'stalling',
      phase: 'between-matches',
      matchAlreadyLost: true,
    });
    expect([assess.status, assess.body.path]).toEqual([400, 'body.matchAlreadyLost']);
  });

  it('7. a player seated 30 seconds late is on the late list at 0.5 minutes and gets the warning the clock proposed', async () => {
    const { t, t1 } = await paired();
    const a = t1[0];
    server.clock.now = new Date(server.clock.now.getTime() + 30_000);
    const clock = await staff.judge.get(`${t}/rounds/1/clock`);
    expect(clock.body.late.find((l: { player: string }) => l.player === a)).toMatchObject({
      minutesLate: 0.5,
      penalty: 'warning',
    });
    expect((await staff.judge.post(`${t}/rounds/1/tables/1/seated`, { player: a })).status).toBe(200);
    const issued = await penalty(staff.judge, t, a, { infraction: 'tardiness', phase: 'between-matches' });
    expect([issued.status, issued.body.penalty.report.facts, issued.body.penalty.penalty]).toEqual([
      201,
      { minutesLate: 0.5 },
      'warning',
    ]);
  });

  it('8. a floor judge adds a penalty where the result was affected; both are recorded with the reason', async () => {
    const { t, t1 } = await paired();
    const [a, b] = t1;
    const added = await penalty(
      staff.judge,
      t,
      b,
      { infraction: 'outside-advice', phase: 'in-duel', facts: { affectedResult: true } },
      { additional: { penalty: 'match-loss', reason: 'the advice won the game' } },
    );
    expect(added.status).toBe(201);
    expect(added.body.penalty).toMatchObject({ penaltyId: 1, penalty: 'warning' });
    expect(added.body.added).toMatchObject({
      penaltyId: 2,
      penalty: 'match-loss',
      addedTo: 1,
      reason: 'the advice won the game',
    });
    expect(await outcomeAt(t, 1, 1)).toEqual({ kind: 'win', winner: a, byPenalty: true });
    const log = (await staff.judge.get(`${t}/penalties`)).body.penalties;
    expect(log.map((p: { id: number; addedTo: number | null }) => [p.id, p.addedTo])).toEqual([
      [1, null],
      [2, 1],
    ]);
    await refused(
      t,
      () =>
        penalty(
          staff.judge,
          t,
          a,
          { infraction: 'outside-advice', phase: 'in-duel', facts: { affectedResult: false } },
          { additional: { penalty: 'duel-loss', reason: 'x' } },
        ),
      422,
      'additional-penalty-not-allowed',
    );
  });

  it('9. the reason of a repeat upgrade is kept', async () => {
    const { t, t1 } = await paired();
    const a = t1[0];
    // The same lateness twice in a round is one penalty (raised, not repeated): the repeat is shown with outside advice.
    await penalty(staff.judge, t, a, {
      infraction: 'outside-advice',
      phase: 'in-duel',
      facts: { affectedResult: false },
    });
    const up = await staff.judge.post(`${t}/penalties`, {
      player: a,
      report: { infraction: 'outside-advice', phase: 'in-duel', facts: { affectedResult: false } },
      duel: 1,
      choice: { kind: 'other', penalty: 'duel-loss', reason: 'advised twice today' },
    });
    expect(up.body.penalty).toMatchObject({
      penalty: 'duel-loss',
      repeatUpgrade: true,
      deviationReason: null,
      reason: 'advised twice today',
    });
  });

  it("10. a between-matches report may name the player's seat; a contradicting seat is refused", async () => {
    const { t, t1, t2 } = await paired();
    const ok = await penalty(
      staff.judge,
      t,
      t2[0],
      { infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate: 11 } },
      { round: 1, table: 2 },
    );
    expect(ok.status).toBe(201);
    expect(await outcomeAt(t, 1, 2)).toEqual({ kind: 'win', winner: t2[1], byPenalty: true });
    await refused(
      t,
      () =>
        penalty(
          staff.judge,
          t,
          t1[0],
          { infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate: 11 } },
          { round: 1, table: 2 },
        ),
      422,
      'player-not-in-match',
    );
  });
  it('issue 25, 1. a raised lateness is on the official record as the penalty in force, as in the penalty export', async () => {
    const { t, t1 } = await paired();
    const b = t1[1];
    const late = (minutesLate: number) =>
      penalty(staff.judge, t, b, { infraction: 'tardiness', phase: 'between-matches', facts: { minutesLate } });
    expect((await late(3)).status).toBe(201);
    expect((await late(7)).status).toBe(201);
    expect((await late(12)).status).toBe(201);
    // The record spans every tournament of the server (other cases share the player ids): this tournament's entries.
    const record = (await staff.headJudge.get(`/api/record?player=${b}`)).body.players[b].filter(
      (e: { tournamentId: string }) => `/api/tournaments/${e.tournamentId}` === t,
    );
    expect(record.map((e: { penalty: string; issuedAs: unknown }) => [e.penalty, e.issuedAs])).toEqual([
      ['match-loss', null],
    ]);
    const exported = (await staff.headJudge.get(`${t}/export?format=penalties.json`)).body.penalties;
    expect(exported.map((e: { penalty: string; recorded: boolean }) => [e.penalty, e.recorded])).toEqual([
      ['match-loss', true],
    ]);
  });

  it('issue 38, 3. tardiness needs a seat: a late entrant and a dropped player are refused with the reason, and the late list leaves them out', async () => {
    const { t, t1 } = await paired();
    const late = (player: string) =>
      penalty(staff.judge, t, player, {
        infraction: 'tardiness',
        phase: 'between-matches',
        facts: { minutesLate: 12 },
      });
    expect((await staff.scorekeeper.post(`${t}/players`, { id: '0000000005', name: '早乙女レイ' })).status).toBe(201);
    const entrant = await refused(t, () => late('0000000005'), 422, 'no-seat');
    expect(entrant.message).toBe(
      'tardiness for player 0000000005 cannot be recorded: the player has no table in round 1 (not paired in it)',
    );
    expect(entrant.messageJa).toContain('第1回戦の卓がありません');
    expect((await staff.scorekeeper.post(`${t}/players/${t1[1]}/drop`, {})).status).toBe(200);
    expect((await refused(t, () => late(t1[1]), 422, 'no-seat')).message).toContain('the player has dropped');
    const clock = (await staff.judge.get(`${t}/rounds/1/clock`)).body;
    expect(clock.late.map((l: { player: string }) => l.player)).not.toContain(t1[1]);
  });

  it('issue 38, 1. an appeal that would change a semifinal once the final is paired is refused (bracket-advanced), writing nothing', async () => {
    const id = `rulings-cut-${++count}`;
    const t = `/api/tournaments/${id}`;
    const created = await staff.organizer.post('/api/tournaments', {
      id,
      name: '決勝トーナメント',
      date: '2025-06-01',
      roundMinutes: 40,
      structure: { kind: 'swiss', rounds: 1, topCut: 4 },
    });
    expect(created.status).toBe(201);
    for (const p of PLAYERS) expect((await staff.scorekeeper.post(`${t}/players`, p)).status).toBe(201);
    const playRound = async (round: number) => {
      const paired = await staff.scorekeeper.post(`${t}/rounds`, { round });
      expect(paired.status).toBe(201);
      return paired.body.pairing.matches as { table: number; players: Pair }[];
    };
    const reportAll = async (round: number, matches: { table: number; players: Pair }[]) => {
      for (const m of matches) {
        const winner = m.players[0];
        const reported = await staff.scorekeeper.post(`${t}/rounds/${round}/tables/${m.table}/result`, {
          duels: [winner, winner],
        });
        expect(reported.status).toBe(200);
      }
      expect((await staff.scorekeeper.post(`${t}/rounds/${round}/end`)).status).toBeLessThan(300);
    };
    await reportAll(1, await playRound(1));
    const semis = await playRound(2);
    const winner = semis[0]!.players[0];
    const warned = await penalty(
      staff.judge,
      t,
      winner,
      {
        infraction: 'outside-advice',
        phase: 'in-duel',
        facts: { affectedResult: false },
      },
      { round: 2, table: 1 },
    );
    expect(warned.status).toBe(201);
    await reportAll(2, semis);
    await playRound(3);
    const appeal = (body: Record<string, unknown>) =>
      staff.headJudge.post(`${t}/penalties/${warned.body.penalty.penaltyId}/appeal`, { reason: '上訴', ...body });
    const body = await refused(t, () => appeal({ outcome: 'changed', penalty: 'match-loss' }), 422, 'bracket-advanced');
    expect(body.message).toContain('neither a result correction nor an appeal can change who advanced');
    expect((await appeal({ outcome: 'denied' })).status).toBeLessThan(300);
  });
});
