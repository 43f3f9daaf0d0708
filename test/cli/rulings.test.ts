import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../policy/support.js';
import { json, ok, refused, tempFolder } from './support.js';

/*
 * Issue #10 through the CLI: the same answers as the core (test/tournament/rulings.test.ts)
 * and the HTTP API (test/http/rulings.test.ts), one case per point, on real SQLite files.
 */

const dir = tempFolder('rulings');

interface Table {
  readonly table: number;
  readonly players: [string, string];
}

/** Four players paired in round 1 of a tournament of `rounds` Swiss rounds. */
async function paired(
  name: string,
  rounds = 3,
  extra: string[] = [],
  players = 4,
): Promise<{ db: string; t1: Table; t2: Table; bye: string | null }> {
  const db = join(dir, `${name}.db`);
  await json(
    'tournament',
    'create',
    '--db',
    db,
    '--id',
    name,
    '--name',
    `大会 ${name}`,
    '--date',
    '2011-06-01',
    '--rounds',
    String(rounds),
    '--at',
    '2011-06-01T09:00:00+09:00',
    ...extra,
  );
  for (let i = 1; i <= players; i++) await json('player', 'add', '--db', db, '--id', `P0${i}`, '--name', `選手${i}`);
  const pairings: (Table & { bye?: true })[] = (
    await json('round', 'pair', '--db', db, '--seat-time', '2011-06-01T10:00:00+09:00')
  ).pairings;
  const bye = pairings.find((p) => p.bye)?.players[0] ?? null;
  return { db, t1: pairings[0] as Table, t2: pairings[1] as Table, bye };
}

const issue = (db: string, player: string, infraction: string, phase: string, ...rest: string[]) => [
  'penalty',
  'issue',
  '--db',
  db,
  '--player',
  player,
  '--infraction',
  infraction,
  '--phase',
  phase,
  ...rest,
];

