import type { Command } from 'commander';
import type { AssessReport } from '../../../core/policy/assess-types.js';
import { assess } from '../../../core/policy/assess.js';
import type { Pack } from '../../../core/policy/pack-schema.js';
import { loadDefaultPack, loadPack } from '../../policy/pack-file.js';
import { CliError } from '../cli-error.js';
import { printJson, readAll, type Io } from '../output.js';

/** An example report in the pack's own words: its round clock's infraction, six minutes late. */
function example(pack: Pack): string {
  const { infraction, minutesFact } = pack.settings.tardiness;
  const report = JSON.stringify({ infraction, facts: { [minutesFact]: 6 }, phase: 'in-duel' });
  return `echo '${report}' | shinpan assess`;
}

/** `shinpan assess`: one JSON report on stdin, the guideline decision as JSON on stdout. */
export function registerAssess(program: Command, io: Io): void {
  program
    .command('assess')
    .description(
      'the guideline decision for one infraction report (JSON on stdin) / 違反の報告（標準入力のJSON）から目安の罰則を出す',
    )
    .option('--policy <file>', 'policy pack to apply (default: the shipped ocg-5ds pack) / 適用する罰則規定ファイル')
    .addHelpText('after', () => `\nExample / 例:\n  ${example(loadDefaultPack())}\n`)
    .action(async (options: { policy?: string }) => {
      const pack = loadPack(options.policy);
      if (!pack.ok) throw new CliError(pack.error);
      // A terminal on stdin means nobody piped a report: say how instead of waiting silently.
      if ((io.stdin as { isTTY?: boolean }).isTTY)
        throw new CliError(`stdin: expected one JSON report, e.g. ${example(pack.value)}`);
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
