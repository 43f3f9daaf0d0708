import { describe, expect, it } from 'vitest';
import { json, ok, refused, shinpan, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('penalties');

/** A tournament of two players in round 1, and who sits where. */
async function oneMatch(name: string): Promise<{ db: string; a: string; b: string }> {
  const db = await tournamentWith(dir, name, 2);
  const [a, b] = (await json('round', 'pair', '--db', db, '--seat-time', '2011-06-01T10:00:00+09:00')).pairings[0]
    .players;
  return { db, a, b };
}

describe('shinpan penalty issue', () => {
  it('prints the guideline decision and where the penalty landed (tardiness, 6 minutes, a duel loss)', async () => {
    const { db, a, b } = await oneMatch('tardy');
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
      '--judge',
      '木村',
      '--at',
      '2011-06-01T10:06:00+09:00',
    );
    expect(issued).toEqual({
      penaltyId: 1,
      player: a,
      infraction: 'tardiness',
      decision: {
        infraction: 'tardiness',
        penalty: 'duel-loss',
        recorded: true,
        appliesTo: 'next-duel',
        appliesToOptions: ['next-duel'],
        repeat: null,
        additionalPenaltyAllowed: false,
        remedy: null,
        section: '5',
      },
      penalty: 'duel-loss',
      repeatUpgrade: false,
      deviationReason: null,
      reason: null,
      recorded: true,
      landing: { kind: 'next-match', fromRound: 1 },
      landedOn: { round: 1, table: 1, duel: 1 },
      noMatchLeft: false,
      dropped: false,
      replaced: null,
    });
    // The duel decided by penalty is kept; --duels gives the remaining ones.
    const match = await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${a},${b}`);
    expect(match.outcome).toEqual({ kind: 'win', winner: b, byPenalty: true });
    expect(match.duels).toEqual([
      { duel: 1, winner: b, byPenalty: [1] },
      { duel: 2, winner: a, byPenalty: [] },
      { duel: 3, winner: b, byPenalty: [] },
    ]);
    const record = await json('record', '--db', db, '--player', a);
    expect(record).toEqual([
      {
        tournamentId: 'tardy',
        tournamentName: '大会 tardy',
        date: '2011-06-01',
        penaltyId: 1,
        round: 1,
        table: null,
        infraction: 'tardiness',
        penalty: 'duel-loss',
        issuedAs: null,
        judge: { id: '木村', role: 'head-judge' },
        at: '2011-06-01T10:06:00+09:00',
        deviationReason: null,
        appealReason: null,
        appealDeniedReason: null,
      },
    ]);
  });

  it('reads the decision back to the judge in Japanese, with the repeat it offers', async () => {
    const { db, a } = await oneMatch('repeat');
    await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      a,
      '--infraction',
      'outside-advice',
      '--fact',
      'affectedResult=false',
      '--phase',
      'in-duel',
    );
    const text = await ok(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      a,
      '--infraction',
      'outside-advice',
      '--fact',
      'affectedResult=no',
      '--phase',
      'in-duel',
      '--lang',
      'ja',
    );
    expect(text).toBe(
      [
        `罰則 #2: 選手${a.slice(1).replace(/^0/, '')} (${a}) に警告 — 第三者からの助言`,
        '  指針: 警告 (§10)',
        '  繰り返し: この違反は2回目です。デュエルの敗北に上げることができます (--penalty duel-loss)',
        '  対戦結果への影響はありません',
        '  公式記録に残ります',
        '',
      ].join('\n'),
    );
    const raised = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      a,
      '--infraction',
      'outside-advice',
      '--fact',
      'affectedResult=false',
      '--phase',
      'in-duel',
      '--penalty',
      'match-loss',
      '--reason',
      'third time',
    );
    expect(raised.deviationReason).toBe('third time');
    const upgrade = raised.decision.repeat;
    expect(upgrade).toEqual({ count: 3, upgradeTo: 'duel-loss' });
  });

  it('a stalling match loss decides the match; no result is then reported', async () => {
    const { db, a, b } = await oneMatch('stall');
    const issued = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      a,
      '--infraction',
      'stalling',
      '--phase',
      'in-duel',
    );
    expect([issued.penalty, issued.landing, issued.landedOn]).toEqual([
      'match-loss',
      { kind: 'match', round: 1, table: 1 },
      { round: 1, table: 1, duel: null },
    ]);
    expect((await json('pairings', '--db', db)).tables[0].outcome).toEqual({ kind: 'win', winner: b, byPenalty: true });
    expect(await refused(db, 'result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', b)).toBe(
      'shinpan: the match at table 1 of round 1 already has its result (use a result correction) [match-already-decided]\n',
    );
    expect((await json('round', 'pair', '--db', db)).round).toBe(2);
  });

  it('refuses bad input with exit 2 and writes nothing', async () => {
    const { db, a } = await oneMatch('bad');
    const issue = (...args: string[]) => refused(db, 'penalty', 'issue', '--db', db, '--player', a, ...args);
    expect(await issue('--infraction', 'tardiness', '--phase', 'in-duel', '--fact', 'minutesLate')).toBe(
      'shinpan: --fact: expected name=value, got "minutesLate"\n',
    );
    expect(await issue('--infraction', 'tardiness', '--phase', 'in-duel', '--fact', 'minutesLate=six')).toBe(
      'shinpan: --fact minutesLate: expected a number or true/false, got "six"\n',
    );
    expect(
      await issue(
        '--infraction',
        'tardiness',
        '--phase',
        'in-duel',
        '--fact',
        'minutesLate=3',
        '--fact',
        'minutesLate=4',
      ),
    ).toBe('shinpan: --fact: minutesLate is given twice\n');
    expect(await issue('--infraction', 'tardiness', '--phase', 'lunch')).toBe(
      'shinpan: --phase: expected one of in-duel, between-duels, between-matches, got "lunch" [invalid-request]\n',
    );
    expect(await issue('--infraction', 'tardiness', '--phase', 'in-duel')).toMatch(
      /^shinpan: the infraction report is wrong: facts\.minutesLate: missing .*\[assess-failed\]\n$/,
    );
    expect(await issue('--infraction', 'napping', '--phase', 'in-duel')).toMatch(
      /^shinpan: the infraction report is wrong: infraction: .*napping.*\[assess-failed\]\n$/,
    );
    expect(await issue('--infraction', 'stalling', '--phase', 'in-duel', '--penalty', 'warning')).toBe(
      'shinpan: a penalty other than the guideline needs a written reason [deviation-reason-required]\n',
    );
    expect(await issue('--infraction', 'stalling', '--phase', 'in-duel', '--reason', 'because')).toBe(
      'shinpan: --reason goes with --penalty (a penalty other than the guideline, or the repeat upgrade)\n',
    );
    expect(
      await issue(
        '--infraction',
        'stalling',
        '--phase',
        'in-duel',
        '--penalty',
        'warning',
        '--reason',
        'x',
        '--as',
        'judge',
      ),
    ).toBe('shinpan: this needs the role head-judge (you are judge) [role-required]\n');
    expect(await issue('--infraction', 'bribery', '--phase', 'in-duel')).toBe(
      'shinpan: a disqualification needs written statements [statements-required]\n',
    );
    expect(await issue('--infraction', 'stalling', '--phase', 'in-duel', '--as', 'scorekeeper')).toBe(
      'shinpan: this needs the role judge, head-judge (you are scorekeeper) [role-required]\n',
    );
    expect(
      await refused(
        db,
        'penalty',
        'issue',
        '--db',
        db,
        '--player',
        'P77',
        '--infraction',
        'stalling',
        '--phase',
        'in-duel',
      ),
    ).toBe('shinpan: player P77 is not registered in this tournament [player-not-found]\n');
    expect(
      await issue(
        '--infraction',
        'extra-draw',
        '--fact',
        'identifiable=false',
        '--fact',
        'decisive=false',
        '--phase',
        'in-duel',
      ),
    ).toBe('shinpan: a duel loss in the current match needs the duel number it lands on [duel-number-required]\n');
  });
});