describe('issue #10 through the CLI', () => {
  it('1. a between-matches match loss after the match ended by penalty waits for the next match; the ended match keeps its result', async () => {
    const { db, t1 } = await paired('one');
    const [a, b] = t1.players;
    await json(...issue(db, b, 'stalling', 'in-duel'));
    const late = await json(...issue(db, a, 'tardiness', 'between-matches', '--fact', 'minutesLate=12'));
    expect([late.landing, late.landedOn]).toEqual([{ kind: 'next-match', fromRound: 2 }, null]);
    expect((await json('pairings', '--db', db)).tables[0].outcome).toEqual({ kind: 'win', winner: a, byPenalty: true });
  });

  it('2. a plain disqualification shows as disqualified, with no place', async () => {
    const { db, t1, t2 } = await paired('two', 1);
    const [a, b] = t1.players;
    await json(...issue(db, a, 'random-result', 'in-duel', '--statement', 'both admitted it'));
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
      `${t2.players[0]},${t2.players[0]}`,
    );
    const standings = await json('standings', '--db', db);
    expect(standings.find((r: { player: string }) => r.player === a)).toMatchObject({
      rank: null,
      dropped: true,
      status: 'disqualified',
    });
    expect((await json('player', 'list', '--db', db)).find((p: { id: string }) => p.id === a)).toMatchObject({
      status: 'disqualified',
    });
    expect(await ok('standings', '--db', db, '--lang', 'ja')).toMatch(new RegExp(`${a} .*失格`));
    await json('round', 'end', '--db', db, '--round', '1');
    await json('tournament', 'finish', '--db', db);
    const places = await json('standings', '--db', db, '--final');
    expect(places.map((p: { player: string }) => p.player)).not.toContain(a);
    expect(places.map((p: { place: number }) => p.place)).toEqual([1, 2, 3]);
    expect(places[0].player === b || places[0].player === t2.players[0]).toBe(true);
    const csv = await ok('export', 'standings', '--db', db, '--format', 'csv');
    // The last column is the Card Game ID given at public entry: empty for a player registered at the desk.
    expect(csv.split('\r\n').find((l) => l.includes(a))).toMatch(/^,,.*,disqualified,$/);
  });

  it('3. decklist-mismatch is refused at a tournament without decklists, nothing written', async () => {
    const { db, t1 } = await paired('three');
    expect(await refused(db, ...issue(db, t1.players[0], 'decklist-mismatch', 'in-duel', '--duel', '1'))).toContain(
      'this tournament does not require decklists',
    );
  });

  it('4. a duel the match cannot have, or a duel number between matches, is refused, nothing written', async () => {
    const { db, t1 } = await paired('four');
    const b = t1.players[1];
    expect(
      await refused(db, ...issue(db, b, 'marked-cards', 'in-duel', '--fact', 'pattern=true', '--duel', '5')),
    ).toContain('there is no duel 5');
    expect(
      await refused(db, ...issue(db, b, 'marked-cards', 'between-matches', '--fact', 'pattern=true', '--duel', '1')),
    ).toContain('a duel number goes only with a duel loss');
  });

  it('5. a loss with no match left is refused until the judge confirms it; then it is recorded without effect', async () => {
    const { db, t1 } = await paired('five', 1);
    const [a] = t1.players;
    await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${a},${a}`);
    expect(await refused(db, ...issue(db, a, 'stalling', 'between-matches'))).toContain('has no match left');
    const recorded = await json(...issue(db, a, 'stalling', 'between-matches', '--without-effect'));
    expect([recorded.penalty, recorded.noMatchLeft, recorded.landedOn]).toEqual(['match-loss', true, null]);
    expect(await ok('penalty', 'log', '--db', db)).toContain('no match left (no result effect)');
    expect((await json('pairings', '--db', db)).tables[0].outcome).toEqual({
      kind: 'win',
      winner: a,
      byPenalty: false,
    });
  });

  it('5. an appeal changing a penalty to a loss with no match left says so, and records it without effect only with --without-effect', async () => {
    const { db, t1 } = await paired('five-appeal', 1);
    const [a] = t1.players;
    await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${a},${a}`);
    await json(...issue(db, a, 'tardiness', 'between-matches', '--fact', 'minutesLate=2'));
    const appeal = [
      'penalty',
      'appeal',
      '--db',
      db,
      '--id',
      '1',
      '--outcome',
      'changed',
      '--penalty',
      'match-loss',
      '--reason',
      'late on purpose',
    ];
    expect(await refused(db, ...appeal)).toContain('has no match left');
    const changed = await json(...appeal, '--without-effect');
    expect([changed.to, changed.noMatchLeft, changed.landedOn]).toEqual(['match-loss', true, null]);
    expect(await ok('penalty', 'log', '--db', db)).toContain('no match left (no result effect)');
    expect((await json('pairings', '--db', db)).tables[0].outcome).toEqual({
      kind: 'win',
      winner: a,
      byPenalty: false,
    });
  });

  it('5. a loss waiting for a top-cut match the player misses shows in the penalty log as could not land, and why', async () => {
    const db = join(dir, 'five-cut.db');
    await json(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'five-cut',
      '--name',
      '大会 five-cut',
      '--date',
      '2011-06-01',
      '--rounds',
      '1',
      '--top',
      '4',
      '--at',
      '2011-06-01T09:00:00+09:00',
    );
    for (let i = 1; i <= 6; i++) await json('player', 'add', '--db', db, '--id', `P0${i}`, '--name', `選手${i}`);
    const round1: Table[] = (
      await json('round', 'pair', '--db', db, '--seat-time', '2011-06-01T10:00:00+09:00')
    ).pairings.filter((x: Table) => x.table !== null);
    for (const m of round1) {
      await json(
        'result',
        'report',
        '--db',
        db,
        '--round',
        '1',
        '--table',
        String(m.table),
        '--duels',
        `${m.players[0]},${m.players[0]}`,
      );
      await json(...issue(db, m.players[1], 'stalling', 'between-matches'));
    }
    await json('round', 'end', '--db', db, '--round', '1');
    // The pairing of the cut says at once which waiting losses it leaves without a match.
    const pairedText = await ok('round', 'pair', '--db', db, '--lang', 'en');
    expect(pairedText.match(/could not land: the player did not make the top cut/g)).toHaveLength(2);
    const cut = new Set(
      ((await json('pairings', '--db', db)).tables as { players: { id: string }[] }[]).flatMap((m) =>
        m.players.map((p) => p.id),
      ),
    );
    const log: { player: string; landedOn: unknown; couldNotLand: { reason: string } | null }[] = await json(
      'penalty',
      'log',
      '--db',
      db,
      '--json',
    );
    expect(log.filter((e) => !cut.has(e.player)).map((e) => [e.landedOn, e.couldNotLand?.reason])).toEqual([
      [null, 'not-in-top-cut'],
      [null, 'not-in-top-cut'],
    ]);
    expect(log.filter((e) => cut.has(e.player)).map((e) => e.couldNotLand)).toEqual([null]);
    expect(await ok('penalty', 'log', '--db', db, '--lang', 'en')).toContain(
      'could not land: the player did not make the top cut, so there is no next match',
    );
    expect(await ok('penalty', 'log', '--db', db, '--lang', 'ja')).toContain(
      '適用できず: 選手が決勝トーナメントに進出しなかったため、次のマッチがありません',
    );
  });

  it('6. in a match already lost the guideline stays the current match; matchAlreadyLost between matches is refused by assess', async () => {
    const { db, t1 } = await paired('six');
    const b = t1.players[1];
    for (const duel of ['1', '2'])
      await json(...issue(db, b, 'marked-cards', 'in-duel', '--fact', 'pattern=true', '--duel', duel));
    const stalled = await json(...issue(db, b, 'stalling', 'in-duel'));
    expect([stalled.decision.appliesTo, stalled.decision.appliesToOptions, stalled.landedOn]).toEqual([
      'current-match',
      ['current-match', 'next-match'],
      { round: 1, table: 1, duel: null },
    ]);
    const run = await runCli(['assess'], '{"infraction":"stalling","phase":"between-matches","matchAlreadyLost":true}');
    expect([run.code, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toContain('matchAlreadyLost: true only for a report in a match');
  });

  it('7. half a minute late is tardiness: a warning, in assess and in the tournament', async () => {
    const { db, t1 } = await paired('seven');
    const d = await json(...issue(db, t1.players[0], 'tardiness', 'between-matches', '--fact', 'minutesLate=0.5'));
    expect(d.penalty).toBe('warning');
    const run = await runCli(
      ['assess'],
      '{"infraction":"tardiness","facts":{"minutesLate":0.5},"phase":"between-matches"}',
    );
    expect(JSON.parse(run.stdout).penalty).toBe('warning');
  });

  it('8. a judge adds a penalty where the result was affected; both are recorded with the reason', async () => {
    const { db, t1 } = await paired('eight');
    const [a, b] = t1.players;
    const d = await json(
      ...issue(
        db,
        b,
        'outside-advice',
        'in-duel',
        '--fact',
        'affectedResult=true',
        '--add-penalty',
        'match-loss',
        '--add-reason',
        'the advice won the game',
      ),
    );
    expect([d.penaltyId, d.penalty, d.added.penaltyId, d.added.penalty, d.added.reason, d.added.landedOn]).toEqual([
      1,
      'warning',
      2,
      'match-loss',
      'the advice won the game',
      { round: 1, table: 1, duel: null },
    ]);
    expect((await json('pairings', '--db', db)).tables[0].outcome).toEqual({ kind: 'win', winner: a, byPenalty: true });
    expect(
      await refused(
        db,
        ...issue(
          db,
          a,
          'outside-advice',
          'in-duel',
          '--fact',
          'affectedResult=false',
          '--add-penalty',
          'duel-loss',
          '--add-reason',
          'x',
        ),
      ),
    ).toContain('only where the rules allow one');
  });

  it('9. the reason of a repeat upgrade is kept; assess reads a report with a byte-order mark', async () => {
    const { db, t1 } = await paired('nine');
    const a = t1.players[0];
    // The same lateness twice in a round is one penalty (raised, not repeated): the repeat is shown with outside advice.
    await json(...issue(db, a, 'outside-advice', 'in-duel', '--fact', 'affectedResult=false'));
    const up = await json(
      ...issue(
        db,
        a,
        'outside-advice',
        'in-duel',
        '--fact',
        'affectedResult=false',
        '--duel',
        '1',
        '--penalty',
        'duel-loss',
        '--reason',
        'advised twice today',
      ),
    );
    expect([up.repeatUpgrade, up.reason, up.deviationReason]).toEqual([true, 'advised twice today', null]);
    const run = await runCli(['assess'], '\uFEFF{"infraction":"stalling","phase":"in-duel"}');
    expect([run.code, JSON.parse(run.stdout).penalty]).toEqual([0, 'match-loss']);
  });

  it("10. a between-matches report may name the player's seat; a seat that contradicts the pairing is refused", async () => {
    const { db, t1, t2 } = await paired('ten');
    const c = t2.players[0];
    const d = await json(
      ...issue(db, c, 'tardiness', 'between-matches', '--fact', 'minutesLate=11', '--round', '1', '--table', '2'),
    );
    expect(d.landedOn).toEqual({ round: 1, table: 2, duel: null });
    expect(
      await refused(
        db,
        ...issue(
          db,
          t1.players[0],
          'tardiness',
          'between-matches',
          '--fact',
          'minutesLate=11',
          '--round',
          '1',
          '--table',
          '2',
        ),
      ),
    ).toContain('does not play at table 2 of round 1');
  });
});

