import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonWithItems, keptJson, LineTexts, separated } from '../../src/adapters/http/tournaments/kept-json.js';
import { inTurns } from '../../src/app/in-turns.js';
import { turnCounter } from '../support/turn-counter.js';
import { pairingsView, pairingsViewMaking } from '../../src/app/projections/pairings-view.js';
import { standingsAfter } from '../../src/app/projections/standings-view.js';
import { decide } from '../../src/core/tournament/decide.js';
import type { EventDraft, TournamentEvent } from '../../src/core/tournament/events.js';
import { evolve, fold } from '../../src/core/tournament/evolve.js';
import type { Tournament, TournamentState } from '../../src/core/tournament/state.js';
import { created, registered, stamp, swissRound } from '../tournament/fixtures.js';
import { issue } from '../tournament/penalty-fixtures.js';

/*
 * The public's views of the round being played are made from parts kept between versions (#37,
 * the YCSJ's health p99): a board's tables by match, their texts by object, the standings'
 * lines by player. After any sequence of results, corrections, seat marks, penalties, drops and
 * renames, the answer made from kept parts must be the very text made whole from a fresh
 * replay of the log (whose objects share nothing with the kept ones).
 */

const PLAYERS = 16;
const id = (i: number) => `p${i + 1}`;
const pairs = Array.from({ length: PLAYERS / 2 }, (_, t) => [id(2 * t), id(2 * t + 1)] as [string, string]);
const start: EventDraft[] = [
  created(),
  ...Array.from({ length: PLAYERS }, (_, i) => registered(id(i))),
  swissRound(1, pairs),
];

const table = fc.integer({ min: 1, max: PLAYERS / 2 });
const step = fc.oneof(
  fc.record({ op: fc.constant('result' as const), table, wins: fc.constantFrom('AA', 'BB', 'ABA', 'BAB', 'AB') }),
  fc.record({ op: fc.constant('correct' as const), table, wins: fc.constantFrom('AA', 'BB', 'ABB') }),
  fc.record({ op: fc.constant('seat' as const), table, second: fc.boolean() }),
  fc.record({ op: fc.constant('penalty' as const), player: fc.integer({ min: 0, max: PLAYERS - 1 }) }),
  fc.record({ op: fc.constant('drop' as const), player: fc.integer({ min: 0, max: PLAYERS - 1 }) }),
  // A disqualification leaves the player as registered: the board marks them out all the same.
  fc.record({ op: fc.constant('disqualify' as const), player: fc.integer({ min: 0, max: PLAYERS - 1 }) }),
  fc.record({
    op: fc.constant('rename' as const),
    player: fc.integer({ min: 0, max: PLAYERS - 1 }),
    name: fc.constantFrom('山田 太郎', 'Smith "J"', '鈴木\\一郎'),
  }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const tournamentOf = (s: TournamentState): Tournament => {
  if (s.status === 'none') throw new Error('no tournament');
  return s;
};

/** The events a step leaves on `t`: a command decided by the domain, or nothing where it refuses. */
function eventsOf(t: Tournament, s: Step, n: number): TournamentEvent[] {
  const at = new Date(Date.parse('2009-03-01T10:00:00+09:00') + n * 1000).toISOString();
  const judge = { at, actor: { id: 'judge', role: 'head-judge' as const } };
  const [a, b] = pairs[('table' in s ? s.table : 1) - 1] as [string, string];
  const command =
    s.op === 'result'
      ? {
          type: 'ReportResult' as const,
          data: { round: 1, table: s.table, duels: [...s.wins].map((w) => (w === 'A' ? a : b)) },
        }
      : s.op === 'correct'
        ? {
            type: 'CorrectResult' as const,
            data: { round: 1, table: s.table, duels: [...s.wins].map((w) => (w === 'A' ? a : b)), reason: 'slip' },
          }
        : s.op === 'seat'
          ? { type: 'MarkSeated' as const, data: { round: 1, table: s.table, player: s.second ? b : a } }
          : s.op === 'penalty'
            ? issue(id(s.player), 'tardiness', 'between-matches', { facts: { minutesLate: 7 } })
            : s.op === 'disqualify'
              ? issue(id(s.player), 'bribery', 'between-matches', { statements: ['証言'] })
              : s.op === 'drop'
                ? { type: 'DropPlayer' as const, data: { player: id(s.player) } }
                : { type: 'ChangePlayerDetails' as const, data: { player: id(s.player), name: s.name } };
  const decided = decide({ ...command, meta: judge } as Parameters<typeof decide>[0], t);
  return decided.ok ? [...decided.value] : [];
}

describe('the current round’s public views made from kept parts', () => {
  it('equal the views made whole from a fresh replay, after any sequence of changes', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const lines = new LineTexts();
        let events = stamp(start);
        let t = tournamentOf(fold(events));
        steps.forEach((s, n) => {
          const more = eventsOf(t, s, n);
          events = [...events, ...more];
          for (const event of more) t = tournamentOf(evolve(t, event));
          const fresh = tournamentOf(fold(events));
          const board = pairingsView(t, 1);
          if (!board) throw new Error('no board');
          expect(
            jsonWithItems({ ...board, version: n }, 'tables', separated(board.tables.map(keptJson))).toString('utf8'),
          ).toBe(JSON.stringify({ ...pairingsView(fresh, 1), version: n }));
          const rows = standingsAfter(t, 1);
          expect(
            jsonWithItems(
              { afterRound: 1, standings: rows, final: null },
              'standings',
              lines.content('t', rows),
            ).toString('utf8'),
          ).toBe(JSON.stringify({ afterRound: 1, standings: standingsAfter(fresh, 1), final: null }));
        });
      }),
      { numRuns: 60 },
    );
  });
});

