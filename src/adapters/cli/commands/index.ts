import type { Command } from 'commander';
import type { Io } from '../output.js';
import { registerAssess } from './assess.js';
import { registerPolicy } from './policy.js';
import { registerServe } from './serve.js';
import { registerDeckCommands } from './deck.js';
import { registerTournamentCommands } from './tournament.js';
import { registerPlayerCommands } from './player.js';
import { registerDecklistCommands } from './decklist.js';
import { registerEntryCommands } from './entry.js';
import { registerRoundCommands } from './round.js';
import { registerPhaseCommands } from './phase.js';
import { registerResultCommands } from './result.js';
import { registerPenaltyCommands } from './penalty.js';
import { registerStandingsCommand } from './standings.js';
import { registerRecordCommand } from './record.js';
import { registerExportCommand } from './export.js';
import { registerDemoCommand } from './demo.js';
import { registerReportCommands } from './report.js';
import { registerVerifyCommand } from './verify.js';
import { registerAccountCommands } from './account.js';
import { registerCallCommands } from './call.js';
import { registerBackupCommands } from './backup.js';

/** One line per command file; each file adds its own subcommand to the program. */
export function registerCommands(program: Command, io: Io): void {
  registerAssess(program, io);
  registerPolicy(program, io);
  registerServe(program, io);
  registerDeckCommands(program, io);
  registerTournamentCommands(program, io);
  registerPlayerCommands(program, io);
  registerEntryCommands(program, io);
  registerDecklistCommands(program, io);
  registerRoundCommands(program, io);
  registerPhaseCommands(program, io);
  registerResultCommands(program, io);
  registerPenaltyCommands(program, io);
  registerStandingsCommand(program, io);
  registerRecordCommand(program, io);
  registerExportCommand(program, io);
  registerReportCommands(program, io);
  registerVerifyCommand(program, io);
  registerDemoCommand(program, io);
  registerAccountCommands(program, io);
  registerCallCommands(program, io);
  registerBackupCommands(program, io);
}
