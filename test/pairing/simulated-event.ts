import fc from 'fast-check';
import type { SwissPairing, SwissPairingInput } from '../../src/core/tournament/pairing/swiss-pairing.js';

/** An event to play: who enters, how many rounds, and a stream of dice for results and drops. */
export interface EventSpec {
  readonly size: number;
  readonly rounds: number;
  readonly seed: number;
  /** Percentile rolls, used in turn: tie-break order, match results (4% draws), drops (5%). */
  readonly rolls: readonly number[];
}

export const eventSpec = (minSize: number, maxSize: number, maxRounds: number): fc.Arbitrary<EventSpec> =>
  fc.record({
    size: fc.integer({ min: minSize, max: maxSize }),
    rounds: fc.integer({ min: 1, max: maxRounds }),
    seed: fc.integer(),
    rolls: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 64, maxLength: 64 }),
  });

/**
 * Plays the event with `pair` making every round's pairing and returns the input of each round,
 * so that histories (rematch threats, byes, floats) come from real play.
 */
export function playEvent(spec: EventSpec, pair: (input: SwissPairingInput) => SwissPairing): SwissPairingInput[] {
  let next = 0;
  const roll = () => spec.rolls[next++ % spec.rolls.length]! + (next % 7);
  const entrants = Array.from({ length: spec.size }, (_, i) => ({
    id: `p${i}`,
    points: 0,
    tiebreak: roll() * 1000 + i,
    opponents: [] as string[],
    hadBye: false,
    dropped: false,
  }));
  const inputs: SwissPairingInput[] = [];
  for (let round = 1; round <= spec.rounds; round++) {
    const active = entrants.filter((e) => !e.dropped).sort((a, b) => b.points - a.points || a.tiebreak - b.tiebreak);
    if (active.length === 0) break;
    const input: SwissPairingInput = {
      players: active.map((e) => ({ id: e.id, points: e.points, opponents: [...e.opponents], hadBye: e.hadBye })),
      seed: spec.seed + round,
    };
    inputs.push(input);
    const pairing = pair(input);
    const byId = new Map(entrants.map((e) => [e.id, e]));
    for (const [a, b] of pairing.pairs) {
      const ea = byId.get(a)!;
      const eb = byId.get(b)!;
      ea.opponents.push(b);
      eb.opponents.push(a);
      const r = roll();
      if (r < 4) {
        ea.points += 1;
        eb.points += 1;
      } else {
        (r % 2 === 0 ? ea : eb).points += 3;
      }
    }
    if (pairing.bye !== null) {
      const e = byId.get(pairing.bye)!;
      e.points += 3;
      e.hadBye = true;
    }
    for (const e of active) if (roll() < 5) e.dropped = true;
  }
  return inputs;
}
