import type { Command } from 'commander';
import type { Io } from '../output.js';
import { registerAssess } from './assess.js';
import { registerPolicy } from './policy.js';
import { registerDeckCommands } from './deck.js';

/** One line per command file; each file adds its own subcommand to the program. */
export function registerCommands(program: Command, io: Io): void {
  registerAssess(program, io);
  registerPolicy(program, io);
  registerDeckCommands(program, io);
}