describe('a board made in pieces', () => {
  const players = 1_200;
  const many = Array.from({ length: players / 2 }, (_, t) => [`q${2 * t + 1}`, `q${2 * t + 2}`] as [string, string]);
  const events = stamp([created(), ...many.flat().map((p) => registered(p)), swissRound(1, many)]);

  it('lets the loop turn between its pieces, and is the very view made in one piece from a fresh replay', async () => {
    const t = tournamentOf(fold(events));
    const loop = turnCounter();
    // A slice budget of 0: every piece its own turn. 600 tables, 64 a piece: ten pieces.
    const { value: view } = await inTurns(pairingsViewMaking(t, 1), 0);
    loop.stop();
    expect(loop.turns).toBeGreaterThanOrEqual(9);
    expect(JSON.stringify(view)).toBe(JSON.stringify(pairingsView(tournamentOf(fold(events)), 1)));
    // The tables' views were kept by match: made again, the board answers the very objects.
    const again = pairingsView(t, 1)!;
    expect(again.tables.every((x, i) => x === view!.tables[i])).toBe(true);
  });

  it('is undefined for a round not paired', async () => {
    expect((await inTurns(pairingsViewMaking(tournamentOf(fold(events)), 2))).value).toBeUndefined();
  });
});

describe('standings lines made in pieces', () => {
  const many = Array.from({ length: 3_000 }, (_, i) => ({
    rank: i + 1,
    player: `p${i}`,
    name: `選手 "${i}"`,
    points: i % 7,
  }));

  it('let the loop turn between pieces, written then compared, and are the very text of one made whole', async () => {
    const texts = new LineTexts();
    const loop = turnCounter();
    const first = await inTurns(texts.contentMaking('big', many), 0);
    loop.stop();
    // 3,000 lines, 256 a piece: twelve pieces.
    expect(loop.turns).toBeGreaterThanOrEqual(11);
    expect(Buffer.concat(first.value).toString()).toBe(JSON.stringify(many).slice(1, -1));
    // Made again with every player one rank lower but one: compared, not written again, and right.
    const moved = [{ ...many[2_999]!, rank: 1 }, ...many.slice(0, 2_999).map((l) => ({ ...l, rank: l.rank + 1 }))];
    const again = await inTurns(texts.contentMaking('big', moved), 0);
    expect(Buffer.concat(again.value).toString()).toBe(JSON.stringify(moved).slice(1, -1));
  });
});
