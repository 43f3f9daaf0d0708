import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SwissPairing } from '../../src/core/tournament/pairing/swiss-pairing.js';
import { benchDir } from '../lib/results-file.js';
import type { RoundInput } from '../swiss/swiss-event-sim.js';

const peersDir = join(benchDir, 'peers');

/** What one peer round came to. */
export type PeerRound =
  | { readonly kind: 'paired'; readonly ms: number; readonly pairing: SwissPairing }
  | { readonly kind: 'timeout'; readonly phase: 'prepare' | 'pair'; readonly limitMs: number }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Installs the peers into bench/peers/node_modules on first use (never as dependencies of
 * shinpan). Returns the versions installed, or why they could not be.
 */
export function ensurePeers(names: readonly string[]): { versions: Record<string, string> } | { error: string } {
  const missing = names.filter((n) => !existsSync(join(peersDir, 'node_modules', n, 'package.json')));
  if (missing.length > 0) {
    console.error(`installing the peers for the comparison (${missing.join(', ')}) into bench/peers/node_modules…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const done = spawnSync(npm, ['install', '--prefix', peersDir, '--no-audit', '--no-fund'], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (done.status !== 0) return { error: `npm install --prefix bench/peers failed (${done.error?.message ?? `exit ${done.status}`})` };
  }
  const versions: Record<string, string> = {};
  for (const n of names) versions[n] = (JSON.parse(readFileSync(join(peersDir, 'node_modules', n, 'package.json'), 'utf8')) as { version: string }).version;
  return { versions };
}

/**
 * One peer in its own process. A round that runs past the limit (building the peer's state and
 * the pairing call are each given the limit) kills the process; the next round forks a new one.
 */
export class PeerProcess {
  #child: ChildProcess | null = null;

  constructor(
    readonly peer: string,
    readonly limitMs: number,
  ) {}

  /** Pairs one round in the child process. */
  round(input: RoundInput): Promise<PeerRound> {
    const child = this.#spawn();
    return new Promise((resolve) => {
      let phase: 'prepare' | 'pair' = 'prepare';
      let timer = setTimeout(() => expire(), this.limitMs);
      const expire = () => {
        finish({ kind: 'timeout', phase, limitMs: this.limitMs });
        this.stop();
      };
      const onMessage = (message: { kind: string; ms?: number; pairing?: SwissPairing; message?: string }) => {
        if (message.kind === 'prepared') {
          phase = 'pair';
          clearTimeout(timer);
          timer = setTimeout(() => expire(), this.limitMs);
        } else if (message.kind === 'paired') finish({ kind: 'paired', ms: message.ms!, pairing: message.pairing! });
        else finish({ kind: 'failed', message: message.message ?? 'unknown failure' });
      };
      const onExit = (code: number | null, signal: string | null) => {
        this.#child = null;
        finish({ kind: 'failed', message: `the peer's process ended (${signal ?? `exit ${code}`})` });
      };
      const finish = (result: PeerRound) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(result);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ peer: this.peer, input });
    });
  }

  /** Ends the child process (by its own handle), if one runs. */
  stop(): void {
    this.#child?.kill('SIGKILL');
    this.#child = null;
  }

  #spawn(): ChildProcess {
    if (this.#child) return this.#child;
    // A peer that builds a graph too big for memory fails on its own instead of pushing the machine into swap.
    const child = fork(join(peersDir, 'peer-worker.ts'), [], { execArgv: [...process.execArgv, '--max-old-space-size=2048'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.#child = child;
    return child;
  }
}
