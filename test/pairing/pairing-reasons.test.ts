import { describe, expect, it } from 'vitest';
import { pairingFacts, type TableFacts } from '../../src/core/tournament/pairing/pairing-facts.js';
import { byeReason, tableReason } from '../../src/core/tournament/pairing/pairing-reason-text.js';
import { pairSwissRound, type SwissPlayer } from '../../src/core/tournament/pairing/swiss-pairing.js';

/** "A:6:B,C" → A on 6 points who met B and C; a trailing "*" marks a player who had a bye. */
function field(...lines: string[]): SwissPlayer[] {
  return lines.map((line) => {
    const [id, points, met] = line.replace('*', '').split(':');
    return { id: id!, points: Number(points), opponents: met ? met.split(',') : [], hadBye: line.endsWith('*') };
  });
}

const nameOf = (id: string) => `P${id}`;

/** The facts of the pairing the matching makes for `players` (seed 1). */
function explain(players: SwissPlayer[]) {
  const input = { players, seed: 1 };
  const pairing = pairSwissRound(input);
  return { pairing, facts: pairingFacts(input, pairing) };
}

const tableWith = (tables: readonly TableFacts[], id: string) =>
  tables.find((t) => t.players.some((p) => p.id === id))!;

describe('why this pairing: facts read off the matching', () => {
  it('round 1: every table is drawn by the seed, and so is the bye', () => {
    const { facts } = explain(field('A:0', 'B:0', 'C:0', 'D:0', 'E:0'));
    expect(facts.tables.map((t) => t.kind)).toEqual(['drawn', 'drawn']);
    expect(facts.bye?.why).toBe('drawn');
    expect(tableReason(facts.tables[0]!, nameOf).en).toBe('Round 1: everyone on 0 points, drawn by the seed');
    expect(byeReason(facts.bye!, nameOf).ja).toBe('不戦勝: 第1回戦は乱数シードで決定');
  });

  it('same record: two players on the same points', () => {
    const { facts } = explain(field('A:3:B', 'C:3:D', 'B:0:A', 'D:0:C'));
    expect(facts.tables).toHaveLength(2);
    for (const t of facts.tables) expect(t).toMatchObject({ kind: 'same-record', rematch: false });
    expect(tableReason(tableWith(facts.tables, 'A'), nameOf)).toEqual({
      ja: '同じ勝点（3点）同士',
      en: 'Same record (3 points)',
    });
  });

  it('an odd bracket: the lowest-ranked of three on 3 points plays down, and the line says so', () => {
    const { facts } = explain(field('A:3:E', 'B:3:F', 'C:3:G', 'D:0:H', 'E:0:A', 'F:0:B', 'G:0:C', 'H:0:D'));
    const down = facts.tables.filter((t) => t.kind === 'pair-down');
    expect(down).toHaveLength(1);
    expect(down[0]).toMatchObject({ kind: 'pair-down', from: 3, to: 0, bracketSize: 3, why: 'odd-bracket' });
    expect(down[0]!.players.find((p) => p.points === 3)?.id).toBe('C');
    expect(tableReason(down[0]!, nameOf).en).toBe(
      'Pair-down from 3 to 0 points (PC plays PD): 3 points had an odd number of players (3), so one plays down',
    );
    expect(tableReason(down[0]!, nameOf).ja).toBe(
      '勝点の異なる対戦: PC（3点）がPD（0点）と対戦。3点の選手が奇数（3名）のため1名が下の勝点と対戦',
    );
  });

  it('a rematch avoided: two on 6 points who already met both play down, and each line names whom they met', () => {
    const { facts } = explain(field('A:6:B,C', 'B:6:A,D', 'C:3:A', 'D:3:B'));
    expect(facts.tables.every((t) => t.kind === 'pair-down' && t.why === 'rematch-avoided' && !t.rematch)).toBe(true);
    const a = tableWith(facts.tables, 'A');
    expect(a.players.find((p) => p.id === 'A')?.metInBracket).toEqual(['B']);
    expect(tableReason(a, nameOf).en).toMatch(
      /^Pair-down from 6 to 3 points \(PA plays P[CD]\): pairing inside 6 points would have repeated a pairing; PA had already played PB on the same points, so no rematch$/,
    );
  });

  it('a forced rematch is called one', () => {
    const { facts } = explain(field('A:3:B', 'B:0:A'));
    expect(facts.tables[0]).toMatchObject({ kind: 'pair-down', rematch: true });
    expect(tableReason(facts.tables[0]!, nameOf).en).toContain(
      'a rematch: no pairing of the field avoided every rematch',
    );
  });

  it('the bye: the lowest-ranked player without one', () => {
    const { pairing, facts } = explain(field('A:6:B,C', 'B:3:A,E*', 'C:3:A', 'D:0:E', 'E:0:D'));
    expect(pairing.bye).toBe('E');
    expect(facts.bye).toMatchObject({ player: 'E', why: 'lowest-without-bye', rank: 5, points: 0 });
    expect(byeReason(facts.bye!, nameOf)).toEqual({
      ja: '不戦勝: まだ不戦勝のない選手のうち最下位（5位、0点）',
      en: 'Bye: the lowest-ranked player without a bye so far (rank 5, 0 points)',
    });
  });

  it('the bye passes over a lower player when leaving them out forces a rematch', () => {
    // E is last; E is the only one A has not met, so without E A would meet someone again: D takes the bye.
    const { pairing, facts } = explain(field('A:6:B,C,D', 'B:3:A', 'C:3:A', 'D:0:A', 'E:0'));
    expect(pairing.bye).toBe('D');
    expect(facts.bye).toMatchObject({ why: 'rematch-avoided', passedOver: ['E'], rank: 4 });
    expect(byeReason(facts.bye!, nameOf).en).toMatch(
      /^Bye: giving it to the lower-ranked .+ would have forced a rematch/,
    );
  });

  it('a second bye only when everyone still in had one', () => {
    const { facts } = explain(field('A:3:B*', 'B:3:A*', 'C:3*'));
    expect(facts.bye?.why).toBe('everyone-had-one');
    expect(byeReason(facts.bye!, nameOf).en).toContain('a second bye');
  });

  it('lists at most three names and counts the rest', () => {
    const { facts } = explain(field('A:9:B,C,D,E', 'B:9:A', 'C:9:A', 'D:9:A', 'E:9:A', 'F:9', 'G:0', 'H:0'));
    const a = tableWith(facts.tables, 'A');
    expect(tableReason(a, nameOf).en).toContain('PB, PC, PD and 1 more');
    expect(tableReason(a, nameOf).ja).toContain('PB、PC、PD ほか1名');
  });

  it('refuses a pairing made for another field', () => {
    expect(() => pairingFacts({ players: field('A:0', 'B:0'), seed: 1 }, { pairs: [['A', 'Z']], bye: null })).toThrow(
      /"Z" is not in the field/,
    );
  });
});
