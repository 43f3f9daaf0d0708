/**
 * Run as its own process by the deck benchmark: how long loading the shipped card database and
 * F/L history takes in a fresh process (what every CLI command and a starting server pay once).
 * Prints the milliseconds.
 */
import { shippedCards, shippedListHistory } from '../../src/adapters/deck/ocg-data.js';

const started = performance.now();
shippedCards();
shippedListHistory();
process.stdout.write(`${performance.now() - started}\n`);
