import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { shuffle } from './seeded-random.js';
import { excessOverFloor, matchPositions, metBefore, type Pool, type PositionPair } from './pairing-weights.js';

/**
 * Sizes that keep every matching small. The pool is cut into contiguous segments: the middle
 * of each big score group is paired directly (seeded shuffle, rematches repaired locally);
 * everything else (small groups, plus the top and bottom `edge` players of each big group, so
 * that floats have a choice of partner) goes into windows solved by the weighted matching.
 */
export interface PairingTuning {
  /** A score group at least this big gets a directly paired middle. */
  readonly bigGroup: number;
  /** Players of a big group kept at each end, in the neighbouring windows. */
  readonly edge: number;
  /** Small groups accumulate into one window up to about this many players. */
  readonly windowTarget: number;
  /** A window grows to remove a rematch or an avoidable pair-down up to this many players. */
  readonly windowCap: number;
  /** Growth steps in a row without improvement after which a window settles for what it has. */
  readonly patience: number;
  /**
   * Raise `bigGroup` so that every middle is certain to pair without rematches. Only tests turn
   * it off, to reach the path where a middle fails and joins its neighbouring windows.
   */
  readonly guardMiddles: boolean;
}

export const DEFAULT_TUNING: PairingTuning = {
  bigGroup: 48,
  edge: 8,
  windowTarget: 64,
  windowCap: 256,
  patience: 3,
  guardMiddles: true,
};

/** A window's or middle's pairs, and (for windows) their excess over the parity floor. */
interface Solution {
  pairs: PositionPair[];
  excess: number;
}

interface Segment {
  start: number;
  end: number;
  kind: 'window' | 'middle';
  /** Players a window handed back to this middle because it paired them inside the middle's own group. */
  extra: number[];
}

/**
 * Pairs a pool where a rematch-free pairing is known to exist (see `rematchFreeGuaranteed`).
 * Windows are solved top-down; one that cannot avoid a rematch, or crosses more group boundaries
 * than parity forces, borrows players from its neighbours and is solved again. A middle that
 * cannot pair itself joins its neighbouring windows and the pass starts over (never with the
 * default tuning, where middles are big enough to be certain).
 */
export function pairPool(pool: Pool, rng: RandomGenerator, tuning: PairingTuning): PositionPair[] {
  const segments = planSegments(pool, tuning);
  for (;;) {
    const solved = new Map<Segment, Solution>();
    for (const seg of segments) seg.extra = [];
    for (let i = 0; i < segments.length; i++) {
      if (segments[i]!.kind === 'window') i = solveWindow(pool, rng, tuning, segments, i, solved);
    }
    handBackFillers(pool, segments, solved);
    const failed = segments.findIndex((s) => s.kind === 'middle' && !pairMiddle(pool, rng, s, solved));
    if (failed < 0) return [...solved.values()].flatMap((solution) => solution.pairs);
    absorbMiddle(segments, failed);
  }
}

function planSegments(pool: Pool, tuning: PairingTuning): Segment[] {
  const size = pool.members.length;
  const segments: Segment[] = [];
  const push = (start: number, end: number, kind: Segment['kind']) => {
    if (end > start) segments.push({ start, end, kind, extra: [] });
  };
  const groups = groupRuns(pool);
  if (groups.length === 1) {
    push(0, size, 'middle');
    return segments;
  }
  let mostMet = 0;
  for (const m of pool.members) mostMet = Math.max(mostMet, pool.field.opponents[m]!.length);
  // A middle of 2·(mostMet + 1) players or more always has a rematch-free pairing (Dirac).
  const guarded = 2 * (mostMet + 1) + 2 * tuning.edge + 2;
  const big = tuning.guardMiddles ? Math.max(tuning.bigGroup, guarded) : Math.max(tuning.bigGroup, 2 * tuning.edge + 2);
  let windowStart = 0;
  groups.forEach(([start, end], g) => {
    if (end - start >= big) {
      let head = windowStart === start ? 0 : tuning.edge;
      if ((start + head - windowStart) % 2 !== 0) head += 1;
      push(windowStart, start + head, 'window');
      const tail = g === groups.length - 1 ? 0 : tuning.edge;
      let middleEnd = end - tail;
      if ((middleEnd - start - head) % 2 !== 0) middleEnd -= 1;
      push(start + head, middleEnd, 'middle');
      windowStart = middleEnd;
    } else if (end - windowStart > tuning.windowTarget && start > windowStart) {
      // Close the window at this group's boundary when parity lets nobody cross it, or after its first few players.
      if ((start - windowStart) % 2 === 0) {
        push(windowStart, start, 'window');
        windowStart = start;
      } else if (end - start >= 2 * tuning.edge + 2) {
        const cut = start + tuning.edge + ((start + tuning.edge - windowStart) % 2);
        push(windowStart, cut, 'window');
        windowStart = cut;
      }
    }
  });
  push(windowStart, size, 'window');
  return segments;
}

function groupRuns(pool: Pool): [number, number][] {
  const runs: [number, number][] = [];
  const size = pool.members.length;
  for (let start = 0, p = 1; p <= size; p++) {
    if (p === size || pool.group[p] !== pool.group[start]) {
      runs.push([start, p]);
      start = p;
    }
  }
  return runs;
}