describe('a disqualification and an appeal', () => {
  it('a DQ with loss of prizes drops the player and withdraws the rank; an appeal changes it', async () => {
    const db = await tournamentWith(dir, 'dq', 4);
    const r1 = (await json('round', 'pair', '--db', db)).pairings;
    const [z, opponent] = r1[0].players;
    const dq = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      z,
      '--infraction',
      'bribery',
      '--phase',
      'in-duel',
      '--statement',
      'opponent: offered money for a concession',
      '--statement',
      'player admitted it',
    );
    expect([dq.penalty, dq.landedOn, dq.dropped]).toEqual([
      'disqualification-forfeit-prizes',
      { round: 1, table: 1, duel: null },
      true,
    ]);
    const [c, d] = r1[1].players;
    await json('result', 'report', '--db', db, '--round', '1', '--table', '2', '--duels', `${c},${c}`);
    const standings = await json('standings', '--db', db);
    expect(standings.at(-1)).toEqual({
      rank: null,
      player: z,
      points: 0,
      opponentsWinPct: 1,
      opponentsOpponentsWinPct: 0.3333,
      dropped: true,
      status: 'disqualified-forfeit-prizes',
    });
    expect(standings.slice(0, 3).map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3]);
    expect(
      (await json('round', 'pair', '--db', db)).pairings.flatMap((p: { players: string[] }) => p.players).sort(),
    ).toEqual([opponent, c, d].sort());

    const changed = await json(
      'penalty',
      'appeal',
      '--db',
      db,
      '--id',
      '1',
      '--outcome',
      'changed',
      '--penalty',
      'disqualification',
      '--reason',
      'the offer was a joke, but a DQ stands',
    );
    expect(changed).toMatchObject({
      penaltyId: 1,
      player: z,
      outcome: 'changed',
      from: 'disqualification-forfeit-prizes',
      to: 'disqualification',
      recorded: true,
      dropped: true,
    });
    const after = await json('standings', '--db', db);
    // Rule 1-E: a plain disqualification also leaves the tournament without a place; only the status changes.
    expect(after.find((r: { player: string }) => r.player === z)).toMatchObject({
      rank: null,
      dropped: true,
      status: 'disqualified',
    });
    const record = await json('record', '--db', db, '--player', z);
    expect(
      record.map((e: { penalty: string; issuedAs: string; appealReason: string }) => [
        e.penalty,
        e.issuedAs,
        e.appealReason,
      ]),
    ).toEqual([['disqualification', 'disqualification-forfeit-prizes', 'the offer was a joke, but a DQ stands']]);
  });

  it('rescinding a duel loss on appeal gives the duel back and takes it off the record', async () => {
    const { db, a, b } = await oneMatch('rescind');
    await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      a,
      '--infraction',
      'marked-cards',
      '--fact',
      'pattern=true',
      '--phase',
      'between-duels',
      '--duel',
      '2',
    );
    await json('result', 'report', '--db', db, '--round', '1', '--table', '1', '--duels', `${a},${b}`);
    expect((await json('pairings', '--db', db)).tables[0].outcome).toEqual({ kind: 'win', winner: b, byPenalty: true });
    const text = await ok(
      'penalty',
      'appeal',
      '--db',
      db,
      '--id',
      '1',
      '--outcome',
      'rescinded',
      '--reason',
      'the sleeves were a factory fault',
    );
    expect(text).toBe(
      [
        `Penalty #1 (選手${a.slice(2)}, Duel loss) is rescinded`,
        '  Reason: the sleeves were a factory fault',
        '  Undone: the loss by this penalty is gone from round 1, table 1, duel 2',
        '  These matches need their result again: round 1, table 1',
        '',
      ].join('\n'),
    );
    expect((await json('pairings', '--db', db)).tables[0]).toMatchObject({
      outcome: { kind: 'pending' },
      needsResultAgain: true,
    });
    expect(await json('record', '--db', db, '--player', a)).toEqual([]);
    await json(
      'result',
      'correct',
      '--db',
      db,
      '--round',
      '1',
      '--table',
      '1',
      '--duels',
      `${a},${b},${a}`,
      '--reason',
      're-entered after the appeal',
    );
    expect((await json('pairings', '--db', db)).tables[0].outcome).toEqual({
      kind: 'win',
      winner: a,
      byPenalty: false,
    });
    const log = await json('penalty', 'log', '--db', db);
    expect(
      log.map((e: { id: number; status: string; recorded: boolean; landedOn: unknown }) => [
        e.id,
        e.status,
        e.recorded,
        e.landedOn,
      ]),
    ).toEqual([[1, 'rescinded', false, null]]);
  });

  it('records an appeal as denied: the penalty stands, in force, with the reason in the log', async () => {
    const { db, a } = await oneMatch('appeal-denied');
    await json('penalty', 'issue', '--db', db, '--player', a, '--infraction', 'stalling', '--phase', 'in-duel');
    const denied = await json(
      'penalty',
      'appeal',
      '--db',
      db,
      '--id',
      '1',
      '--outcome',
      'denied',
      '--reason',
      '映像で確認',
    );
    expect(denied).toMatchObject({ penaltyId: 1, outcome: 'denied', from: 'match-loss', to: 'match-loss' });
    const log = await json('penalty', 'log', '--db', db);
    expect(log.map((e: { status: string; penalty: string }) => [e.status, e.penalty])).toEqual([
      ['in-force', 'match-loss'],
    ]);
  });

  it('refuses appeals that are not decisions', async () => {
    const { db, a } = await oneMatch('appeal-bad');
    await json('penalty', 'issue', '--db', db, '--player', a, '--infraction', 'stalling', '--phase', 'in-duel');
    expect(
      await refused(db, 'penalty', 'appeal', '--db', db, '--id', '9', '--outcome', 'rescinded', '--reason', 'x'),
    ).toBe('shinpan: there is no penalty 9 [penalty-not-found]\n');
    expect(
      await refused(db, 'penalty', 'appeal', '--db', db, '--id', '1', '--outcome', 'changed', '--reason', 'x'),
    ).toBe('shinpan: --outcome changed needs --penalty (the new penalty)\n');
    expect(
      await refused(db, 'penalty', 'appeal', '--db', db, '--id', '1', '--outcome', 'upheld', '--reason', 'x'),
    ).toBe('shinpan: --outcome: expected one of rescinded, changed, denied, got "upheld" [invalid-request]\n');
    expect(
      await refused(
        db,
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
        '--as',
        'judge',
      ),
    ).toBe('shinpan: this needs the role head-judge (you are judge) [role-required]\n');
    const run = await shinpan('penalty', 'appeal', '--db', db, '--id', '1', '--outcome', 'rescinded');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("required option '--reason <text>' not specified");
  });
});

