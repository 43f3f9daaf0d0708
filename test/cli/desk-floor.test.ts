import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDb } from '../../src/adapters/cli/db-options.js';
import { json, ok, refused, shinpan, tempFolder, tournamentWith } from './support.js';

/*
 * The floor from a terminal (issue 39): seat marks, so `round late` lists only who is missing;
 * a table's extension outside a judge call; the judges' queue of players' reports; the round's
 * papers; and times in the tournament's zone wherever the desk's machine runs. Real commands
 * on a real SQLite file.
 */
const dir = tempFolder('floor');
const at = (time: string) => ['--at', `2011-06-01T${time}+09:00`];
const TOKYO = ['--time-zone', 'Asia/Tokyo'];

interface Paired {
  readonly pairings: readonly { readonly table: number | null; readonly players: readonly string[] }[];
}

async function roundOne(name: string, players = 4, extra: string[] = TOKYO) {
  const db = await tournamentWith(dir, name, players, extra);
  const paired = await json<Paired>(
    'round',
    'pair',
    '--db',
    db,
    '--seat-time',
    '2011-06-01T10:00:00+09:00',
    ...at('09:55:00'),
  );
  const tables = paired.pairings.filter((p) => p.table !== null).map((p) => [...p.players]);
  return { db, tables };
}

describe('seat marks from the desk', () => {
  it('the roll call seats everyone but the missing, the late list keeps only them, and only the late arrival is in the tardiness table', async () => {
    const { db, tables } = await roundOne('seats');
    const second = (tables as [string[], string[]])[1];
    const missing = second[1]!;
    expect((await json('round', 'late', '--db', db, ...at('10:03:00'))).late).toHaveLength(4);

    const called = await json('round', 'seat', '--db', db, '--all', '--except', missing, ...at('10:00:12'));
    expect(called).toEqual({ round: 1, seated: 3, missing: [missing] });
    const late = await json('round', 'late', '--db', db, ...at('10:03:00'));
    expect(late.late.map((l: { player: string }) => l.player)).toEqual([missing]);

    expect(await ok('round', 'seat', '--db', db, '--table', '2', '--player', missing, ...at('10:06:00'))).toContain(
      `Round 1, seated: 選手`,
    );
    expect((await json('round', 'late', '--db', db, ...at('10:07:00'))).late).toEqual([]);
    // Before the fix the roll call twelve seconds after the seat time made three players "0.2 min" late.
    const tardiness = await json('export', 'tardiness', '--db', db);
    expect(tardiness.map((e: { player: string; minutesLate: number }) => [e.player, e.minutesLate])).toEqual([
      [missing, 6],
    ]);
    const csv = await ok('export', 'tardiness', '--db', db, '--format', 'csv', '--lang', 'ja');
    expect(csv).toContain('2011-06-01 10:06:00 +09:00');
  });

  it('seats both players of a table as they arrive, and refuses what does not fit with nothing written', async () => {
    const { db, tables } = await roundOne('seat-table');
    const [first] = tables as [string[]];
    const seated = await json('round', 'seat', '--db', db, '--table', '1', ...at('10:01:00'));
    expect(seated).toEqual({ round: 1, table: 1, seated: first });
    expect(await refused(db, 'round', 'seat', '--db', db, '--table', '1')).toContain('already seated');
    expect(await refused(db, 'round', 'seat', '--db', db, '--table', '9')).toContain(
      '--table: round 1 has no table 9 (tables 1-2)',
    );
    expect(await refused(db, 'round', 'seat', '--db', db)).toContain('give --table N');
    expect(await refused(db, 'round', 'seat', '--db', db, '--table', '2', '--all')).toContain('give --table N');
    expect(await refused(db, 'round', 'seat', '--db', db, '--table', '2', '--except', 'P01')).toContain(
      '--except goes with --all',
    );
    expect(await refused(db, 'round', 'seat', '--db', db, '--table', '2', '--player', first[0]!)).toContain(
      'not-in-match',
    );
    expect(await refused(db, 'round', 'seat', '--db', db, '--all', '--except', 'nobody')).toContain('nobody');
  });

  it('refuses a seat mark before any round is paired', async () => {
    const db = await tournamentWith(dir, 'no-round', 2);
    expect(await refused(db, 'round', 'seat', '--db', db, '--all', '--lang', 'ja')).toContain(
      'まだ組み合わせが発表された回戦がありません',
    );
  });
});

