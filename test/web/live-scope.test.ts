import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/app/event-store.js';
import { eventMessages } from '../../src/adapters/http/live/publish.js';
import { onlyElsewhere } from '../../web/src/api/live-scope.js';

/** The public frame the server sends for one write of these events, as the page's EventSource reads it. */
function publicFrame(...events: { type: string; data: unknown }[]): string {
  const stored: StoredEvent[] = events.map((e, i) => ({
    seq: i + 1,
    type: e.type,
    data: e.data,
    actor: { id: 'judge', name: 'judge' },
    at: '2026-12-05T10:00:00.000Z',
  })) as unknown as StoredEvent[];
  const message = eventMessages(stored.length, stored).public;
  if (message === null) throw new Error('no public frame');
  return JSON.stringify(message.data);
}

const mine = { round: 2, table: 7 };
const duels = [{ winner: 'a' }];

describe("a player's page skips live changes at other tables of its round, and only those", () => {
  it('skips reports, results, seat marks, extensions and notices at another table of the same round', () => {
    for (const frame of [
      publicFrame({ type: 'PlayerResultReported', data: { round: 2, table: 8, player: 'a', duels } }),
      publicFrame({ type: 'ResultReported', data: { round: 2, table: 9, duels, penaltyDuels: [] } }),
      publicFrame({ type: 'PlayerSeated', data: { round: 2, table: 1, player: 'z' } }),
      publicFrame({ type: 'TimeExtended', data: { round: 2, table: 3, minutes: 3, reason: 'ruling' } }),
      publicFrame({ type: 'Announced', data: { id: 4, text: { ja: '卓へ' }, round: 2, table: 5, by: 'judge' } }),
      publicFrame(
        { type: 'ResultReported', data: { round: 2, table: 9, duels, penaltyDuels: [] } },
        { type: 'ResultReported', data: { round: 2, table: 10, duels, penaltyDuels: [] } },
      ),
    ])
      expect(onlyElsewhere(frame, mine)).toBe(true);
  });

  it('reloads for its own table, another round, a notice to everyone, the round itself and a version without events', () => {
    for (const frame of [
      publicFrame({ type: 'PlayerResultReported', data: { round: 2, table: 7, player: 'a', duels } }),
      publicFrame({ type: 'TimeExtended', data: { round: 2, table: 7, minutes: 3, reason: null } }),
      // A correction of an earlier round changes the player's record.
      publicFrame({ type: 'ResultCorrected', data: { round: 1, table: 9, duels, penaltyDuels: [], reason: 'x' } }),
      publicFrame({ type: 'Announced', data: { id: 5, text: { ja: '全員へ' }, round: null, table: null, by: 'j' } }),
      publicFrame({ type: 'RoundEnded', data: { round: 2 } }),
      publicFrame({ type: 'RoundPublished', data: { round: 3 } }),
      publicFrame({ type: 'RoundPaired', data: { round: 3, matches: [] } }),
      publicFrame({ type: 'PlayerDropped', data: { player: 'b', reason: 'x' } }),
      // A penalty: the public is told only that the version moved.
      publicFrame({ type: 'PenaltyIssued', data: { penaltyId: 1, player: 'b' } }),
      // One event elsewhere and one for this table.
      publicFrame(
        { type: 'ResultReported', data: { round: 2, table: 9, duels, penaltyDuels: [] } },
        { type: 'PlayerSeated', data: { round: 2, table: 7, player: 'a' } },
      ),
      'not json',
    ])
      expect(onlyElsewhere(frame, mine)).toBe(false);
    // A screen that follows no table reloads for everything.
    expect(onlyElsewhere(publicFrame({ type: 'PlayerSeated', data: { round: 2, table: 1, player: 'z' } }), null)).toBe(
      false,
    );
  });

  it('a write that is staff’s alone has no public frame at all', () => {
    expect(() => publicFrame({ type: 'CallOpened', data: { callId: 1, round: 2, table: 7, player: 'a' } })).toThrow(
      'no public frame',
    );
  });
});
