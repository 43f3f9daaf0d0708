import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { main } from '../../src/adapters/cli/main.js';
import { defaultPackPath } from '../../src/adapters/policy/pack-file.js';

/** The shipped pack as raw JSON, a fresh copy each call so a test may break it freely. */
export function rawPack(): Record<string, any> {
  return JSON.parse(readFileSync(defaultPackPath(), 'utf8'));
}

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real CLI in process with `stdin` as its input and captured output streams. */
export async function runCli(args: readonly string[], stdin = ''): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'shinpan', ...args], {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: Readable.from([stdin]),
  });
  return { code, stdout, stderr };
}
