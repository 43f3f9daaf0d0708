/*
 * A child process that pairs rounds with one peer library, so the parent can kill it when a
 * round runs past the time limit. Messages in: { peer, input }. Messages out: `prepared` once
 * the peer's state is built, then `paired` with the time of the pairing call alone, or `failed`.
 */
import type { RoundInput } from '../swiss/swiss-event-sim.js';
import { PEERS } from './peers.js';

interface Request {
  readonly peer: string;
  readonly input: RoundInput;
}

process.on('message', (request: Request) => {
  void handle(request);
});

async function handle({ peer, input }: Request): Promise<void> {
  const adapter = PEERS.find((p) => p.name === peer);
  try {
    if (!adapter) throw new Error(`unknown peer ${peer}`);
    const pair = await adapter.prepare(input);
    process.send!({ kind: 'prepared' });
    const started = performance.now();
    const pairing = pair();
    const ms = performance.now() - started;
    process.send!({ kind: 'paired', ms, pairing });
  } catch (error) {
    process.send!({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
