import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleDecksDir } from '../../src/adapters/deck/shipped-data.js';
import { json, refused, tempFolder, tournamentWith } from './support.js';

/*
 * What the console could do and the desk could not: a round posted to start later and its
 * start, the venue code for players' own check-in, the prize list and its awards, a decklist
 * corrected once the player has played. Each lands in the log as the API writes it.
 */

const dir = tempFolder('console-actions');
const at = (time: string) => ['--at', `2011-06-01T${time}+09:00`];

describe('shinpan round pair --start-later and round start', () => {
  it('posts the pairings, then starts the round at the seat time given, once', async () => {
    const db = await tournamentWith(dir, 'later', 4);
    const paired = await json('round', 'pair', '--db', db, '--start-later', ...at('10:00:00'));
    expect(paired).toMatchObject({ round: 1, startLater: true });
    const started = await json(
      'round',
      'start',
      '--db',
      db,
      '--seat-time',
      '2011-06-01T10:05:00+09:00',
      ...at('10:01:00'),
    );
    expect(started).toEqual({ round: 1, started: true, seatTime: '2011-06-01T10:05:00+09:00' });
    expect(await refused(db, 'round', 'start', '--db', db, ...at('10:02:00'))).toMatch(/\[round-already-started\]\n$/);
    expect(await refused(db, 'round', 'start', '--db', db, '--seat-time', 'soon')).toMatch(/\[invalid-request\]\n$/);
  });

  it('refuses to start a round that started with its pairing', async () => {
    const db = await tournamentWith(dir, 'at-once', 4);
    await json('round', 'pair', '--db', db, ...at('10:00:00'));
    expect(await refused(db, 'round', 'start', '--db', db)).toMatch(/\[round-already-started\]\n$/);
  });
});

describe('shinpan tournament check-in-venue-code', () => {
  it('turns the venue code on and off, and wants exactly one of --on and --off', async () => {
    const db = await tournamentWith(dir, 'venue', 0);
    expect(await json('tournament', 'check-in-venue-code', '--db', db, '--on')).toEqual({ required: true });
    expect(await json('tournament', 'check-in-venue-code', '--db', db, '--off')).toEqual({ required: false });
    await refused(db, 'tournament', 'check-in-venue-code', '--db', db);
  });
});

describe('shinpan decklist correct', () => {
  it('registers the corrected list with its reason once the player has played, and not before', async () => {
    const db = await tournamentWith(dir, 'correct', 2);
    const deck = join(sampleDecksDir(), 'quickdraw-synchro.ydk');
    await json('decklist', 'submit', deck, '--db', db, '--player', 'P01');
    expect(await refused(db, 'decklist', 'correct', deck, '--db', db, '--player', 'P01', '--reason', 'typo')).toMatch(
      /\[decklist-not-locked\]\n$/,
    );
    await json('round', 'pair', '--db', db, ...at('10:00:00'));
    const corrected = await json('decklist', 'correct', deck, '--db', db, '--player', 'P01', '--reason', '記入漏れ');
    expect(corrected).toMatchObject({ player: 'P01' });
    expect(await refused(db, 'decklist', 'correct', deck, '--db', db, '--player', 'P01', '--reason', ' ')).toMatch(
      /\[invalid-request\]\n$/,
    );
  });
});
