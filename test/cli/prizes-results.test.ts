import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/app/csv.js';
import { json, ok, refused, tempFolder } from './support.js';

/*
 * The demo event (16 players, a top 4, 1003 disqualified with loss of prizes for bribery in
 * round 3, 1016 dropped after playing): prizes recorded and awarded from the CLI, and the
 * results report a sanctioned shop event sends, as CSV.
 */

const dir = tempFolder('prizes-results');
const db = join(dir, 'demo.db');

beforeAll(async () => {
  await ok('demo', '--db', db);
});

describe('shinpan prize', () => {
  it('adds prizes per final place and per round, awards them, and names who cannot receive one and why', async () => {
    expect(await ok('prize', 'list', '--db', db, '--lang', 'en')).toContain('No prizes yet');
    expect(
      await ok('prize', 'add', '--db', db, '--id', 'winner', '--name', 'プロモカード', '--place', '1', '--lang', 'en'),
    ).toBe('Added prize winner (1 in all)\n');
    await ok('prize', 'add', '--db', db, '--id', 'top4', '--name', 'スリーブ', '--places', '1-4');
    await ok('prize', 'add', '--db', db, '--id', 'thanks', '--name', '参加賞', '--round', '1', '--played');
    expect(await refused(db, 'prize', 'add', '--db', db, '--id', 'x', '--name', 'x', '--lang', 'en')).toContain(
      'exactly one of --place, --places and --round',
    );
    expect(
      await refused(db, 'prize', 'add', '--db', db, '--id', 'x', '--name', 'x', '--round', '2', '--lang', 'en'),
    ).toContain('--won and --played');
    expect(await refused(db, 'prize', 'remove', '--db', db, '--id', 'nope', '--lang', 'en')).toContain(
      'the list has: winner, top4, thanks',
    );
    const placed = (await json('standings', '--db', db, '--final')) as { place: number; player: string }[];
    const winner = await json('prize', 'award', '--db', db, '--id', 'winner');
    expect(winner.awarded.map((a: { player: string }) => a.player)).toEqual([placed[0]?.player]);
    const thanks = await json('prize', 'award', '--db', db, '--id', 'thanks');
    const receivers = thanks.awarded.map((a: { player: string }) => a.player);
    // Everyone who played round 1 but the player disqualified with loss of prizes.
    expect(receivers).toHaveLength(15);
    expect(receivers).not.toContain('1003');
    expect(receivers).toContain('1016');
    const listed = await ok('prize', 'list', '--db', db, '--lang', 'en');
    expect(listed).toMatch(/1003\): disqualified with loss of prizes, so no prize/);
    expect(listed).toContain('Prizes by player:');
    const view = await json('prize', 'list', '--db', db);
    expect(view.excluded).toEqual([
      { player: '1003', name: expect.any(String), status: 'disqualified-forfeit-prizes' },
    ]);
    expect(view.prizes.find((p: { id: string }) => p.id === 'top4').awarded).toBeNull();
    // The list is fixed once a prize is awarded.
    expect(await refused(db, 'prize', 'remove', '--db', db, '--id', 'top4', '--lang', 'en')).toContain(
      '[prize-already-awarded]',
    );
  });
});

describe('shinpan export results', () => {
  it('writes the results report: the event, participants by the rule, the top 8, penalties counted and listed', async () => {
    const csv = await ok('export', 'results', '--db', db, '--format', 'csv', '--lang', 'ja');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const parsed = parseCsv(csv);
    if (!parsed.ok) throw new Error('not CSV');
    const [header, ...rows] = parsed.value.map((r) => r.fields);
    expect(header).toEqual(['区分', '項目', '順位', '回戦', 'プレイヤーID', 'KONAMI ID', '氏名', '値']);
    const value = (item: string) => rows.find((r) => r[0] === '大会' && r[1] === item)?.[7];
    expect(value('参加者数')).toBe('16');
    expect(value('状態')).toBe('終了');
    expect(value('スイスドロー回戦数')).toBe('4');
    expect(value('決勝トーナメント回戦数')).toBe('2');
    const top = rows.filter((r) => r[0] === '上位入賞');
    expect(top.map((r) => r[2])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(top.map((r) => r[4])).not.toContain('1003');
    const counts = new Map(rows.filter((r) => r[0] === '罰則件数').map((r) => [r[1], Number(r[7])]));
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(6);
    expect(counts.get('注意')).toBe(1);
    const penalties = rows.filter((r) => r[0] === '罰則');
    expect(penalties).toHaveLength(6);
    const bribery = penalties.find((r) => r[4] === '1003');
    expect([bribery?.[3], bribery?.[7]]).toEqual(['3', '受賞資格を失う失格']);
    const report = await json('export', 'results', '--db', db);
    expect(report).toMatchObject({ participants: 16, tournament: { id: 'demo', finished: true } });
  });
});