describe('issue #25 through the CLI', () => {
  it('1. the official record shows the penalty a lateness was raised to (3 → 7 → 12 minutes)', async () => {
    const { db, t1 } = await paired('raised-record');
    const b = t1.players[1];
    const late = (minutes: number) => issue(db, b, 'tardiness', 'between-matches', '--fact', `minutesLate=${minutes}`);
    await json(...late(3));
    expect((await json('record', '--db', db, '--player', b)).map((e: { penalty: string }) => e.penalty)).toEqual([
      'warning',
    ]);
    await json(...late(7));
    expect((await json('record', '--db', db, '--player', b)).map((e: { penalty: string }) => e.penalty)).toEqual([
      'duel-loss',
    ]);
    await json(...late(12));
    const record = await json('record', '--db', db, '--player', b);
    expect(record.map((e: { penalty: string; issuedAs: unknown }) => [e.penalty, e.issuedAs])).toEqual([
      ['match-loss', null],
    ]);
    expect(await ok('record', '--db', db, '--player', b, '--lang', 'en')).toContain('Match loss');
  });
});

describe('issue #25 through the CLI, points 2 to 6', () => {
  it('2. a lateness in round 2 is not the round-1 lateness whose duel loss waited for round 2: a new penalty, a repeat offered', async () => {
    const { db, t1, t2 } = await paired('late-twice');
    const [a, b] = t1.players;
    await json(...issue(db, b, 'stalling', 'in-duel'));
    const first = await json(...issue(db, a, 'tardiness', 'between-matches', '--fact', 'minutesLate=6'));
    expect(first.landing).toEqual({ kind: 'next-match', fromRound: 2 });
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
      `${t2.players[0]},${t2.players[0]}`,
    );
    await json('round', 'end', '--db', db, '--round', '1');
    await json('round', 'pair', '--db', db, '--seat-time', '2011-06-01T11:00:00+09:00');
    const again = await json(...issue(db, a, 'tardiness', 'between-matches', '--fact', 'minutesLate=12'));
    expect([again.penaltyId, again.penalty, again.replaced, again.decision.repeat]).toEqual([
      3,
      'match-loss',
      null,
      { count: 2, upgradeTo: 'disqualification' },
    ]);
    const log = await json('penalty', 'log', '--db', db, '--player', a);
    expect(log.map((e: { id: number; penalty: string }) => [e.id, e.penalty])).toEqual([
      [2, 'duel-loss'],
      [3, 'match-loss'],
    ]);
  });

  it('3. a player disqualified between matches loses the paired next match; a report crediting them is refused', async () => {
    const { db, t1, t2 } = await paired('dq-between');
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
      `${t1.players[0]},${t1.players[0]}`,
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
      `${t2.players[0]},${t2.players[0]}`,
    );
    await json('round', 'end', '--db', db, '--round', '1');
    const round2: Table[] = (await json('round', 'pair', '--db', db, '--seat-time', '2011-06-01T11:00:00+09:00'))
      .pairings;
    const [x, y] = (round2[0] as Table).players;
    const dq = await json(...issue(db, x, 'random-result', 'between-matches', '--statement', 'admitted it'));
    expect(dq.landedOn).toEqual({ round: 2, table: 1, duel: null });
    expect(
      await refused(db, 'result', 'report', '--db', db, '--round', '2', '--table', '1', '--duels', `${x},${x}`),
    ).toContain('already has its result');
    expect((await json('pairings', '--db', db)).tables[0].outcome).toEqual({ kind: 'win', winner: y, byPenalty: true });
  });

  it('4. a player with a bye cannot be late: refused with the reason', async () => {
    const { db, bye } = await paired('bye-late', 3, [], 5);
    expect(
      await refused(db, ...issue(db, bye as string, 'tardiness', 'between-matches', '--fact', 'minutesLate=6')),
    ).toContain('has a bye in round 1: there is no seat and no seat time to be late for');
  });

  it('5. between duels, duel 1 is not the next duel', async () => {
    const { db, t1 } = await paired('next-duel');
    const between = (duel: string) =>
      issue(db, t1.players[0], 'marked-cards', 'between-duels', '--fact', 'pattern=true', '--duel', duel);
    expect(await refused(db, ...between('1'))).toContain('the next duel is duel 2 or later, not duel 1');
    expect((await json(...between('2'))).landedOn).toEqual({ round: 1, table: 1, duel: 2 });
  });

  it('6. --match-already-lost; what a rescission or change undid; no match loss where the player was disqualified; an unneeded --without-effect is said', async () => {
    const { db, t1, t2 } = await paired('smaller');
    const [a, b] = t1.players;
    // The match is already lost (the judge says so): a match loss may go to the next match.
    const moved = await json(
      ...issue(db, a, 'stalling', 'in-duel', '--match-already-lost', '--applies-to', 'next-match'),
    );
    expect(moved.landing).toEqual({ kind: 'next-match', fromRound: 2 });
    const undone = await ok(
      'penalty',
      'appeal',
      '--db',
      db,
      '--id',
      '1',
      '--outcome',
      'rescinded',
      '--reason',
      'x',
      '--lang',
      'en',
    );
    expect(undone).toContain("Undone: the loss by this penalty is gone from the player's next match from round 2");
    const loss = await json(...issue(db, b, 'stalling', 'in-duel'));
    expect(loss.landedOn).toEqual({ round: 1, table: 1, duel: null });
    const changed = await ok(
      'penalty',
      'appeal',
      '--db',
      db,
      '--id',
      '2',
      '--outcome',
      'changed',
      '--penalty',
      'warning',
      '--reason',
      'y',
      '--lang',
      'en',
    );
    expect(changed).toContain('Before the appeal: round 1, table 1, match');
    expect(changed).toContain('No effect on a result');
    const back = await ok(
      'penalty',
      'appeal',
      '--db',
      db,
      '--id',
      '2',
      '--outcome',
      'changed',
      '--penalty',
      'match-loss',
      '--reason',
      'z',
      '--without-effect',
      '--lang',
      'en',
    );
    expect(back).toContain('Lands on: round 1, table 1, match');
    expect(back).toContain('--without-effect was not needed');
    const [c] = t2.players;
    await json(...issue(db, c, 'random-result', 'in-duel', '--statement', 'admitted it'));
    expect(await refused(db, ...issue(db, c, 'stalling', 'in-duel'))).toContain('already has its result');
    const unneeded = await ok(...issue(db, b, 'stalling', 'between-matches', '--without-effect', '--lang', 'en'));
    expect(unneeded).toContain('--without-effect was not needed: a match is left, so the penalty lands on it');
  });
});

