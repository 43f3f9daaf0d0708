import { describe, expect, it } from 'vitest';
import { playerPage } from '../../src/app/projections/player-page.js';
import { webhookEventsOf, webhookPayload } from '../../src/app/webhooks/webhook-events.js';
import type { StoredEvent } from '../../src/app/event-store.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { waitingPlace } from '../../src/core/tournament/entry.js';
import { isDropped, participantCount } from '../../src/core/tournament/state-queries.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { at, created, given, meta, run, thenError, thenEvents } from './fixtures.js';

/*
 * A player's own withdrawal (辞退) before round 1, from their page: a drop, and the first on the
 * waiting list moves up; the moved-up entrant's page says so and a webhook event is raised.
 */

const entrant = (id: string) => ({ id, role: 'player' as const });
const enter = (name: string, reading: string): TournamentCommand => ({
  type: 'Enter',
  data: { name, reading },
  meta: { at: at(1), actor: entrant('public') },
});
const withdraw = (player: string, by = player): TournamentCommand => ({
  type: 'WithdrawEntry',
  data: { player },
  meta: { at: at(5), actor: entrant(by) },
});
const of = (s: TournamentState): Tournament => {
  if (s.status === 'none') throw new Error('no tournament');
  return s;
};

/** Two seats, two entrants in them and two waiting (E0003 first). */
const full = [
  enter('佐藤 健太', 'サトウ ケンタ'),
  enter('鈴木 翔', 'スズキ ショウ'),
  enter('高橋 美咲', 'タカハシ ミサキ'),
  enter('田中 大輔', 'タナカ ダイスケ'),
].reduce(
  run,
  run(given(created()), {
    type: 'OpenEntry',
    data: { cap: 2, closesAt: at(60), mode: 'waiting-list' },
    meta: meta('organizer'),
  }),
);

describe('a player withdraws before round 1', () => {
  it('drops the player as withdrawn and moves the first waiting entrant up', () => {
    const events = thenEvents(full, withdraw('E0001'));
    expect(events).toEqual([
      { type: 'PlayerDropped', data: { player: 'E0001', afterRound: 0, reason: null, withdrawn: true } },
      expect.objectContaining({
        type: 'PlayerRegistered',
        data: expect.objectContaining({ player: expect.objectContaining({ id: 'E0003' }), fromWaitingList: true }),
      }),
    ]);
    const t = of(run(full, withdraw('E0001')));
    expect(isDropped(t, 'E0001')).toBe(true);
    expect([waitingPlace(t, 'E0003'), waitingPlace(t, 'E0004')]).toEqual([null, 1]);
    // Never played: not a participant (docs/standings.md).
    expect(participantCount(t)).toBe(2);
  });

  it('tells the moved-up entrant on their page, and not anyone who had a seat from the start', () => {
    const t = of(run(full, withdraw('E0001')));
    expect(playerPage(t, 'E0003', at(6))?.player.movedUp).toBe(true);
    expect(playerPage(t, 'E0002', at(6))?.player.movedUp).toBe(false);
  });

  it('raises the webhook event entry.moved-up for the registration from the waiting list only', () => {
    const stored = (type: string, data: unknown): StoredEvent =>
      ({ seq: 1, type, data, at: at(5), actor: { id: 'x', role: 'player' } }) as unknown as StoredEvent;
    const [, moved] = thenEvents(full, withdraw('E0001'));
    expect(webhookEventsOf(stored('PlayerRegistered', moved?.data))).toEqual(['entry.moved-up']);
    expect(webhookEventsOf(stored('PlayerRegistered', { player: { id: 'a', name: 'A' }, entryRound: 1 }))).toEqual([]);
    // What it carries is what the public player list shows: the id and name, nothing the entrant gave besides.
    const payload = webhookPayload(
      'entry.moved-up',
      stored('PlayerRegistered', moved?.data),
      of(run(full, withdraw('E0001'))),
    );
    expect(payload).toMatchObject({ player: { id: 'E0003', name: '高橋 美咲' } });
    expect(Object.keys((payload as { player: object }).player)).toEqual(['id', 'name']);
  });

  it("refuses another player's withdrawal, a second one, and any after round 1 is paired", () => {
    thenError(full, withdraw('E0001', 'E0002'), 'role-required');
    thenError(run(full, withdraw('E0001')), withdraw('E0001'), 'player-dropped');
    const paired = run(full, {
      type: 'PairRound',
      data: { round: 1 },
      meta: meta('scorekeeper', { seed: 3 }),
    });
    thenError(paired, withdraw('E0002'), 'withdrawal-closed');
    // Staff may not send it: they drop a player.
    thenError(full, { type: 'WithdrawEntry', data: { player: 'E0001' }, meta: meta('organizer') }, 'role-required');
  });
});
