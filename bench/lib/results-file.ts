import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Row } from './report-table.js';

export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = join(benchDir, '..');

/** The machine and moment a result was measured on, so figures are never read without it. */
export function environment() {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    commit = null;
  }
  const cpu = cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: `${cpu[0]?.model ?? 'unknown'} ×${cpu.length}`,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
    commit,
  };
}

/** One part's results: its table rows, the raw measurements behind them and notes on misses. */
export interface PartResult {
  readonly part: string;
  readonly title: string;
  readonly rows: readonly Row[];
  readonly notes: readonly string[];
  readonly details: unknown;
}

/** Writes bench/results/<part>.json and the table as <part>.md. */
export function writeResults(result: PartResult, options: { quick: boolean; command: string; table: string }): string {
  const dir = join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${result.part}${options.quick ? '.quick' : ''}.json`);
  const body = { ...result, quick: options.quick, command: options.command, environment: environment() };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  const notes = result.notes.map((n) => `- ${n}`).join('\n');
  writeFileSync(file.replace(/\.json$/, '.md'), `${options.table}\n${notes ? `\n${notes}\n` : ''}`);
  return file;
}
