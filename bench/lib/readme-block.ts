import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, repoRoot } from './results-file.js';

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';
const PARTS = ['pairing', 'decks', 'standings', 'server', 'attack'];
export const PAGE = 'docs/performance.md';

/**
 * Puts the latest full results (bench/results/<part>.md) between the two markers of
 * docs/performance.md (what `--readme` updates: the README itself only links there); the prose
 * around them is written by hand. Answers false when the page has no markers.
 */
export function updatePerformanceTables(): boolean {
  const page = join(repoRoot, PAGE);
  const text = readFileSync(page, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) return false;
  const tables = PARTS.map((part) => join(benchDir, 'results', `${part}.md`))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8').trim());
  const machine = machineLine();
  writeFileSync(page, `${text.slice(0, from + START.length)}\n${machine}\n\n${tables.join('\n\n')}\n${text.slice(to)}`);
  return true;
}

function machineLine(): string {
  const file = join(benchDir, 'results', 'pairing.json');
  if (!existsSync(file)) return '';
  const { environment: e, command } = JSON.parse(readFileSync(file, 'utf8')) as {
    environment: { date: string; node: string; cpu: string; loadAverage: number[]; commit: string | null };
    command: string;
  };
  return `Measured ${e.date.slice(0, 10)} with \`${command}\` on ${e.cpu} cores, Node ${e.node}, load average ${e.loadAverage.join(' / ')} (1, 5, 15 min) as the pairing part ended (commit ${e.commit ?? 'unknown'} plus work in progress).`;
}