describe('issue #24 point 11 through the CLI', () => {
  it('a raised lateness is read back as an issued penalty, saying which penalty it replaced (text and JSON)', async () => {
    const { db, t1 } = await paired('raised-readback');
    const b = t1.players[1];
    const late = (minutes: number) => issue(db, b, 'tardiness', 'between-matches', '--fact', `minutesLate=${minutes}`);
    await json(...late(3));
    const raised = await json(...late(7));
    expect(raised).toMatchObject({
      penaltyId: 1,
      player: b,
      penalty: 'duel-loss',
      replaced: { penaltyId: 1, penalty: 'warning' },
      landedOn: { round: 1, table: 1, duel: 1 },
    });
    const text = await ok(...late(12), '--lang', 'en');
    expect(text).toContain('Penalty #1: raised to Match loss');
    expect(text).toContain('Replaces penalty #1 (Duel loss) for the same lateness');
    expect(text).toContain('Lands on: round 1, table 1, match');
  });
});

describe('issue #38 through the CLI: tardiness needs a seat', () => {
  it('refuses a late entrant, a player in a held round and a dropped player, each with the reason, writing nothing', async () => {
    const { db, t1 } = await paired('no-seat');
    await json('player', 'add', '--db', db, '--id', 'P05', '--name', '選手5');
    const late = (player: string, ...lang: string[]) =>
      refused(db, ...issue(db, player, 'tardiness', 'between-matches', '--fact', 'minutesLate=12', ...lang));
    expect(await late('P05')).toBe(
      'shinpan: tardiness for player P05 cannot be recorded: the player has no table in round 1 (not paired in it) [no-seat]\n',
    );
    expect(await late('P05', '--lang', 'ja')).toContain('第1回戦の卓がありません');
    await json('player', 'drop', '--db', db, '--player', t1.players[1]);
    expect(await late(t1.players[1])).toContain('the player has dropped from the tournament [no-seat]');
    for (const table of [1, 2])
      await json('result', 'report', '--db', db, '--round', '1', '--table', String(table), '--duels', 'draw');
    await json('round', 'pair', '--db', db, '--hold');
    expect(await late(t1.players[0])).toContain('round 2 is held: its pairings are not public');
  });
});
