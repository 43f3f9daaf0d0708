import { describe, expect, it } from 'vitest';
import { standingsCsv, standingsExport } from '../../src/app/exports.js';
import { finalPlaces } from '../../src/core/tournament/prizes.js';
import { currentStandings } from '../../src/core/tournament/standings/current-standings.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import { roundRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { participantCount } from '../../src/core/tournament/state-queries.js';
import { created, ended, type GivenEvent, registered, reported, swissRound, tournament } from './fixtures.js';

/*
 * A player who never played (dropped before the first round it was to play: a withdrawn
 * duplicate entry, a no-show) has no place, no line in the standings or their CSV, takes no
 * rank number, and is not a participant in any count (docs/standings.md).
 */
const drop = (player: string, afterRound: number): GivenEvent => ({
  type: 'PlayerDropped',
  data: { player, afterRound, reason: null },
});

const events: GivenEvent[] = [
  created({ kind: 'swiss', rounds: 2, topCut: 0 }),
  registered('a'),
  registered('b'),
  registered('c'),
  registered('d'),
  // The duplicate entry of `a`, withdrawn before round 1; its id sorts first, so a full tie would rank it above.
  registered('0dup'),
  drop('0dup', 0),
  swissRound(1, [
    ['a', 'b'],
    ['c', 'd'],
  ]),
  reported(1, 1, ['a', 'a']),
  reported(1, 2, ['c', 'c']),
  ended(1),
  // `d` lost round 1 and went home: a participant, with a place.
  drop('d', 1),
  // A late entry for round 3 that dropped before it: it never played either, though rounds were missed.
  registered('late', 3),
  drop('late', 2),
];

describe('a player who never played', () => {
  const t = tournament(...events);

  it('has no line in the standings and takes no rank number', () => {
    const rows = currentStandings(t);
    expect(rows.map((r) => r.player)).toEqual(['a', 'c', 'b', 'd']);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    // The full recomputation agrees with the projection.
    expect(computeStandings(standingsPlayers(t), roundRecords(t).flat()).map((r) => r.player)).toEqual(
      rows.map((r) => r.player),
    );
  });

  it('gets no final place, and the places are 1 to 4 for the four who played', () => {
    const places = finalPlaces(t);
    expect(places.map((p) => [p.place, p.player])).toEqual([
      [1, 'a'],
      [2, 'c'],
      [3, 'b'],
      [4, 'd'],
    ]);
  });

  it('is not in the standings CSV', () => {
    const csv = standingsCsv(standingsExport(t), 'ja');
    expect(csv).not.toContain('0dup');
    expect(csv).not.toContain('late');
    expect(csv).toContain('Player d');
  });

  it('does not count as a participant; a player dropped after playing does', () => {
    expect(t.players).toHaveLength(6);
    expect(participantCount(t)).toBe(4);
  });

  it('an invited player dropped before its phase keeps its byes and its place', () => {
    const invited = tournament(
      ...events,
      {
        type: 'PlayerRegistered',
        data: {
          player: { id: 'inv', name: 'Invited', decklist: null },
          entryRound: 3,
          invitation: { reason: 'day 2' },
        },
      },
      drop('inv', 2),
    );
    expect(participantCount(invited)).toBe(5);
    expect(finalPlaces(invited).map((p) => p.player)).toContain('inv');
  });
});
