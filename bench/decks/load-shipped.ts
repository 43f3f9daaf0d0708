/**
 * Run as its own process by the deck benchmark: how long loading the shipped card database and
 * then the F/L history takes in a fresh process (what every CLI command and a starting server
 * pay once). Prints the two times in milliseconds.
 */
import { shippedCards, shippedListHistory } from '../../src/adapters/deck/ocg-data.js';

const started = performance.now();
shippedCards();
const cards = performance.now();
shippedListHistory();
process.stdout.write(`${cards - started} ${performance.now() - cards}\n`);
