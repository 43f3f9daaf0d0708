import { describe, expect, it } from 'vitest';
import { runScenario } from './landing-run.js';

/*
 * Counterexamples the landing property shrank to (found while checking that it fails when a
 * rule is broken on either side), kept as named cases: each runs through the core and the
 * model and must agree step by step.
 */

describe('landing cases found by the property', () => {
  it('given a match reported in the last round, when a match loss is found between matches, then no match is left and it is refused (point 5)', () => {
    runScenario({
      players: 6,
      rounds: 1,
      seed: 0,
      steps: [
        { kind: 'report', table: 1, duels: [] },
        { kind: 'penalty', player: 1, report: 0, phase: 'between-matches' },
      ],
    });
  });

  it('given a duel lost by penalty in the running match, when a match loss is added between matches, then the match counts as begun and the loss needs a next match (points 1, 8)', () => {
    runScenario({
      players: 4,
      rounds: 1,
      seed: 0,
      steps: [
        { kind: 'penalty', player: 0, report: 6, phase: 'in-duel', duel: 1 },
        { kind: 'penalty', player: 0, report: 10, phase: 'between-matches', additional: 'match-loss' },
      ],
    });
  });

  it('given a stalled match, when the winner is 12 minutes late between matches, then the loss waits for round 2 (point 1)', () => {
    runScenario({
      players: 4,
      rounds: 2,
      seed: 3,
      steps: [
        { kind: 'penalty', player: 1, report: 0, phase: 'in-duel' },
        { kind: 'penalty', player: 0, report: 5, phase: 'between-matches' },
        { kind: 'penalty', player: 2, report: 5, phase: 'between-matches' },
        { kind: 'next-round' },
      ],
    });
  });

  it('given a disqualification rescinded on appeal, then the player is back in the standings with a rank (point 2)', () => {
    runScenario({
      players: 5,
      rounds: 2,
      seed: 7,
      steps: [
        { kind: 'penalty', player: 0, report: 7, phase: 'in-duel' },
        { kind: 'next-round' },
        { kind: 'rescind', id: 1 },
        { kind: 'penalty', player: 3, report: 8, phase: 'between-matches' },
      ],
    });
  });

  it('given impossible duel numbers and a duel number between matches, then both sides refuse them (point 4)', () => {
    runScenario({
      players: 4,
      rounds: 2,
      seed: 1,
      steps: [
        { kind: 'penalty', player: 0, report: 1, phase: 'in-duel', duel: 4 },
        { kind: 'penalty', player: 0, report: 1, phase: 'between-matches', duel: 1 },
        { kind: 'penalty', player: 0, report: 9, phase: 'in-duel', duel: 1 },
        { kind: 'penalty', player: 1, report: 0, phase: 'in-duel', matchAlreadyLost: true, nextMatch: true },
      ],
    });
  });

  it('given every match of the last Swiss round decided, when each player gets a match loss between matches, then the top 4 takes it in the cut and the two left out could not land it', () => {
    const model = runScenario({
      players: 6,
      rounds: 1,
      topCut: 4,
      seed: 5,
      steps: [
        ...[0, 1, 2].map((table) => ({ kind: 'report' as const, table, duels: [0, 0] as const })),
        ...[0, 1, 2, 3, 4, 5].map((player) => ({
          kind: 'penalty' as const,
          player,
          report: 0,
          phase: 'between-matches' as const,
        })),
        { kind: 'next-round' },
      ],
    });
    const cut = model.rounds.find((r) => model.isCut(r.number));
    expect(cut?.matches).toHaveLength(2);
    expect(model.penalties.filter((p) => model.couldNotLand(p))).toHaveLength(2);
    expect(model.penalties.filter((p) => model.landedOn(p)?.round === 2)).toHaveLength(4);
  });
  it('issue 25: a disqualification between matches takes the paired match not begun; a report of it is refused', () => {
    const model = runScenario({
      players: 4,
      rounds: 2,
      seed: 0,
      steps: [
        { kind: 'penalty', player: 0, report: 8, phase: 'between-matches' },
        { kind: 'report', table: 0, duels: [0, 0] },
        { kind: 'report', table: 0, duels: [1, 1] },
        { kind: 'next-round' },
      ],
    });
    expect(model.inForce()[0]?.target.kind).toBe('match');
  });

  it('issue 25: between duels duel 1 is refused and duel 2 taken; no match loss after a disqualification in the match', () => {
    runScenario({
      players: 4,
      rounds: 1,
      seed: 0,
      bestOf: 3,
      steps: [
        { kind: 'penalty', player: 0, report: 1, phase: 'between-duels', duel: 1 },
        { kind: 'penalty', player: 0, report: 1, phase: 'between-duels', duel: 2 },
        { kind: 'penalty', player: 1, report: 7, phase: 'in-duel' },
        { kind: 'penalty', player: 1, report: 0, phase: 'in-duel' },
      ],
    });
  });
});
