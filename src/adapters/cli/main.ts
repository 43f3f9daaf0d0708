import { Command, CommanderError } from 'commander';
import { CliError } from './cli-error.js';
import { processIo, type Io } from './output.js';
import { registerCommands } from './commands/index.js';
import { SHINPAN_VERSION } from '../version.js';

/** Builds the whole `shinpan` program; each command lives in its own file under commands/. */
export function buildProgram(io: Io): Command {
  const program = new Command('shinpan')
    .description('Yu-Gi-Oh! OCG tournament software: penalties, rounds, deck checks / 遊戯王OCG 大会運営ソフト')
    .version(SHINPAN_VERSION, '-V, --version', 'print the release / バージョンを表示')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showHelpAfterError();
  registerCommands(program, io);
  return program;
}

/** Runs the CLI and returns the exit status: 0 done, 2 bad input (nothing written), 1 an unexpected failure. */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv]);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with code 0.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof CliError) {
      io.stderr.write(`shinpan: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr.write(
      `shinpan: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}
