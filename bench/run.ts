/**
 * The benchmark suite (issue 7), separate from the tests:
 *
 *   npm run bench                       every part
 *   npm run bench -- pairing decks      some parts (pairing, decks, standings, server, attack, postgres, slow-disk, scale, console, player-page, uploads, readers, list, ycsj, day, calls, submissions, series, webhooks, backup)
 *   npm run bench -- --quick            a short smoke run (results go to <part>.quick.json)
 *   npm run bench -- --readme           after a full run: copy the tables into docs/performance.md
 *
 * Each part prints one table (target, median, min, max, pass/miss) and writes
 * bench/results/<part>.json with every measurement behind it and bench/results/<part>.md.
 */
import { PAGE, updatePerformanceTables } from './lib/readme-block.js';
import { renderTable } from './lib/report-table.js';
import { environment, writeResults, type PartResult } from './lib/results-file.js';
import { deckBench } from './decks/deck-bench.js';
import { attackBench } from './server/attack-bench.js';
import { consoleBench } from './console/console-bench.js';
import { playerPageBench } from './console/player-page-bench.js';
import { postgresBench } from './server/postgres-bench.js';
import { listBench } from './server/list-bench.js';
import { readersBench } from './server/readers-bench.js';
import { scaleBench } from './server/scale-bench.js';
import { serverBench } from './server/server-bench.js';
import { slowDiskBench } from './server/slow-disk-bench.js';
import { uploadBench } from './server/upload-bench.js';
import { seriesBench } from './series/series-bench.js';
import { standingsBench } from './standings/standings-bench.js';
import { pairingBench } from './swiss/pairing-bench.js';
import { callsBench } from './venue/calls-bench.js';
import { dayBench } from './venue/day-bench.js';
import { submissionsBench } from './venue/submissions-bench.js';
import { ycsjBench } from './venue/ycsj-bench.js';
import { webhookBench } from './server/webhook-bench.js';
import { backupBench } from './server/backup-bench.js';

type Log = (line: string) => void;
const PARTS: Readonly<Record<string, (quick: boolean, log: Log) => Promise<PartResult>>> = {
  pairing: pairingBench,
  decks: deckBench,
  standings: standingsBench,
  server: serverBench,
  attack: attackBench,
  postgres: postgresBench,
  console: consoleBench,
  'player-page': playerPageBench,
  'slow-disk': slowDiskBench,
  scale: scaleBench,
  uploads: uploadBench,
  readers: readersBench,
  list: listBench,
  ycsj: ycsjBench,
  day: dayBench,
  calls: callsBench,
  submissions: submissionsBench,
  series: seriesBench,
  webhooks: webhookBench,
  backup: backupBench,
};

function parseArgs(argv: readonly string[]): { parts: string[]; quick: boolean; verbose: boolean; readme: boolean } {
  const unknown = argv.filter((a) => a.startsWith('-') && !['--quick', '--verbose', '--readme'].includes(a));
  const named = argv.filter((a) => !a.startsWith('-'));
  const wrong = named.filter((p) => !(p in PARTS));
  if (unknown.length > 0 || wrong.length > 0) {
    console.error(
      `bench: unknown ${[...unknown, ...wrong].join(', ')}; parts: ${Object.keys(PARTS).join(', ')}; options: --quick, --verbose, --readme`,
    );
    process.exit(2);
  }
  const readme = argv.includes('--readme');
  // --readme alone only copies the latest results; with parts it runs them first.
  const parts = named.length > 0 ? named : readme ? [] : Object.keys(PARTS);
  return { parts, quick: argv.includes('--quick'), verbose: argv.includes('--verbose'), readme };
}

async function main(): Promise<void> {
  const { parts, quick, verbose, readme } = parseArgs(process.argv.slice(2));
  const env = environment();
  if (parts.length > 0)
    console.log(
      `shinpan bench${quick ? ' (quick)' : ''}: ${parts.join(', ')} on ${env.cpu}, Node ${env.node}, load ${env.loadAverage.join(' ')}`,
    );
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  // Verbose lines carry the time, to line them up with the servers' request log or a CPU profile.
  const log: Log = verbose
    ? (line) => console.log(`  ${new Date().toISOString()} ${line}`)
    : (line) => process.stderr.write(`\r\x1b[K  ${line.slice(0, (process.stderr.columns ?? 120) - 3)}`);
  let missed = 0;
  const started = performance.now();
  for (const part of parts) {
    const partStarted = performance.now();
    const result = await PARTS[part]!(quick, log);
    if (!verbose) process.stderr.write('\r\x1b[K');
    const seconds = ((performance.now() - partStarted) / 1000).toFixed(0);
    const table = renderTable(`${result.title} (${seconds} s)`, result.rows);
    const file = writeResults(result, { quick, command, table });
    console.log(`\n${table}`);
    for (const note of result.notes) console.log(`- ${note}`);
    console.log(`→ ${file}`);
    missed += result.rows.filter((r) => r.pass === false).length;
  }
  if (parts.length > 0)
    console.log(
      `\n${missed === 0 ? 'every target met' : `${missed} target${missed === 1 ? '' : 's'} missed`} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  if (readme)
    console.log(
      updatePerformanceTables()
        ? `${PAGE}: tables updated from bench/results/`
        : `${PAGE}: no bench:results markers found`,
    );
}

await main();