describe('shinpan penalty log and record', () => {
  it('lists every penalty with notes; the record holds recorded ones only', async () => {
    const { db, a, b } = await oneMatch('log');
    await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      a,
      '--infraction',
      'misplay',
      '--fact',
      'significantDecisionSince=false',
      '--phase',
      'in-duel',
    );
    await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      b,
      '--infraction',
      'slow-play',
      '--fact',
      'affectedResult=false',
      '--phase',
      'in-duel',
      '--penalty',
      'warning',
      '--reason',
      'told twice already',
    );
    const text = await ok('penalty', 'log', '--db', db);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^# +Rd +Player +Infraction +Found +Penalty +Landed on +Notes$/);
    expect(lines[2]).toMatch(new RegExp(`^1 +1 +選手\\d \\(${a}\\) +Misplay +in a duel +Caution +not recorded$`));
    expect(lines[3]).toMatch(
      new RegExp(`^2 +1 +選手\\d \\(${b}\\) +Slow play +in a duel +Warning +guideline Caution: told twice already$`),
    );
    expect((await json('penalty', 'log', '--db', db, '--player', b)).map((e: { id: number }) => e.id)).toEqual([2]);
    expect(await json('record', '--db', db, '--player', a)).toEqual([]);
    expect(
      (await json('record', '--db', db, '--player', b)).map((e: { penalty: string; deviationReason: string }) => [
        e.penalty,
        e.deviationReason,
      ]),
    ).toEqual([['warning', 'told twice already']]);
    expect(await ok('record', '--db', db, '--player', a, '--lang', 'ja')).toMatch(
      /^選手\d \(P0\d\) の公式記録: 0 件\n$/,
    );
    expect(await refused(db, 'record', '--db', db, '--player', 'P55')).toMatch(
      /^shinpan: --player: no tournament in .*log\.db has a player P55\n$/,
    );
  });
});
