import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { penaltiesCsv, standingsCsv, standingsExport } from '../../../app/exports.js';
import { penaltyLog } from '../../../app/penalty-log.js';
import { tardinessCsv, tardinessLog } from '../../../app/tardiness-log.js';
import { resultsReport, resultsReportCsv } from '../../../app/reports/results-report.js';
import type { Lang } from '../../../core/text.js';
import { CliError } from '../cli-error.js';
import { withDbOptions, type DbOptions } from '../db-options.js';
import { atDesk } from '../desk.js';
import { pickLang } from '../lang.js';
import { choiceOption } from '../option-values.js';
import type { Io } from '../output.js';
import { exportMessages as M } from '../messages/export.js';

interface ExportOptions extends DbOptions {
  readonly format?: string;
  readonly out?: string;
}

const WHAT = ['standings', 'penalties', 'tardiness', 'results'] as const;
const FORMATS = ['csv', 'json'] as const;

/** Writes the export to --out (saying so on stderr) or to stdout. */
function deliver(text: string, rows: number, out: string | undefined, io: Io, lang: Lang): void {
  if (out === undefined) return void io.stdout.write(text);
  try {
    writeFileSync(out, text);
  } catch (error) {
    throw new CliError(`${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  io.stderr.write(M.say(lang, 'wrote', { out, rows, value: rows === 1 ? 'row' : 'rows' }));
}

async function exportData(what: string, options: ExportOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  const kind = choiceOption('export', what, WHAT, lang);
  const format = choiceOption('--format', options.format ?? (options.json ? 'json' : ''), FORMATS, lang);
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    if (kind === 'standings') {
      const rows = standingsExport(t);
      deliver(
        format === 'csv' ? standingsCsv(rows, lang) : `${JSON.stringify(rows, null, 2)}\n`,
        rows.length,
        options.out,
        io,
        lang,
      );
    } else if (kind === 'tardiness') {
      const entries = tardinessLog(t);
      deliver(
        format === 'csv' ? tardinessCsv(t, entries, lang) : `${JSON.stringify(entries, null, 2)}\n`,
        entries.length,
        options.out,
        io,
        lang,
      );
    } else if (kind === 'results') {
      const report = resultsReport(desk.tournamentId, t);
      deliver(
        format === 'csv' ? resultsReportCsv(report, lang) : `${JSON.stringify(report, null, 2)}\n`,
        report.top.length + report.penalties.length,
        options.out,
        io,
        lang,
      );
    } else {
      const entries = penaltyLog(t);
      deliver(
        format === 'csv' ? penaltiesCsv(t, entries, lang) : `${JSON.stringify(entries, null, 2)}\n`,
        entries.length,
        options.out,
        io,
        lang,
      );
    }
  });
}

/** Registers `shinpan export standings|penalties|tardiness`. */
export function registerExportCommand(program: Command, io: Io): void {
  withDbOptions(
    program
      .command('export')
      .description(
        'Export the standings, the penalty log, the tardiness table or the results report (participants, top places, penalties) as CSV (UTF-8 with BOM, for Excel) or JSON / 順位表・罰則ログ・遅刻一覧・結果報告の書き出し',
      )
      .argument('<what>', 'standings, penalties, tardiness or results')
      .option('--format <format>', 'csv or json (--json is --format json) / 形式')
      .option('--out <file>', 'write to a file instead of stdout / 出力ファイル'),
  ).action((what: string, options: ExportOptions) => exportData(what, options, io));
}
