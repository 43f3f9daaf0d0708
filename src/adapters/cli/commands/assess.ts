import type { Command } from 'commander';
import type { AssessReport } from '../../../core/policy/assess-types.js';
import { assess } from '../../../core/policy/assess.js';
import { loadPack } from '../../policy/pack-file.js';
import { CliError } from '../cli-error.js';
import { printJson, readAll, type Io } from '../output.js';

const EXAMPLE = `echo '{"infraction":"tardiness","facts":{"minutesLate":6},"phase":"in-duel"}' | shinpan assess`;

/** `shinpan assess`: one JSON report on stdin, the guideline decision as JSON on stdout. */
export function registerAssess(program: Command, io: Io): void {
  program
    .command('assess')
    .description(
      'the guideline decision for one infraction report (JSON on stdin) / 違反の報告（標準入力のJSON）から目安の罰則を出す',
    )
    .option('--policy <file>', 'policy pack to apply (default: the shipped ocg-5ds pack) / 適用する罰則規定ファイル')
    .addHelpText('after', `\nExample / 例:\n  ${EXAMPLE}\n`)
    .action(async (options: { policy?: string }) => {
      const pack = loadPack(options.policy);
      if (!pack.ok) throw new CliError(pack.error);
      // A terminal on stdin means nobody piped a report: say how instead of waiting silently.
      if ((io.stdin as { isTTY?: boolean }).isTTY)
        throw new CliError(`stdin: expected one JSON report, e.g. ${EXAMPLE}`);
      // Editors on Windows save JSON with a byte-order mark; it is not part of the report.
      const text = (await readAll(io.stdin)).replace(/^\uFEFF/, '');
      if (text.trim() === '') throw new CliError('stdin: empty (expected one JSON report)');
      let report: unknown;
      try {
        report = JSON.parse(text);
      } catch (error) {
        throw new CliError(`stdin: invalid JSON: ${(error as Error).message}`);
      }
      // assess checks the report field by field at run time, so the parsed JSON goes in as is.
      const decision = assess(report as AssessReport, pack.value);
      if (!decision.ok) throw new CliError(`stdin: ${decision.error.message}`);
      printJson(io, decision.value);
    });
}