describe('a time extension outside a judge call', () => {
  it('adds minutes to a table, kept with the reason, and refuses minutes out of range', async () => {
    const { db } = await roundOne('extend');
    const first = await json('round', 'extend', '--db', db, '--table', '2', '--minutes', '3', '--reason', 'deck check');
    expect(first).toEqual({ round: 1, table: 2, minutes: 3, reason: 'deck check', total: 3 });
    expect(await ok('round', 'extend', '--db', db, '--table', '2', '--minutes', '2', '--lang', 'ja')).toBe(
      '第1回戦 卓2: 2分延長しました（この卓の延長 合計5分）\n',
    );
    const board = await json('pairings', '--db', db);
    expect(board.tables.find((t: { table: number }) => t.table === 2).extensionMinutes).toBe(5);
    expect(await refused(db, 'round', 'extend', '--db', db, '--table', '2', '--minutes', '61')).toContain(
      '--minutes: expected a whole number from 1 to 60',
    );
    expect(await refused(db, 'round', 'extend', '--db', db, '--table', '2', '--minutes', '0')).toContain('--minutes');
    expect(
      await refused(db, 'round', 'extend', '--db', db, '--table', '2', '--minutes', '3', '--reason', ' '),
    ).toContain('--reason');
    expect(await refused(db, 'round', 'extend', '--db', db, '--table', '7', '--minutes', '3')).toContain('no table 7');
  });
});

describe("the judges' queue of players' reports", () => {
  it("lists a disputed match with both reports and settles it with one player's report", async () => {
    const { db, tables } = await roundOne('queue');
    await ok('tournament', 'player-reports', '--db', db, '--on', ...at('09:56:00'));
    const [a, b] = (tables as [string[]])[0] as [string, string];
    // Each player reports themself the winner from their page: the two reports disagree.
    await withDb({ db }, async ({ service }) => {
      for (const [player, time] of [
        [a, '10:30:00'],
        [b, '10:31:00'],
      ] as const) {
        const done = await service.execute('queue', {
          type: 'PlayerReportResult',
          data: { round: 1, table: 1, player, duels: [player, player] },
          meta: { at: `2011-06-01T${time}+09:00`, actor: { id: player, role: 'player' } },
        });
        expect(done.ok).toBe(true);
      }
    });
    const queue = await json('result', 'queue', '--db', db, ...at('10:32:00'));
    expect(queue.queue.map((q: { table: number; reason: string }) => [q.table, q.reason])).toEqual([[1, 'disputed']]);
    const text = await ok('result', 'queue', '--db', db, '--lang', 'ja', ...at('10:32:00'));
    expect(text).toContain('食い違い');
    expect(text).toContain('2011-06-01 10:31:00 +09:00');
    expect(text).toContain('result resolve');

    expect(
      await refused(db, 'result', 'resolve', '--db', db, '--round', '1', '--table', '1', '--accept', 'P99'),
    ).toContain('--accept: P99 does not play round 1, table 1');
    expect(await refused(db, 'result', 'resolve', '--db', db, '--round', '1', '--table', '2', '--accept', a)).toContain(
      'does not play',
    );
    const resolved = await json('result', 'resolve', '--db', db, '--round', '1', '--table', '1', '--accept', b);
    expect(resolved).toEqual({ round: 1, table: 1, accepted: b, duels: [b, b] });
    expect((await json('result', 'queue', '--db', db, ...at('10:33:00'))).queue).toEqual([]);
    expect(await ok('result', 'queue', '--db', db)).toBe("No match waits for the judges' ruling\n");
    const board = await json('pairings', '--db', db);
    expect(board.tables[0].outcome).toMatchObject({ kind: 'win', winner: b });
  });
});

