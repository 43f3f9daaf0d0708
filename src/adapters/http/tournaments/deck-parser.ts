import type { Worker } from 'node:worker_threads';
import type { Deck } from '../../../core/deck/deck.js';
import type { FormatError } from '../../../core/deck/format-error.js';
import type { Result } from '../../../core/result.js';
import { HttpError } from '../errors.js';
import type { ParseRequest } from './deck-parse-worker.js';
import { workerOf } from '../../worker-threads.js';
import { M } from '../messages/tournaments.js';

/**
 * Text waiting for the worker beyond this is refused (429): a flood queues no unbounded work,
 * while one bulk registration (a body holds at most 2 MiB) always fits.
 */
export const MAX_WAITING_CHARACTERS = 8 * 1024 * 1024;

type Answer =
  | { readonly id: number; readonly result: Result<Deck, FormatError[]> }
  | { readonly id: number; readonly failure: string };

interface Pending {
  readonly characters: number;
  readonly resolve: (result: Result<Deck, FormatError[]>) => void;
  readonly reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();
let waitingCharacters = 0;

function startWorker(): Worker {
  const started = workerOf(import.meta.url, 'deck-parse-worker');
  // An idle worker does not keep the process (a CLI run, a test) alive.
  started.unref();
  started.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    waitingCharacters -= waiting.characters;
    if ('failure' in answer) waiting.reject(new Error(answer.failure));
    else waiting.resolve(answer.result);
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    waitingCharacters = 0;
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the decklist worker stopped (exit ${code})`)));
  return started;
}

/**
 * Reads a plain-text or .ydk list in the one decklist worker thread, at most `suggestions`
 * closest-name searches for it. Lists are read one after the other; past MAX_WAITING_CHARACTERS
 * waiting the answer is 429 with Retry-After.
 */
export function parseInWorker(
  text: string,
  hint: 'ydk' | 'text',
  suggestions: number,
): Promise<Result<Deck, FormatError[]>> {
  if (waitingCharacters + text.length > MAX_WAITING_CHARACTERS) {
    throw new HttpError(429, 'server-busy', M.text('decklists-busy'), undefined, { 'retry-after': '2' });
  }
  worker ??= startWorker();
  const id = nextId++;
  const request: ParseRequest = { id, text, hint, suggestions };
  return new Promise((resolve, reject) => {
    pending.set(id, { characters: text.length, resolve, reject });
    waitingCharacters += text.length;
    // While a list is being read the worker keeps the process alive, so the answer arrives.
    worker!.ref();
    worker!.postMessage(request);
  }).finally(() => {
    if (pending.size === 0) worker?.unref();
  }) as Promise<Result<Deck, FormatError[]>>;
}
