import { describe, expect, it } from 'vitest';
import { json, ok, tempFolder, tournamentWith } from './support.js';

/*
 * The shop event walk from a terminal (issue 39): a duplicate entry dropped before round 1
 * shows as dropped in `entry list`, is not counted in `tournament list`, and a Card Game ID in
 * full-width digits is taken as the same digits.
 */
const dir = tempFolder('shop-walk');
const at = (time: string) => ['--at', `2011-06-01T${time}+09:00`];

describe('a shop event at the desk', () => {
  it('lists a dropped entry as dropped and counts only the players who can play', async () => {
    const db = await tournamentWith(dir, 'walk', 0);
    await ok('entry', 'open', '--db', db, '--cap', '8', '--until', '2011-06-01T12:00:00+09:00', ...at('09:30:00'));
    const add = (name: string, reading: string, id: string) =>
      json('entry', 'add', '--db', db, '--name', name, '--reading', reading, '--card-game-id', id, ...at('10:00:00'));
    await add('佐藤 健太', 'サトウ ケンタ', '0123456701');
    await add('鈴木 翔', 'スズキ ショウ', '０１２３４５６７０２');
    const duplicate = await add('佐藤 健太', 'サトウ ケンタ', '0123456701');
    await ok('player', 'drop', '--db', db, '--player', duplicate.player, ...at('10:05:00'));
    const listed = await ok('entry', 'list', '--db', db, '--lang', 'ja');
    expect(listed).toMatch(new RegExp(`${duplicate.player}.*ドロップ`));
    const entries = await json('entry', 'list', '--db', db);
    expect(entries.entries.map((e: { cardGameId: string; status: string }) => [e.cardGameId, e.status])).toEqual([
      ['0123456701', 'registered'],
      ['0123456702', 'registered'],
      ['0123456701', 'dropped'],
    ]);
    const [summary] = await json('tournament', 'list', '--db', db);
    expect(summary.players).toBe(2);
  });
});