describe("the round's papers", () => {
  it('prints the pairings by table and by name, and the slips, as text and as HTML in ja and en', async () => {
    const { db } = await roundOne('prints', 5);
    const text = await ok('print', 'pairings', '--db', db, '--lang', 'ja');
    expect(text.split('\n')[0]).toBe('大会 prints — 第1回戦 組み合わせ');
    expect(text).toContain('着席時刻 2011-06-01 10:00');
    expect(text).toContain('名前順');
    expect(text).toContain('不戦勝');
    // Every player once in the by-name list, in 五十音/number order.
    const byName = text.slice(text.indexOf('名前順'));
    const order = byName.split('\n').flatMap((line) => /^選手(\d)/.exec(line)?.[1] ?? []);
    expect(order).toEqual(['1', '2', '3', '4', '5']);

    const slips = await ok('print', 'slips', '--db', db, '--lang', 'en');
    expect(slips.match(/Round 1 · Table \d/g)).toHaveLength(2);
    expect(slips).toContain('Duel 3');
    expect(slips).toContain('Signature');

    const out = join(dir, 'prints', 'pairings.html');
    const run = await shinpan('print', 'pairings', '--db', db, '--format', 'html', '--out', out);
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(run.stderr).toBe(`Wrote the pairings to ${out}\n`);
    const page = readFileSync(out, 'utf8');
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('By name');
    expect(page).not.toContain('<script');
    const jaSlips = await ok('print', 'slips', '--db', db, '--format', 'html', '--lang', 'ja');
    expect(jaSlips).toContain('第1デュエル');
    expect(jaSlips).toContain('署名');

    expect(await refused(db, 'print', 'slips', '--db', db, '--format', 'pdf')).toContain(
      '--format: expected one of text, html',
    );
    expect(await refused(db, 'print', 'pairings', '--db', db, '--round', '4')).toContain('round 4 has not been paired');
  });

  it('names the top cut by what is left of the bracket', async () => {
    const db = await tournamentWith(dir, 'cut', 4, ['--top', '4', ...TOKYO]);
    await json('round', 'pair', '--db', db);
    const tables = (await json('pairings', '--db', db)).tables as { table: number; players: { id: string }[] }[];
    for (const t of tables)
      await json(
        'result',
        'report',
        '--db',
        db,
        '--round',
        '1',
        '--table',
        String(t.table),
        '--duels',
        `${t.players[0]!.id},${t.players[0]!.id}`,
      );
    // Three Swiss rounds, then the top 4: its first round is the semifinals.
    for (const round of [2, 3]) {
      await json('round', 'pair', '--db', db);
      const board = (await json('pairings', '--db', db)).tables as { table: number; players: { id: string }[] }[];
      for (const t of board)
        await json(
          'result',
          'report',
          '--db',
          db,
          '--round',
          String(round),
          '--table',
          String(t.table),
          '--duels',
          `${t.players[0]!.id},${t.players[0]!.id}`,
        );
    }
    await json('round', 'pair', '--db', db);
    expect((await ok('print', 'pairings', '--db', db, '--lang', 'ja')).split('\n')[0]).toBe(
      '大会 cut — 準決勝 組み合わせ',
    );
    expect((await ok('pairings', '--db', db)).split('\n')[0]).toMatch(/^Semi-finals \(top cut\) — seat time /);
  });
});

describe('times at the desk', () => {
  it("prints the board's seat time in the tournament's zone, whatever zone the machine is in", async () => {
    const { db } = await roundOne('zone');
    const first = (await ok('pairings', '--db', db, '--lang', 'ja')).split('\n')[0];
    // Was the stored instant (2011-06-01T01:00:00.000Z on a server in UTC).
    expect(first).toBe('第1回戦 (スイスドロー) — 着席 2011-06-01 10:00:00 +09:00');
    expect((await ok('round', 'late', '--db', db, ...at('10:03:00'))).split('\n')[0]).toBe(
      'Round 1: 4 not seated (seat time 2011-06-01 10:00:00 +09:00)',
    );
  });
});
