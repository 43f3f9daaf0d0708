import { describe, expect, it } from 'vitest';
import { json, tempFolder } from './support.js';

const dir = tempFolder('property-names');

/* Player ids spelt like a JavaScript object's own properties are only names at the desk too. */
describe('shinpan with player ids named like object properties', () => {
  it('registers, checks in, lists and drops them as any other player', async () => {
    const db = `${dir}/names.db`;
    await json(
      'tournament',
      'create',
      '--db',
      db,
      '--id',
      'constructor',
      '--name',
      '大会',
      '--date',
      '2011-06-01',
      '--rounds',
      '3',
    );
    for (const id of ['constructor', '__proto__', 'toString', 'plain'])
      await json('player', 'add', '--db', db, '--id', id, '--name', `選手 ${id}`);
    expect((await json('player', 'check-ins', '--db', db)).notCheckedIn).toBe(4);
    expect(await json('player', 'check-in', '--db', db, '--player', '__proto__')).toEqual({
      player: '__proto__',
      checkedIn: true,
      notCheckedIn: 3,
    });
    const list = await json('player', 'check-ins', '--db', db);
    expect(list.players.map((p: { id: string; checkedIn: string | null }) => [p.id, p.checkedIn !== null])).toEqual([
      ['constructor', false],
      ['__proto__', true],
      ['toString', false],
      ['plain', false],
    ]);
    expect(await json('player', 'drop-no-shows', '--db', db, '--count', '3')).toEqual({
      dropped: ['constructor', 'toString', 'plain'],
    });
  });
});
