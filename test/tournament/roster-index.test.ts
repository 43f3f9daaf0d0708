import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventDraft, TournamentEvent } from '../../src/core/tournament/events.js';
import { evolve, fold } from '../../src/core/tournament/evolve.js';
import { playersUnder, rosterAfresh, type RosterIndex } from '../../src/core/tournament/roster-index.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { created, stamp } from './fixtures.js';

/*
 * The roster index (seats taken, players by name and by Card Game ID) is kept by the fold one
 * player at a time (#37 Low 11): after any sequence of registrations, drops and renames it must
 * equal the index made afresh from the players as they are, on every state of the history,
 * read in any order (the ledgers under it share one checkout between states).
 */

/** What an index answers: the seats, and each key's players (keys with none left out). */
function answers(index: RosterIndex) {
  const under = (marks: RosterIndex['byName']) => {
    const keys = new Set([...marks].map((m) => m.key));
    return Object.fromEntries(
      [...keys]
        .map((k) => [k, playersUnder(marks, k).sort()] as const)
        .filter(([, ids]) => ids.length > 0)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  };
  return { seated: index.seated, byName: under(index.byName), byCardGameId: under(index.byCardGameId) };
}

const IDS = ['p1', 'p2', 'p3', 'p4', 'p5', '0123456789', '0123-456-789'];
const NAMES = ['山田 太郎', 'やまだ たろう', 'ﾔﾏﾀﾞ ﾀﾛｳ', 'YAMADA', 'yamada\u200B', '鈴木'];
const READINGS = ['ヤマダ タロウ', 'やまだたろう', 'スズキ', undefined];
const CARDS = ['0123456789', '０１２３４５６７８９', undefined];

const step = fc.oneof(
  fc.record({
    op: fc.constant('register' as const),
    id: fc.constantFrom(...IDS),
    name: fc.constantFrom(...NAMES),
    reading: fc.constantFrom(...READINGS),
    cardGameId: fc.constantFrom(...CARDS),
  }),
  fc.record({ op: fc.constant('drop' as const), id: fc.constantFrom(...IDS) }),
  fc.record({
    op: fc.constant('rename' as const),
    id: fc.constantFrom(...IDS),
    name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
    reading: fc.constantFrom(...READINGS, null),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** The event a step makes on `t`, or none when it does not fit (an id registered twice, a drop of nobody). */
function eventOf(t: Tournament, s: Step): TournamentEvent | undefined {
  const player = t.players.find((p) => p.id === s.id);
  const draft: EventDraft | undefined =
    s.op === 'register'
      ? player
        ? undefined
        : {
            type: 'PlayerRegistered',
            data: {
              player: {
                id: s.id,
                name: s.name,
                ...(s.reading === undefined ? {} : { reading: s.reading }),
                ...(s.cardGameId === undefined ? {} : { cardGameId: s.cardGameId }),
                decklist: null,
              },
              entryRound: 1,
            },
          }
      : s.op === 'drop'
        ? player && player.drop === null
          ? { type: 'PlayerDropped', data: { player: s.id, afterRound: 0, reason: null } }
          : undefined
        : player
          ? {
              type: 'PlayerDetailsChanged',
              data: {
                player: s.id,
                ...(s.name === undefined ? {} : { name: s.name }),
                ...(s.reading === undefined ? {} : { reading: s.reading }),
              },
            }
          : undefined;
  return draft && stamp([draft])[0];
}

const tournamentOf = (s: TournamentState): Tournament => {
  if (s.status === 'none') throw new Error('no tournament');
  return s;
};

describe('the roster index', () => {
  it('equals the index made afresh after any registrations, drops and renames, on every state', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 5 }), (steps, reads) => {
        const states: Tournament[] = [tournamentOf(fold(stamp([created()])))];
        const events: TournamentEvent[] = [];
        for (const s of steps) {
          const t = states[states.length - 1] as Tournament;
          const event = eventOf(t, s);
          if (!event) continue;
          events.push(event);
          states.push(tournamentOf(evolve(t, event)));
        }
        const last = states[states.length - 1] as Tournament;
        expect(answers(last.roster)).toEqual(answers(rosterAfresh(last.players)));
        // Earlier states read after later ones (the ledgers' checkout moves back), and a replay's fold.
        for (const i of reads) {
          const t = states[i % states.length] as Tournament;
          expect(answers(t.roster)).toEqual(answers(rosterAfresh(t.players)));
        }
        const replayed = tournamentOf(fold(events, states[0]));
        expect(answers(replayed.roster)).toEqual(answers(last.roster));
      }),
    );
  });

  it('counts the seats taken: registered, not dropped', () => {
    const t = tournamentOf(
      fold(
        stamp([
          created(),
          { type: 'PlayerRegistered', data: { player: { id: 'a', name: 'A', decklist: null }, entryRound: 1 } },
          { type: 'PlayerRegistered', data: { player: { id: 'b', name: 'B', decklist: null }, entryRound: 1 } },
          { type: 'PlayerDropped', data: { player: 'a', afterRound: 0, reason: null } },
          { type: 'PlayerDropped', data: { player: 'a', afterRound: 0, reason: null } },
        ]),
      ),
    );
    expect(t.roster.seated).toBe(1);
  });
});
