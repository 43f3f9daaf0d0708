import type { Command } from 'commander';
import type { Io } from '../output.js';

/** One line per command file; each file adds its own subcommand to the program. */
export function registerCommands(program: Command, io: Io): void {
  void program;
  void io;
}
