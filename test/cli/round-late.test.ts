import { describe, expect, it } from 'vitest';
import { json, ok, refused, tempFolder, tournamentWith } from './support.js';

/*
 * `shinpan round late`: the round clock's late list at the desk, the same projection the
 * server gives the judges (issue #17: the late list was built in the HTTP adapter only).
 */

const dir = tempFolder('round-late');

type Late = {
  player: string;
  table: number;
  minutesLate: number;
  penalty: string;
  issued: { penaltyId: number; penalty: string } | null;
  confirmable: boolean;
};

async function paired(name: string): Promise<string> {
  const db = await tournamentWith(dir, name, 4);
  await json(
    'round',
    'pair',
    '--db',
    db,
    '--seat-time',
    '2011-06-01T10:00:00+09:00',
    '--at',
    '2011-06-01T09:50:00+09:00',
  );
  return db;
}

describe('shinpan round late', () => {
  it('lists every player not seated with the guideline for the delay at --at, in JSON', async () => {
    const db = await paired('json');
    const before = await json('round', 'late', '--db', db, '--at', '2011-06-01T09:59:00+09:00');
    expect(before.late).toEqual([]);
    const six = await json('round', 'late', '--db', db, '--at', '2011-06-01T10:06:30+09:00');
    expect(six).toMatchObject({ round: 1, seatTime: '2011-06-01T10:00:00+09:00', at: '2011-06-01T01:06:30.000Z' });
    expect(six.late.map((l: Late) => [l.minutesLate, l.penalty, l.issued])).toEqual(
      Array(4).fill([6.5, 'duel-loss', null]),
    );
  });

  it('shows what was issued for a lateness and whether the proposal now raises it', async () => {
    const db = await paired('issued');
    const [first] = (await json('round', 'late', '--db', db, '--at', '2011-06-01T10:02:00+09:00')).late as Late[];
    await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      first!.player,
      '--infraction',
      'tardiness',
      '--phase',
      'between-matches',
      '--fact',
      'minutesLate=2',
      '--at',
      '2011-06-01T10:02:00+09:00',
    );
    const later = (await json('round', 'late', '--db', db, '--at', '2011-06-01T10:07:00+09:00')).late as Late[];
    expect(later.find((l) => l.player === first!.player)).toMatchObject({
      penalty: 'duel-loss',
      issued: { penaltyId: 1, penalty: 'warning' },
      confirmable: true,
    });
  });

  it('prints the list in Japanese and in English, with the command that issues a proposal', async () => {
    const db = await paired('text');
    const ja = await ok('round', 'late', '--db', db, '--at', '2011-06-01T10:11:00+09:00', '--lang', 'ja');
    expect(ja).toContain('第1回戦 遅刻者 4名');
    expect(ja).toContain('11分');
    expect(ja).toContain('マッチの敗北');
    expect(ja).toContain('--infraction tardiness --phase between-matches --fact minutesLate=11');
    const en = await ok('round', 'late', '--db', db, '--at', '2011-06-01T10:11:00+09:00', '--lang', 'en');
    expect(en).toContain('Round 1: 4 not seated');
    expect(en).toContain('11 min');
    expect(en).toMatch(/Match loss/i);
  });

  it('refuses a round not paired and a time it cannot read, writing nothing', async () => {
    const db = await paired('bad');
    expect(await refused(db, 'round', 'late', '--db', db, '--round', '2', '--lang', 'en')).toContain(
      '--round: round 2 has not been paired',
    );
    expect(await refused(db, 'round', 'late', '--db', db, '--at', 'ten past', '--lang', 'en')).toContain('--at');
  });
});
