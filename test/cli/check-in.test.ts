import { describe, expect, it } from 'vitest';
import { json, ok, refused, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('check-in');

describe('shinpan player check-in, check-ins, drop-no-shows', () => {
  it('checks players in, lists who has not, names how many a drop takes before dropping them each', async () => {
    const db = await tournamentWith(dir, 'checkin', 4);
    expect(await ok('player', 'check-in', '--db', db, '--player', 'P01', '--lang', 'en')).toBe(
      '選手1 (P01) checked in; 3 not checked in\n',
    );
    expect(await json('player', 'check-in', '--db', db, '--player', 'P02')).toEqual({
      player: 'P02',
      checkedIn: true,
      notCheckedIn: 2,
    });
    expect(await refused(db, 'player', 'check-in', '--db', db, '--player', 'P01', '--lang', 'en')).toBe(
      'shinpan: player P01 has already checked in [already-checked-in]\n',
    );
    const list = await json('player', 'check-ins', '--db', db);
    expect(list.notCheckedIn).toBe(2);
    expect(list.players.map((p: { id: string; checkedIn: string | null }) => [p.id, p.checkedIn !== null])).toEqual([
      ['P01', true],
      ['P02', true],
      ['P03', false],
      ['P04', false],
    ]);
    // Without --count nothing is written and the message names how many would go.
    expect(await refused(db, 'player', 'drop-no-shows', '--db', db, '--lang', 'en')).toBe(
      'shinpan: this drops the 2 players who have not checked in (P03, P04); run again with --count 2 to confirm\n',
    );
    expect(await refused(db, 'player', 'drop-no-shows', '--db', db, '--count', '3', '--lang', 'en')).toMatch(
      /2 players have not checked in, not 3.*\[no-show-count-changed\]/,
    );
    expect(await json('player', 'drop-no-shows', '--db', db, '--count', '2')).toEqual({ dropped: ['P03', 'P04'] });
    const players = await json('player', 'list', '--db', db);
    expect(players.map((p: { dropped: boolean }) => p.dropped)).toEqual([false, false, true, true]);
  });

  it('sets whether players report results, refusing a bad time or both switches', async () => {
    const db = await tournamentWith(dir, 'reports', 2);
    expect(await ok('tournament', 'player-reports', '--db', db, '--on', '--confirm-minutes', '5', '--lang', 'ja')).toBe(
      '選手による結果報告を受け付けます。相手が 5 分以内に確認しない報告はジャッジに回ります\n',
    );
    expect(await json('tournament', 'player-reports', '--db', db, '--off')).toEqual({
      enabled: false,
      confirmMinutes: 5,
    });
    await refused(db, 'tournament', 'player-reports', '--db', db, '--on', '--off');
    await refused(db, 'tournament', 'player-reports', '--db', db, '--on', '--confirm-minutes', '0');
  });

  it('sets whether players see why they were paired (off by default), refusing both switches', async () => {
    const db = await tournamentWith(dir, 'reasons', 2);
    expect(await ok('tournament', 'player-pairing-reasons', '--db', db, '--on', '--lang', 'en')).toBe(
      "Each player's page shows why their own table (or bye) was paired so\n",
    );
    expect(await json('tournament', 'player-pairing-reasons', '--db', db, '--off')).toEqual({ shown: false });
    expect(await refused(db, 'tournament', 'player-pairing-reasons', '--db', db, '--on', '--off', '--lang', 'en')).toBe(
      'shinpan: give exactly one of --on and --off\n',
    );
  });
});
