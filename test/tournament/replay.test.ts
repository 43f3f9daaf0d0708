import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import { decide } from '../../src/core/tournament/decide.js';
import type { TournamentEvent } from '../../src/core/tournament/events.js';
import { evolve, fold } from '../../src/core/tournament/evolve.js';
import { matchRecords, standingsPlayers } from '../../src/core/tournament/match-results.js';
import { computeStandings } from '../../src/core/tournament/standings/standings.js';
import { initialState, type TournamentState } from '../../src/core/tournament/state.js';
import { PACK, T0, at, meta, settings } from './fixtures.js';
import { issue } from './penalty-fixtures.js';

/*
 * A whole tournament driven by commands with random results and penalties; the log, sent
 * through JSON as a store would keep it, must fold back to the very same state and standings.
 */

interface Script {
  readonly players: number;
  readonly seed: number;
  /** Per match: 0 first player 2-0, 1 second player 2-1, 2 a draw, 3 a duel loss then a report. */
  readonly results: readonly number[];
}

function play(script: Script): TournamentEvent[] {
  const log: TournamentEvent[] = [];
  let state: TournamentState = initialState();
  let step = 0;
  const send = (command: TournamentCommand): boolean => {
    const decided = decide(command, state);
    if (!decided.ok) return false;
    for (const event of decided.value) state = evolve(state, event);
    log.push(...decided.value);
    return true;
  };
  const must = (command: TournamentCommand): void => {
    const decided = decide(command, state);
    if (!decided.ok) throw new Error(`${command.type}: ${decided.error.code} ${decided.error.message.en}`);
    send(command);
  };

  must({
    type: 'CreateTournament',
    data: { tournamentId: 't', settings: settings({ kind: 'swiss', rounds: 3, topCut: 4 }), pack: PACK },
    meta: meta('organizer'),
  });
  for (let i = 1; i <= script.players; i += 1) {
    must({ type: 'RegisterPlayer', data: { player: { id: `p${i}`, name: `選手${i}` } }, meta: meta('scorekeeper') });
  }
  for (let round = 1; round <= 5; round += 1) {
    if (
      !send({
        type: 'PairRound',
        data: { round },
        meta: meta('scorekeeper', { seed: script.seed + round, at: at(60 * round) }),
      })
    )
      break;
    if (state.status === 'none') throw new Error('no tournament');
    for (const match of state.rounds[round - 1]?.matches ?? []) {
      const [a, b] = match.players;
      const choice = script.results[step++ % script.results.length] ?? 0;
      if (choice === 3) {
        must(
          issue(b, 'extra-draw', 'in-duel', {
            facts: { identifiable: false, decisive: true },
            duel: 1,
            round,
            table: match.table,
          }),
        );
        must({ type: 'ReportResult', data: { round, table: match.table, duels: [a] }, meta: meta('judge') });
        continue;
      }
      const duels = choice === 0 ? [a, a] : choice === 1 ? [b, a, b] : round > 3 ? [a, a] : ['draw'];
      must({ type: 'ReportResult', data: { round, table: match.table, duels }, meta: meta('judge') });
    }
    must({ type: 'EndRound', data: { round }, meta: meta('scorekeeper') });
  }
  must({ type: 'FinishTournament', data: {}, meta: meta('organizer') });
  return log;
}

const standingsOf = (state: TournamentState) => {
  if (state.status === 'none') throw new Error('no tournament');
  return computeStandings(standingsPlayers(state), matchRecords(state));
};

describe('replay', () => {
  it('folds a JSON copy of the log to the same state and byte-identical standings', () => {
    fc.assert(
      fc.property(
        fc.record({
          players: fc.integer({ min: 4, max: 11 }),
          seed: fc.integer({ min: 0, max: 10_000 }),
          results: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 12 }),
        }),
        (script) => {
          const log = play(script);
          const live = fold(log);
          const replayed = fold(JSON.parse(JSON.stringify(log)) as TournamentEvent[]);
          expect(replayed).toStrictEqual(live);
          expect(JSON.stringify(standingsOf(replayed))).toBe(JSON.stringify(standingsOf(live)));
          expect(live.status).toBe('finished');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('ignores events before the tournament exists and a second creation', () => {
    const created: TournamentEvent = {
      type: 'TournamentCreated',
      data: { tournamentId: 't', settings: settings(), pack: PACK },
      at: T0,
    };
    expect(fold([{ type: 'RoundEnded', data: { round: 1 }, at: T0 }])).toEqual({ status: 'none' });
    const once = fold([created]);
    expect(fold([created, { ...created, data: { ...created.data, tournamentId: 'other' } }])).toEqual(once);
  });
});
