import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleDecksDir } from '../../src/adapters/deck/shipped-data.js';
import { json, refused, snapshot, tempFolder, tournamentWith } from './support.js';

/*
 * Round 1 from the desk: missing lists (when the tournament requires them) and lists that break
 * the deck rules stop the pairing, as in the console; the organizer goes on with a reason the
 * log keeps (DecklistIssuesAccepted), a scorekeeper cannot.
 */

const dir = tempFolder('decklist-gate');
const deck = (file: string) => join(sampleDecksDir(), file);
const types = (db: string) => (snapshot(db) as { events: { type: string; data: string }[] }).events;

describe('shinpan round pair: the first round looks at every decklist', () => {
  it('refuses over a missing list, then pairs on the organizer’s reason, kept in the log', async () => {
    const db = await tournamentWith(dir, 'missing', 3, ['--decklists-required']);
    for (const id of ['P01', 'P02'])
      await json('decklist', 'submit', deck('quickdraw-synchro.ydk'), '--db', db, '--player', id);
    expect(await refused(db, 'round', 'pair', '--db', db)).toContain('[decklists-missing]');
    expect(
      await refused(db, 'round', 'pair', '--db', db, '--as', 'scorekeeper', '--accept-decklists', 'list on paper'),
    ).toContain('[role-required]');
    await json('round', 'pair', '--db', db, '--accept-decklists', 'P03 handed in a paper list');
    const accepted = types(db).find((e) => e.type === 'DecklistIssuesAccepted');
    expect(JSON.parse(accepted?.data ?? '{}')).toMatchObject({
      round: 1,
      missing: ['P03'],
      illegal: [],
      reason: 'P03 handed in a paper list',
    });
  });

  it('refuses over a list that breaks the deck rules, naming the player', async () => {
    const db = await tournamentWith(dir, 'illegal', 2);
    await json('decklist', 'submit', deck('quickdraw-synchro.ydk'), '--db', db, '--player', 'P01');
    await json('decklist', 'submit', deck('quickdraw-broken.ydk'), '--db', db, '--player', 'P02');
    const stderr = await refused(db, 'round', 'pair', '--db', db);
    expect(stderr).toContain('P02');
    expect(stderr).toContain('[decklists-illegal]');
    await json('round', 'pair', '--db', db, '--accept-decklists', 'checked by the head judge');
    const accepted = types(db).find((e) => e.type === 'DecklistIssuesAccepted');
    expect(JSON.parse(accepted?.data ?? '{}')).toMatchObject({ missing: [], illegal: ['P02'] });
  });
});
