import { parentPort } from 'node:worker_threads';
import { limitSuggestions } from '../../../core/deck/card-names.js';
import { parseDecklist } from '../../../core/deck/decklist-format.js';
import { shippedCatalogue } from './deck-input.js';

/** One decklist to read, as the server sends it to the worker. */
export interface ParseRequest {
  readonly id: number;
  readonly text: string;
  readonly hint: 'ydk' | 'text';
  readonly suggestions: number;
}

// Reads plain-text and .ydk lists away from the server's event loop: looking up and suggesting
// names for hundreds of lines must not hold up a health check or a judge's result entry.
parentPort?.on('message', (request: ParseRequest) => {
  shippedCatalogue().then(
    (catalogue) => {
      const result = limitSuggestions(request.suggestions, () => parseDecklist(request.text, catalogue, request.hint));
      parentPort?.postMessage({ id: request.id, result });
    },
    (error: unknown) => parentPort?.postMessage({ id: request.id, failure: String(error) }),
  );
});
