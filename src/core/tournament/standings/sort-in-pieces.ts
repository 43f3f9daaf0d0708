import type { Making } from '../../making.js';

/** Comparisons made between two pauses of `sortInPieces`. */
const COMPARISONS_PER_PIECE = 2_048;

/**
 * Sorts `items` in place by `compare`, stably, pausing every COMPARISONS_PER_PIECE comparisons
 * (core/making.ts): the first standings of 8,192 players sorted in one piece held the loop for
 * 20 ms and more. A natural merge sort: the runs already in order are found first and merged
 * pairwise, so a list that was sorted before and moved a little (the standings after one more
 * result, sorted from the last order) takes a pass or two, not log₂ n.
 */
export function* sortInPieces<T>(items: T[], compare: (a: T, b: T) => number): Making<void> {
  const n = items.length;
  if (n < 2) return;
  let made = 0;
  let runs: number[] = [0];
  for (let i = 1; i < n; i++) {
    if (compare(items[i - 1] as T, items[i] as T) > 0) runs.push(i);
    if (++made % COMPARISONS_PER_PIECE === 0) yield;
  }
  runs.push(n);
  let from = items;
  let to = new Array<T>(n);
  while (runs.length > 2) {
    const merged: number[] = [0];
    for (let r = 0; r + 1 < runs.length; r += 2) {
      const lo = runs[r] as number;
      const mid = runs[r + 1] as number;
      // An odd run out at the end is copied over as it is.
      const hi = r + 2 < runs.length ? (runs[r + 2] as number) : mid;
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        // Ties keep the earlier run's item first: stable.
        if (compare(from[j] as T, from[i] as T) < 0) to[k++] = from[j++] as T;
        else to[k++] = from[i++] as T;
        if (++made % COMPARISONS_PER_PIECE === 0) yield;
      }
      while (i < mid) to[k++] = from[i++] as T;
      while (j < hi) to[k++] = from[j++] as T;
      merged.push(hi);
    }
    [from, to] = [to, from];
    runs = merged;
  }
  if (from !== items) for (let i = 0; i < n; i++) items[i] = from[i] as T;
}
