import { describe, expect, it } from 'vitest';
import { lateReport, latePlayers } from '../../src/app/projections/late-players.js';
import { compareDecks } from '../../src/core/deck/compare-decks.js';
import { validateDeck } from '../../src/core/deck/validate-deck.js';
import { DIFFERS_FROM_DECKLIST } from '../../src/core/deck-findings.js';
import type { IssuePenalty } from '../../src/core/tournament/commands.js';
import { decide } from '../../src/core/tournament/decide.js';
import type { TournamentEvent } from '../../src/core/tournament/events.js';
import type { Tournament } from '../../src/core/tournament/state.js';
import { P, shippedCatalogue } from '../deck/shipped.js';
import { renamedFact, renamedId, renamedPack } from '../support/renamed-pack.js';
import { PACK, T0, at, given, meta, registered, settings, swissRound, type GivenEvent } from './fixtures.js';

/*
 * Issue #17 point 3: the pack, not the code, names the round clock's infraction and fact and
 * the infraction of each deck finding. Under a pack whose every infraction id and fact name is
 * renamed, the late list, the tardiness confirmation (and its raise), the seat mark's delay and
 * a deck check still work, and say the pack's names.
 */

const content = renamedPack(PACK.content);
const TARDY = renamedId('tardiness');
const MINUTES = renamedFact('minutesLate');

const start: GivenEvent[] = [
  {
    type: 'TournamentCreated',
    data: { tournamentId: 't1', settings: settings(), pack: { ...PACK, id: content.id, content } },
  },
  registered('a'),
  registered('b'),
  registered('c'),
  registered('d'),
  swissRound(1, [
    ['a', 'b'],
    ['c', 'd'],
  ]),
];

function state(events: readonly GivenEvent[]): Tournament {
  const t = given(...events);
  if (t.status === 'none') throw new Error('no tournament');
  return t;
}

/** What the HTTP clock's confirmation sends: the late list's report, the guideline. */
function confirm(t: Tournament, player: string, minute: number): IssuePenalty {
  const late = latePlayers(t, t.rounds[0]!, new Date(at(minute))).find((l) => l.player === player);
  if (!late) throw new Error(`${player} is not late at +${minute}`);
  return {
    type: 'IssuePenalty',
    data: { player, report: lateReport(t, late.minutesLate), choice: { kind: 'guideline' }, round: 1 },
    meta: meta('judge', { at: at(minute) }),
  };
}

function decided(events: readonly GivenEvent[], command: Parameters<typeof decide>[0]): TournamentEvent[] {
  const answer = decide(command, given(...events));
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message.en}`);
  return answer.value;
}

describe('a pack whose infraction ids and fact names are all renamed', () => {
  it('lists late players and confirms their tardiness in the pack names, raising it in place as the minutes pass', () => {
    const t = state(start);
    expect(latePlayers(t, t.rounds[0]!, new Date(at(2))).map((l) => [l.player, l.minutesLate, l.penalty])).toEqual([
      ['a', 2, 'warning'],
      ['b', 2, 'warning'],
      ['c', 2, 'warning'],
      ['d', 2, 'warning'],
    ]);
    const first = decided(start, confirm(t, 'a', 2));
    expect(first.map((e) => e.type)).toEqual(['PenaltyIssued']);
    const issued = first[0] as Extract<TournamentEvent, { type: 'PenaltyIssued' }>;
    expect([issued.data.report.infraction, issued.data.report.facts, issued.data.penalty]).toEqual([
      TARDY,
      { [MINUTES]: 2 },
      'warning',
    ]);

    // Six minutes late: the same lateness, now a duel loss, replaces the warning.
    const afterFirst: GivenEvent[] = [...start, ...first];
    const t2 = state(afterFirst);
    const listed = latePlayers(t2, t2.rounds[0]!, new Date(at(6))).find((l) => l.player === 'a');
    expect(listed).toMatchObject({ penalty: 'duel-loss', issued: { penalty: 'warning' }, confirmable: true });
    const raised = decided(afterFirst, confirm(t2, 'a', 6));
    expect(raised.map((e) => e.type)).toEqual(['TardinessRaised']);
    expect(raised[0]?.type === 'TardinessRaised' && [raised[0].data.report.infraction, raised[0].data.penalty]).toEqual(
      [TARDY, 'duel-loss'],
    );
  });

  it('fills the minutes from the seat mark when the judge states none', () => {
    const seated: TournamentEvent = { type: 'PlayerSeated', data: { round: 1, table: 2, player: 'c' }, at: at(7) };
    const events: GivenEvent[] = [...start, seated];
    const issued = decided(events, {
      type: 'IssuePenalty',
      data: { player: 'c', report: { infraction: TARDY, phase: 'between-matches' }, choice: { kind: 'guideline' } },
      meta: meta('judge', { at: at(8) }),
    });
    expect(
      issued[0]?.type === 'PenaltyIssued' && [issued[0].data.guideline.penalty, issued[0].data.report.facts],
    ).toEqual(['duel-loss', { [MINUTES]: 7 }]);
  });

  it("names a deck check's findings with the pack's infractions, which the core then issues", () => {
    const t = state(start);
    const deck = { main: Array<number>(41).fill(P.quickdraw), extra: [], side: [] };
    const findings = validateDeck(deck, {
      catalogue: shippedCatalogue(),
      banlist: null,
      date: '2011-06-01',
      limits: t.pack.content.settings.deckLimits,
      infractions: t.pack.content.settings.deckFindings,
    });
    expect(findings.map((f) => [f.reason, f.infraction])).toEqual([['over-copies', renamedId('deck-over-3-copies')]]);
    const registeredList = { main: Array<number>(3).fill(P.quickdraw), extra: [], side: [] };
    expect(compareDecks(registeredList, deck).differences.length).toBeGreaterThan(0);
    expect(t.pack.content.settings.deckFindings[DIFFERS_FROM_DECKLIST]).toBe(renamedId('decklist-mismatch'));
    const penalty = decided(start, {
      type: 'IssuePenalty',
      data: {
        player: 'a',
        report: { infraction: findings[0]!.infraction, phase: 'between-matches' },
        choice: { kind: 'guideline' },
      },
      meta: meta('judge', { at: T0 }),
    });
    expect(penalty[0]?.type === 'PenaltyIssued' && penalty[0].data.report.infraction).toBe(
      renamedId('deck-over-3-copies'),
    );
  });
});

describe('a log recorded before the pack named the clock and deck infractions', () => {
  it('replays with the ids the code then assumed', () => {
    const { infraction: _i, minutesFact: _f, ...tardiness } = PACK.content.settings.tardiness;
    const { deckFindings: _d, ...older } = { ...PACK.content.settings, tardiness };
    const old = { ...PACK, content: { ...PACK.content, settings: older } } as unknown as typeof PACK;
    const t = state([
      { type: 'TournamentCreated', data: { tournamentId: 't1', settings: settings(), pack: old } },
      ...start.slice(1),
    ]);
    expect(t.pack.content.settings.tardiness).toMatchObject({ infraction: 'tardiness', minutesFact: 'minutesLate' });
    expect(t.pack.content.settings.deckFindings).toEqual(PACK.content.settings.deckFindings);
    expect(latePlayers(t, t.rounds[0]!, new Date(at(1))).map((l) => l.penalty)).toEqual(Array(4).fill('warning'));
  });
});
