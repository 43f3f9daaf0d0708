import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_CHARS } from '../../src/core/tournament/limits.js';
import { json, ok, refused, shinpan, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('held');
type Pairing = { table: number | null; players: string[]; bye?: true };

describe('shinpan round pair --hold, round swap, round publish', () => {
  it('pairs a round held, swaps two players, refuses play on it, then publishes it and starts its clock', async () => {
    const db = await tournamentWith(dir, 'held', 5);
    const paired = await json('round', 'pair', '--hold', '--db', db, '--at', '2011-06-01T10:00:00+09:00');
    expect(paired.held).toBe(true);
    const [t1, t2] = paired.pairings as Pairing[];
    const [a, b] = t1!.players as [string, string];
    const c = t2!.players[0]!;

    // Nobody plays it: a result is refused, in the reader's language, writing nothing.
    const result = await refused(
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
      `${a},${a}`,
      '--lang',
      'ja',
    );
    expect(result).toMatch(/保留中/);
    expect(result).toContain('[round-held]');

    expect(await refused(db, 'round', 'swap', '--players', `${a},${b}`, '--db', db, '--lang', 'en')).toMatch(
      /same table/,
    );
    expect(await refused(db, 'round', 'swap', '--players', a, '--db', db, '--lang', 'en')).toMatch(
      /--players: give the two player ids/,
    );
    expect(await json('round', 'swap', '--players', `${a},${c}`, '--db', db)).toEqual({ round: 1, swapped: [a, c] });
    const board = await json('pairings', '--db', db);
    expect(board.tables[0].players.map((p: { id: string }) => p.id)).toEqual([c, b]);

    const published = await json('round', 'publish', '--round', '1', '--db', db, '--at', '2011-06-01T10:05:00+09:00');
    expect(published).toEqual({ round: 1, published: true, started: true, seatTime: '2011-06-01T10:05:00+09:00' });
    const again = await refused(db, 'round', 'publish', '--round', '1', '--db', db, '--lang', 'en');
    expect(again).toMatch(/round 1 is not held \(the players can already see it\) \[round-not-held\]/);
    expect(await refused(db, 'round', 'publish', '--round', '1', '--db', db, '--lang', 'ja')).toMatch(
      /保留されていません/,
    );
  });

  it('says in text that the round is held and how to publish it', async () => {
    const db = await tournamentWith(dir, 'held-text', 4, ['--time-zone', 'Asia/Tokyo']);
    const out = await ok('round', 'pair', '--hold', '--db', db, '--lang', 'en');
    expect(out).toContain('Round 1 is held: players, the wall display and public pages see nothing of it');
    expect(out).toContain('shinpan round publish --round 1');
    expect(await ok('round', 'publish', '--db', db, '--lang', 'ja', '--at', '2011-06-01T10:05:00+09:00')).toBe(
      '第1回戦を発表しました（着席 2011-06-01 10:05:00 +09:00）\n',
    );
    // Paired without --hold: publishing is refused.
    const plain = await tournamentWith(dir, 'plain', 4);
    await json('round', 'pair', '--db', plain);
    expect(await refused(plain, 'round', 'publish', '--db', plain, '--lang', 'en')).toMatch(/\[round-not-held\]/);
  });
});

describe('shinpan round publish after the seat time', () => {
  it('starts the clock at the publish, says so, and round late does not count the held time', async () => {
    const db = await tournamentWith(dir, 'late-publish', 4, ['--time-zone', 'Asia/Tokyo']);
    const seat = '2011-06-01T10:00:00+09:00';
    await json('round', 'pair', '--hold', '--seat-time', seat, '--db', db, '--at', '2011-06-01T09:50:00+09:00');
    expect(
      await refused(db, 'round', 'publish', '--seat-time', seat, '--db', db, '--at', '2011-06-01T10:20:00+09:00'),
    ).toContain('nobody can be seated before the pairings are public [invalid-command]');
    expect(await ok('round', 'publish', '--db', db, '--lang', 'en', '--at', '2011-06-01T10:20:00+09:00')).toBe(
      `Round 1 is published (seat time 2011-06-01 10:20:00 +09:00: the seat time named at pairing, 2011-06-01 10:00:00 +09:00, passed before the publish, so lateness counts from the publish)\n`,
    );
    expect((await json('pairings', '--db', db)).seatTime).toBe('2011-06-01T10:20:00+09:00');
    const late = await json('round', 'late', '--db', db, '--at', '2011-06-01T10:21:00+09:00');
    expect(late.seatTime).toBe('2011-06-01T10:20:00+09:00');
    expect(late.late.map((l: { minutesLate: number; penalty: string }) => [l.minutesLate, l.penalty])).toEqual(
      late.late.map(() => [1, 'warning']),
    );
  });
});

describe('shinpan announce', () => {
  it('posts to everyone in the --lang language or both, and to one table of the round players see', async () => {
    const db = await tournamentWith(dir, 'notices', 4);
    const everyone = await json(
      'announce',
      '--text',
      '14時から第2回戦',
      '--text-en',
      'Round 2 at 14:00',
      '--lang',
      'ja',
      '--db',
      db,
      '--judge',
      'hj',
    );
    expect(everyone.announcement).toMatchObject({
      id: 1,
      text: { ja: '14時から第2回戦', en: 'Round 2 at 14:00' },
      round: null,
      table: null,
    });
    const en = await json('announce', '--text', 'Lunch break', '--lang', 'en', '--db', db);
    expect(en.announcement.text).toEqual({ en: 'Lunch break' });
    // A table needs a round the players see: none yet, then a held one does not count.
    expect(await refused(db, 'announce', '--text', 'x', '--table', '1', '--db', db, '--lang', 'en')).toMatch(
      /table: no round has been published to the players yet/,
    );
    await json('round', 'pair', '--hold', '--db', db);
    expect(await refused(db, 'announce', '--text', 'x', '--table', '1', '--db', db, '--lang', 'en')).toMatch(
      /no round has been published/,
    );
    await json('round', 'publish', '--db', db);
    expect(
      await ok('announce', '--text-ja', '1卓へジャッジが向かいます', '--table', '1', '--db', db, '--lang', 'ja'),
    ).toBe('アナウンス #3 を掲示しました（第1回戦 1 卓）\n');
    expect(await refused(db, 'announce', '--text', 'x', '--table', '9', '--db', db, '--lang', 'en')).toMatch(
      /round 1 has no table 9/,
    );
  });

  it('refuses a missing, blank, doubled or too long text, naming the option, and writes nothing', async () => {
    const db = await tournamentWith(dir, 'bad-notices', 2);
    expect(await refused(db, 'announce', '--db', db, '--lang', 'en')).toMatch(
      /--text \(in the --lang language\), --text-ja or --text-en/,
    );
    expect(await refused(db, 'announce', '--text', '  ', '--db', db, '--lang', 'en')).toMatch(
      /--text: must not be empty/,
    );
    expect(await refused(db, 'announce', '--text', 'a', '--text-en', 'b', '--db', db, '--lang', 'en')).toMatch(
      /--text and --text-en/,
    );
    const long = await refused(
      db,
      'announce',
      '--text-ja',
      '字'.repeat(ANNOUNCEMENT_CHARS + 1),
      '--db',
      db,
      '--lang',
      'ja',
    );
    expect(long).toContain(`--text-ja: ${ANNOUNCEMENT_CHARS} 文字までです（${ANNOUNCEMENT_CHARS + 1} 文字あります）`);
    expect((await shinpan('announce', '--text', 'x', '--table', '0', '--db', db, '--lang', 'en')).code).toBe(2);
  });
});
