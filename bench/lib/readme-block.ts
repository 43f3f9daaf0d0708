import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir, repoRoot } from './results-file.js';

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';
const PARTS = [
  'pairing',
  'decks',
  'standings',
  'server',
  'attack',
  'uploads',
  'scale',
  'slow-disk',
  'postgres',
  'readers',
  'list',
  'ycsj',
  'day',
  'calls',
  'submissions',
  'backup',
  'webhooks',
];
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
  // Parts run at different times on a shared machine: each table says when and under what load.
  const tables = PARTS.filter((part) => existsSync(join(benchDir, 'results', `${part}.md`))).map(
    (part) => `${readFileSync(join(benchDir, 'results', `${part}.md`), 'utf8').trim()}\n\n${measuredLine(part)}`,
  );
  writeFileSync(page, `${text.slice(0, from + START.length)}\n${tables.join('\n\n')}\n${text.slice(to)}`);
  return true;
}

function measuredLine(part: string): string {
  const file = join(benchDir, 'results', `${part}.json`);
  if (!existsSync(file)) return '';
  const { environment: e, command } = JSON.parse(readFileSync(file, 'utf8')) as {
    environment: { date: string; node: string; cpu: string; loadAverage: number[]; commit: string | null };
    command: string;
  };
  return `_Measured ${e.date.slice(0, 16).replace('T', ' ')} UTC with \`${command}\` on ${e.cpu} cores, Node ${e.node}, load average ${e.loadAverage.join(' / ')} (1, 5, 15 min) at the end of the part, commit ${e.commit ?? 'unknown'}._`;
}
