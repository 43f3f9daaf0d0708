import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, repoRoot } from './results-file.js';

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';
const PARTS = ['pairing', 'decks', 'standings', 'server', 'attack'];

/**
 * Puts the latest full results (bench/results/<part>.md) between the two markers of the
 * README's Performance section; the prose around them is written by hand. Answers false when
 * the README has no markers.
 */
export function updateReadmeBlock(): boolean {
  const readme = join(repoRoot, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) return false;
  const tables = PARTS.map((part) => join(benchDir, 'results', `${part}.md`))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8').trim().replace(/^### /, '#### '));
  const machine = machineLine();
  writeFileSync(
    readme,
    `${text.slice(0, from + START.length)}\n${machine}\n\n${tables.join('\n\n')}\n${text.slice(to)}`,
  );
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
