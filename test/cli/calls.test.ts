import { describe, expect, it } from 'vitest';
import { json, ok, refused, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('calls');
const at = (time: string) => ['--at', `2011-06-01T${time}+09:00`];

/** Four players in round 1: the pairings' two tables. */
async function roundOne(name: string) {
  const db = await tournamentWith(dir, name, 4);
  const paired = await json('round', 'pair', '--db', db, '--seat-time', '2011-06-01T10:00:00+09:00');
  return { db, tables: paired.pairings as { table: number; players: [string, string] }[] };
}

describe('shinpan call', () => {
  it('opens one call per table, lists it, claims, escalates and resolves it with a penalty and the extension', async () => {
    const { db, tables } = await roundOne('flow');
    const [x, y] = tables[0]!.players;
    const table = String(tables[0]!.table);
    expect(
      await ok(
        'call',
        'open',
        '--db',
        db,
        '--table',
        table,
        '--player',
        x,
        '--note',
        '墓地確認',
        '--judge',
        '受付',
        ...at('10:05:00'),
        '--lang',
        'en',
      ),
    ).toBe(`Judge call 1: round 1, table ${table}\n`);
    // The table's open call is answered again: no second call.
    const again = await json('call', 'open', '--db', db, '--table', table, ...at('10:05:30'));
    expect([again.new, again.call.id]).toEqual([false, 1]);
    expect(await ok('call', 'open', '--db', db, '--table', table, '--lang', 'ja')).toMatch(/コール 1 \(未対応\)/);
    expect(
      await ok('call', 'claim', '1', '--db', db, '--judge', '木村', '--as', 'judge', ...at('10:06:00'), '--lang', 'en'),
    ).toBe('Judge call 1 is taken by 木村\n');
    expect(await refused(db, 'call', 'claim', '1', '--db', db, '--judge', '佐藤', '--lang', 'en')).toBe(
      'shinpan: judge call 1 is already taken by 木村 [call-already-claimed]\n',
    );
    await ok('call', 'escalate', '1', '--db', db, '--judge', '木村', '--note', '裁定が難しい', ...at('10:07:00'));
    const penalty = await json(
      'penalty',
      'issue',
      '--db',
      db,
      '--player',
      y,
      '--infraction',
      'slow-play',
      '--fact',
      'affectedResult=false',
      '--phase',
      'in-duel',
      ...at('10:08:00'),
    );
    // Outside the extension limits: refused, nothing written.
    expect(await refused(db, 'call', 'resolve', '1', '--db', db, '--extension', '61', '--lang', 'en')).toMatch(
      /--extension/,
    );
    expect(
      await ok(
        'call',
        'resolve',
        '1',
        '--db',
        db,
        '--judge',
        'HJ',
        '--extension',
        '3',
        '--penalty',
        String(penalty.penaltyId),
        '--note',
        '遅延行為',
        ...at('10:08:30'),
        '--lang',
        'en',
      ),
    ).toBe(`Judge call 1 resolved; table ${table} gets 3 minutes; penalties ${penalty.penaltyId}\n`);
    const listed = await json('call', 'list', '--db', db);
    expect(listed).toEqual({
      calls: [
        {
          id: 1,
          table: tables[0]!.table,
          round: 1,
          state: 'resolved',
          openedAt: '2011-06-01T10:05:00+09:00',
          claimedAt: '2011-06-01T10:06:00+09:00',
          resolvedAt: '2011-06-01T10:08:30+09:00',
          by: '受付',
          extensionMinutes: 3,
          penaltyIds: [penalty.penaltyId],
        },
      ],
    });
    expect(await json('call', 'list', '--db', db, '--open')).toEqual({ calls: [] });
    // The table's ordinary extension: the pairings show it.
    const board = await json('pairings', '--db', db);
    expect(board.tables.map((m: { table: number; extensionMinutes: number }) => [m.table, m.extensionMinutes])).toEqual(
      tables.map((m) => [m.table, m.table === tables[0]!.table ? 3 : 0]),
    );
    expect(await refused(db, 'call', 'resolve', '1', '--db', db, '--lang', 'en')).toMatch(
      /already been resolved \[call-already-resolved\]/,
    );
  });

  it('refuses a table that does not exist, a round that is over, and a judge resolving a call another holds', async () => {
    const { db, tables } = await roundOne('refusals');
    expect(await refused(db, 'call', 'open', '--db', db, '--table', '9', '--lang', 'en')).toBe(
      'shinpan: round 1 has no table 9 [table-not-found]\n',
    );
    expect(await refused(db, 'call', 'open', '--db', db, '--table', '0', '--lang', 'en')).toMatch(/--table/);
    expect(await refused(db, 'call', 'open', '--db', db, '--table', '1', '--player', 'P99', '--lang', 'en')).toMatch(
      /\[player-not-found\]/,
    );
    await json('call', 'open', '--db', db, '--table', String(tables[1]!.table));
    await ok('call', 'claim', '1', '--db', db, '--judge', '木村', '--as', 'judge');
    expect(
      await refused(db, 'call', 'resolve', '1', '--db', db, '--judge', '佐藤', '--as', 'judge', '--lang', 'ja'),
    ).toMatch(/木村 が対応中.*\[call-not-yours\]/);
    expect(await refused(db, 'call', 'claim', '7', '--db', db, '--lang', 'en')).toMatch(/\[call-not-found\]/);
    expect(await json('call', 'rules', '--db', db, '--minimum-minutes', '2')).toEqual({ minimumMinutes: 2 });
    expect(await refused(db, 'call', 'rules', '--db', db, '--minimum-minutes', '0', '--lang', 'en')).toMatch(
      /--minimum-minutes/,
    );
    // Text view of the queue.
    expect(await ok('call', 'list', '--db', db, '--open', '--lang', 'en')).toMatch(/claimed\s+.*木村/);
    for (const m of tables)
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
    await json('round', 'end', '--db', db);
    expect(await refused(db, 'call', 'open', '--db', db, '--table', '1', '--round', '1', '--lang', 'en')).toMatch(
      /\[round-already-ended\]/,
    );
  });
});
