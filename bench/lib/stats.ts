/** A figure measured several times: its median, extremes and how many runs it is made of. */
export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
}

/** The median, min and max of `values` (NaN for none). */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, runs: 0 };
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { median, min: s[0]!, max: s[s.length - 1]!, runs: s.length };
}

/** Milliseconds `work` takes, on a high-resolution clock. */
export function timeMs(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** Wall-clock and process CPU milliseconds of `work` (CPU time is steadier when other work shares the cores). */
export function timeAndCpu(work: () => void): { ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  work();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

/** Runs `work` `runs` times (after a collection, when --expose-gc allows) and returns each run's milliseconds. */
export function repeatMs(runs: number, work: () => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    collectGarbage();
    times.push(timeMs(work));
  }
  return times;
}

/** Asks for a full collection so one run's garbage does not land in the next run's time. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export const sum = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0);
