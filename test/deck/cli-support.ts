import { Readable } from 'node:stream';
import { main } from '../../src/adapters/cli/main.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `shinpan ARGS` in-process with captured streams (stderr is not a terminal). */
export async function shinpan(...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: {
      write: (s: string) => {
        stdout += s;
        return true;
      },
    },
    stderr: {
      write: (s: string) => {
        stderr += s;
        return true;
      },
    },
    stdin: Readable.from([]),
  };
  const code = await main(['node', 'shinpan', ...args], io);
  return { code, stdout, stderr };
}
