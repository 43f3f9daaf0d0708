/*
 * Work that can be made in pieces. At 8,192 players a public view of the round being played
 * (its standings, its board) took 20–60 ms to make, in one piece, each time it was due; the
 * shell's event loop served nobody meanwhile (docs/performance.md). Made from an immutable
 * state, such a view can be paused anywhere: its maker is a generator that yields between
 * pieces of its work, and the shell runs it a slice at a time (app/in-turns.ts). The core stays
 * pure: a making knows nothing of clocks or loops, only where it may be paused.
 */

/** A maker of `T` that yields between pieces of its work (each piece well under a millisecond or two). */
export type Making<T> = Generator<void, T, undefined>;

/** Runs `making` to its end in one piece (a caller that needs the value now: a small view, a test, the CLI). */
export function atOnce<T>(making: Making<T>): T {
  let step = making.next();
  while (!step.done) step = making.next();
  return step.value;
}
