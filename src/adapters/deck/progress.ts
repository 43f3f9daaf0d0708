import cliProgress from 'cli-progress';
import type { Io } from '../cli/output.js';

/** A progress bar a long job reports to; a no-op when it is not shown. */
export interface Progress {
  start(total: number): void;
  update(done: number): void;
  stop(): void;
}

const silent: Progress = { start() {}, update() {}, stop() {} };

/**
 * A bar on stderr, shown only when stderr is a terminal or `force` (--progress) asks for it,
 * so piped output and --json stay clean. `percent` suits byte counts, `count` items.
 */
export function progressBar(io: Io, label: string, force: boolean, show: 'count' | 'percent' = 'count'): Progress {
  const stream = io.stderr as NodeJS.WritableStream & { isTTY?: boolean };
  if (!force && stream.isTTY !== true) return silent;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} [{bar}] ${show === 'count' ? '{value}/{total}' : '{percentage}%'}`,
      noTTYOutput: true,
      notTTYSchedule: 1000,
      hideCursor: stream.isTTY === true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    start: (total) => bar.start(total, 0),
    update: (done) => bar.update(done),
    stop: () => bar.stop(),
  };
}
