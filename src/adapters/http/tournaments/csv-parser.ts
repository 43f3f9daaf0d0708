import type { parsePlayersCsv, PlayerCsvRow } from '../../../app/csv-players.js';
import type { CsvProblem } from '../../../app/csv.js';
import type { Result } from '../../../core/result.js';
import { runTask, tasksBusy } from '../../worker-threads.js';
import { HttpError } from '../errors.js';
import { M } from '../messages/tournaments.js';

/** A player CSV that takes longer than this to read is refused; 2 MB of CSV reads in well under a second. */
export const CSV_READ_MS = 10_000;

/** The rows of a player CSV (or its problems), read in a worker of its own; 429 while two uploads are being read. */
export async function parsePlayersCsvInWorker(csv: string): Promise<Result<PlayerCsvRow[], CsvProblem[]>> {
  const run = await runTask<string, ReturnType<typeof parsePlayersCsv>>(
    import.meta.url,
    'csv-parse-worker',
    csv,
    CSV_READ_MS,
  );
  switch (run.kind) {
    case 'done':
      return run.value;
    case 'busy':
      throw uploadsBusy('body.csv');
    case 'timeout':
      throw new HttpError(400, 'invalid-csv', M.text('csv-too-slow', { seconds: CSV_READ_MS / 1000 }), 'body.csv');
    case 'failed':
      throw new Error(`the player CSV worker failed: ${run.message}`);
  }
}

/** 429 while every task worker is taken: an upload sent now would wait for none of them. */
export function uploadsBusy(path: string): HttpError {
  return new HttpError(429, 'server-busy', M.text('uploads-busy'), path, { 'retry-after': '2' });
}

/** For a route's `beforeBody`: an upload refused before its body is read while every task worker is taken. */
export function refuseUploadWhileBusy(path: string): () => HttpError | undefined {
  return () => (tasksBusy() ? uploadsBusy(path) : undefined);
}
