import type { Making } from '../core/making.js';

/*
 * A making (core/making.ts) run a slice at a time, with a turn of the event loop between
 * slices: every request and health check that arrives while a big view is made is served
 * within a slice, not after the whole view (docs/performance.md).
 */

/** The longest a slice runs before the loop gets a turn. */
export const SLICE_MS = 4;

/** What a making gave, and the loop's time it took (the slices', not the waits between them). */
export interface Made<T> {
  readonly value: T;
  readonly busyMs: number;
}

/** Runs `making` to its end, a slice per turn of the event loop. */
export async function inTurns<T>(making: Making<T>, sliceMs: number = SLICE_MS): Promise<Made<T>> {
  let busyMs = 0;
  for (;;) {
    const start = performance.now();
    let step = making.next();
    while (!step.done && performance.now() - start < sliceMs) step = making.next();
    busyMs += performance.now() - start;
    if (step.done) return { value: step.value, busyMs };
    await new Promise((resolve) => setImmediate(resolve));
  }
}
