import { describe, expect, it } from 'vitest';
import { tardinessLog } from '../../src/app/tardiness-log.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { decide } from '../../src/core/tournament/decide.js';
import type { TournamentEvent } from '../../src/core/tournament/events.js';
import { at, given, meta, tournament, type GivenEvent } from '../tournament/fixtures.js';
import { roundOne } from '../tournament/penalty-fixtures.js';

/*
 * The tardiness table (issue 39's walk): the judges' roll call twelve seconds after the seat
 * time ("everyone but d") listed every player as 0.2 minutes late. The roll call says who was
 * there when the judges looked, not when they sat down; only a seat mark made as a player
 * arrives (or a penalty) says someone was late.
 */

function decidedOn(events: GivenEvent[], command: TournamentCommand): TournamentEvent[] {
  const decided = decide(command, given(...events));
  if (!decided.ok) throw new Error(decided.error.message.en);
  return decided.value;
}

describe('the tardiness table', () => {
  it('lists the player who arrived late, not everyone the roll call found seated seconds after the seat time', () => {
    const rollCall = decidedOn(roundOne, {
      type: 'MarkAllSeated',
      data: { round: 1, except: ['d'] },
      meta: meta('judge', { at: at(0.2) }),
    });
    expect(rollCall).toHaveLength(3);
    const arrived = decidedOn([...roundOne, ...rollCall], {
      type: 'MarkSeated',
      data: { round: 1, table: 2, player: 'd' },
      meta: meta('judge', { at: at(6) }),
    });
    const log = tardinessLog(tournament(...roundOne, ...rollCall, ...arrived));
    expect(log.map((e) => [e.player, e.table, e.minutesLate])).toEqual([['d', 2, 6]]);
  });

  it('still counts a seat mark made for one player after the seat time', () => {
    const marked = decidedOn(roundOne, {
      type: 'MarkSeated',
      data: { round: 1, table: 1, player: 'b' },
      meta: meta('judge', { at: at(0.5) }),
    });
    const log = tardinessLog(tournament(...roundOne, ...marked));
    expect(log.map((e) => [e.player, e.minutesLate])).toEqual([['b', 0.5]]);
  });
});
