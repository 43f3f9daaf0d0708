import { describe, expect, it } from 'vitest';
import { json, ok, refused, shinpan, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('entry');
const decks = new URL('../../catalogue/decks/', import.meta.url).pathname;
const UNTIL = '2011-06-01T12:00:00+09:00';
const at = (time: string) => ['--at', `2011-06-01T${time}+09:00`];

describe('shinpan entry open|close|add|list', () => {
  it('opens entry with a cap, takes entries at the desk, puts the rest on the waiting list and lists duplicates', async () => {
    const db = await tournamentWith(dir, 'open', 0);
    await refused(db, 'entry', 'open', '--db', db, '--cap', '0', '--until', UNTIL);
    await refused(db, 'entry', 'open', '--db', db, '--cap', '2', '--until', 'noon');
    await refused(db, 'entry', 'open', '--db', db, '--cap', '2', '--until', UNTIL, '--waiting-list', '--lottery');
    expect(
      await ok(
        'entry',
        'open',
        '--db',
        db,
        '--cap',
        '2',
        '--until',
        UNTIL,
        '--waiting-list',
        '--lang',
        'en',
        ...at('09:30:00'),
      ),
    ).toBe(`Entry is open: 2 players until ${UNTIL}, first come, then a waiting list\n`);
    const add = (name: string, reading: string, ...extra: string[]) =>
      json('entry', 'add', '--db', db, '--name', name, '--reading', reading, ...extra, ...at('10:00:00'));
    expect(await add('佐藤 健太', 'サトウ ケンタ', '--card-game-id', '0123456789')).toEqual({
      player: 'E0001',
      status: 'registered',
      place: null,
      duplicateOf: [],
    });
    await add('Emily Clark', 'エミリー クラーク');
    expect(await add('Kenta Sato', 'サトウ ケンタ', '--card-game-id', '0123456789')).toMatchObject({
      status: 'waiting',
      place: 1,
      duplicateOf: ['E0001'],
    });
    expect(
      await refused(
        db,
        'entry',
        'add',
        '--db',
        db,
        '--name',
        'x',
        '--reading',
        'エックス',
        '--card-game-id',
        '12',
        '--lang',
        'en',
        ...at('10:00:00'),
      ),
    ).toMatch(/cardGameId: a KONAMI Card Game ID is 10 digits .*\[invalid-command\]/);
    const list = await ok('entry', 'list', '--db', db, '--lang', 'ja');
    expect(list).toContain('キャンセル待ち #1');
    expect(list).toContain('0123456789');
    expect(
      await refused(
        db,
        'entry',
        'add',
        '--db',
        db,
        '--name',
        'x',
        '--reading',
        'エックス',
        '--lang',
        'en',
        ...at('12:00:00'),
      ),
    ).toMatch(/entry closed at .*\[entry-closed\]/);
  });

  it('draws a lottery at closing with the seed committed when entry opened; a typed seed is refused', async () => {
    const db = await tournamentWith(dir, 'lottery-1', 0);
    await ok('entry', 'open', '--db', db, '--cap', '2', '--until', UNTIL, '--lottery', ...at('09:30:00'));
    const entrants: [string, string][] = [
      ['A', 'エー'],
      ['B', 'ビー'],
      ['C', 'シー'],
      ['D', 'ディー'],
    ];
    for (const [n, r] of entrants)
      expect((await json('entry', 'add', '--db', db, '--name', n, '--reading', r, ...at('10:00:00'))).status).toBe(
        'applied',
      );
    const typed = await shinpan('entry', 'close', '--db', db, '--seed', '2011', '--lang', 'en', ...at('12:00:00'));
    expect(typed.code).not.toBe(0);
    expect(typed.stderr).toContain('the lottery seed was fixed when entry opened');
    const drawn = await json('entry', 'close', '--db', db, ...at('12:00:00'));
    expect(drawn.lottery.drawn).toHaveLength(2);
  });
});

describe('shinpan decklist deadline|receipt|publish', () => {
  it("records the deadline, prints a player's receipt, and fixes the publication before entry opens", async () => {
    const db = await tournamentWith(dir, 'receipt', 2);
    expect(await ok('decklist', 'publish', '--db', db, '--top', '8', '--lang', 'en')).toBe(
      'The decklists of the top 8 are published once the tournament has finished\n',
    );
    await refused(db, 'decklist', 'publish', '--db', db, '--top', '8', '--all');
    await refused(db, 'decklist', 'publish', '--db', db, '--top', '0');
    expect(await json('decklist', 'deadline', '--db', db, '--until', '2011-06-01T09:45:00+09:00')).toEqual({
      deadline: '2011-06-01T09:45:00+09:00',
    });
    await refused(db, 'decklist', 'deadline', '--db', db, '--until', 'tomorrow');
    expect(await refused(db, 'decklist', 'receipt', '--db', db, '--player', 'P01', '--lang', 'en')).toBe(
      'shinpan: P01 has not submitted a decklist\n',
    );
    await refused(db, 'decklist', 'receipt', '--db', db, '--player', 'P99');
    await ok('decklist', 'submit', `${decks}blackwing.txt`, '--db', db, '--player', 'P01');
    const first = await json('decklist', 'receipt', '--db', db, '--player', 'P01');
    expect(first.receipt.hash).toMatch(/^[0-9A-F]{8}$/);
    // Another list gets another receipt; the history keeps both.
    await ok('decklist', 'submit', `${decks}quickdraw-synchro.ydk`, '--db', db, '--player', 'P01');
    const second = await json('decklist', 'receipt', '--db', db, '--player', 'P01');
    expect(second.receipt.hash).not.toBe(first.receipt.hash);
    expect(second.submissions.map((s: { hash: string }) => s.hash)).toEqual([first.receipt.hash, second.receipt.hash]);
    const text = await shinpan('decklist', 'receipt', '--db', db, '--player', 'P01', '--lang', 'ja');
    expect(text.stdout).toContain(`選手1 (P01) のデッキリスト受付: ${second.receipt.hash}`);
    expect(text.stdout).toContain('それ以前の提出: 1 件');
    await ok('entry', 'open', '--db', db, '--cap', '10', '--until', UNTIL, ...at('09:30:00'));
    expect(await refused(db, 'decklist', 'publish', '--db', db, '--all', '--lang', 'en')).toMatch(
      /\[publication-fixed\]/,
    );
  });
});