/**
 * Solves window i, growing it while excess over the parity floor remains and growth still
 * pays off; returns the window's index afterwards.
 */
function solveWindow(
  pool: Pool,
  rng: RandomGenerator,
  tuning: PairingTuning,
  segments: Segment[],
  index: number,
  solved: Map<Segment, Solution>,
): number {
  let i = index;
  let step = 2 * tuning.edge;
  let baseline = Infinity;
  let fruitless = 0;
  for (;;) {
    const seg = segments[i]!;
    const positions = rangeOf(seg.start, seg.end);
    const pairs = matchPositions(pool, positions, { allowRematch: false, noise: rng });
    const canGrow = seg.end - seg.start < tuning.windowCap && (i > 0 || i < segments.length - 1);
    const excess = pairs ? excessOverFloor(pool, seg.start, seg.end, pairs) : Infinity;
    fruitless = excess < baseline ? 0 : fruitless + 1;
    if (pairs && (excess === 0 || !canGrow || fruitless >= tuning.patience)) {
      solved.set(seg, { pairs, excess });
      return i;
    }
    if (!canGrow) {
      solved.set(seg, {
        pairs: matchPositions(pool, positions, { allowRematch: true, noise: rng })!,
        excess: Infinity,
      });
      return i;
    }
    // What the grown window has to beat: this result plus whatever the windows it swallows already cost.
    baseline = excess;
    i = grow(segments, i, step, (absorbed) => {
      baseline += solved.get(absorbed)?.excess ?? 0;
      solved.delete(absorbed);
    });
    step *= 2;
  }
}

/** Takes `step` players from each neighbouring middle, or merges a neighbouring window whole. */
function grow(segments: Segment[], index: number, step: number, absorb: (window: Segment) => void): number {
  let i = index;
  const seg = segments[i]!;
  const below = segments[i + 1];
  if (below) {
    if (below.kind === 'middle') {
      const take = Math.min(step, below.end - below.start);
      below.start += take;
      seg.end += take;
      if (below.start === below.end) segments.splice(i + 1, 1);
    } else {
      seg.end = below.end;
      absorb(below);
      segments.splice(i + 1, 1);
    }
  }
  const above = segments[i - 1];
  if (above) {
    if (above.kind === 'middle') {
      const take = Math.min(step, above.end - above.start);
      above.end -= take;
      seg.start -= take;
      if (above.start === above.end) {
        segments.splice(i - 1, 1);
        i -= 1;
      }
    } else {
      seg.start = above.start;
      absorb(above);
      segments.splice(i - 1, 1);
      i -= 1;
    }
  }
  return i;
}

/**
 * A window pairs the top and bottom of a big group among themselves whenever they are not
 * needed for a float; those pairs go back to the group's middle, so that everyone in a score
 * group meets a random member of it, not just their neighbours in the standings.
 */
function handBackFillers(pool: Pool, segments: Segment[], solved: Map<Segment, Solution>): void {
  segments.forEach((seg, i) => {
    const solution = solved.get(seg);
    if (seg.kind !== 'window' || solution === undefined) return;
    solution.pairs = solution.pairs.filter(([a, b]) => {
      if (pool.group[a] !== pool.group[b]) return true;
      const middle = [segments[i - 1], segments[i + 1]].find(
        (s) => s !== undefined && s.kind === 'middle' && pool.group[s.start] === pool.group[a],
      );
      if (middle === undefined) return true;
      middle.extra.push(a, b);
      return false;
    });
  });
}

/** Shuffles the middle and pairs it in order; rematches are re-paired in a small window. False if impossible. */
function pairMiddle(pool: Pool, rng: RandomGenerator, seg: Segment, solved: Map<Segment, Solution>): boolean {
  const order = shuffle(rng, [...rangeOf(seg.start, seg.end), ...seg.extra]);
  const good: PositionPair[] = [];
  const conflicted: number[] = [];
  for (let k = 0; k + 1 < order.length; k += 2) {
    const a = order[k]!;
    const b = order[k + 1]!;
    if (metBefore(pool, a, b)) conflicted.push(a, b);
    else good.push([a, b]);
  }
  if (conflicted.length === 0) {
    solved.set(seg, { pairs: good, excess: 0 });
    return true;
  }
  for (let borrowed = Math.max(8, conflicted.length); ; borrowed *= 2) {
    const take = Math.min(borrowed, good.length);
    const window = [...conflicted, ...good.slice(0, take).flat()];
    const repaired = matchPositions(pool, window, { allowRematch: false, noise: rng });
    if (repaired) {
      solved.set(seg, { pairs: [...repaired, ...good.slice(take)], excess: 0 });
      return true;
    }
    if (take === good.length) return false;
  }
}

/** A middle that cannot pair itself becomes one window with its neighbouring windows. */
function absorbMiddle(segments: Segment[], index: number): void {
  const seg = segments[index]!;
  seg.kind = 'window';
  const first = segments[index - 1]?.kind === 'window' ? index - 1 : index;
  const last = segments[index + 1]?.kind === 'window' ? index + 1 : index;
  seg.start = segments[first]!.start;
  seg.end = segments[last]!.end;
  segments.splice(first, last - first + 1, seg);
}

function rangeOf(start: number, end: number): number[] {
  return Array.from({ length: end - start }, (_, k) => start + k);
}
