import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { eventBundle, MANIFEST, manifestText } from '../../../app/reports/event-bundle.js';
import { readLog } from '../../../app/reports/event-log.js';
import { incidentReportHtml } from '../../../app/reports/incident-html.js';
import { incidentReport } from '../../../app/reports/incident-report.js';
import { displayNames } from '../accounts-db.js';
import { CliError } from '../cli-error.js';
import type { DbOptions } from '../db-options.js';
import { withDbOptions } from '../db-options.js';
import { atDesk } from '../desk.js';
import { pickLang } from '../lang.js';
import { intOption } from '../option-values.js';
import { printJson, type Io } from '../output.js';
import { reportMessages as M } from '../messages/report.js';

/*
 * The head judge's paperwork from the desk: one penalty's incident report (printable HTML in
 * ja or en, or JSON), and the event bundle (a folder of files and a manifest of their hashes
 * and of the log's). `shinpan verify --bundle` (verify.ts) checks a bundle.
 */

interface IncidentOptions extends DbOptions {
  readonly penalty?: string;
  readonly out?: string;
}

interface EventOptions extends DbOptions {
  readonly out?: string;
}

/** Writes `text` to `path`, naming the file in the error. */
function writeOut(path: string, text: string, lang: 'ja' | 'en'): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (error) {
    throw new CliError(
      M.say(lang, 'out-failed', { out: path, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message }),
    );
  }
}

async function incident(options: IncidentOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  if (options.penalty === undefined) throw new CliError(M.say(lang, 'penalty-required'));
  const id = intOption('--penalty', options.penalty, 1, Number.MAX_SAFE_INTEGER, lang);
  await atDesk(options, async (desk) => {
    const t = await desk.tournament();
    const report = incidentReport(t, id, await displayNames(options.db, lang));
    if (report === undefined) throw new CliError(M.say(lang, 'no-such-penalty', { id, count: t.penalties.length }));
    const text = options.json === true ? `${JSON.stringify(report, null, 2)}\n` : incidentReportHtml(report, lang);
    if (options.out === undefined) return void io.stdout.write(text);
    writeOut(options.out, text, lang);
    io.stderr.write(M.say(lang, 'wrote-report', { out: options.out, id }));
  });
}

async function bundle(options: EventOptions, io: Io): Promise<void> {
  const lang = pickLang(options.lang);
  await atDesk(options, async (desk) => {
    await desk.tournament();
    const out = options.out ?? `shinpan-report-${desk.tournamentId}`;
    if (existsSync(out)) {
      let entries: string[];
      try {
        entries = readdirSync(out);
      } catch (error) {
        throw new CliError(
          M.say(lang, 'out-failed', { out, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message }),
        );
      }
      if (entries.length > 0) throw new CliError(M.say(lang, 'out-not-empty', { out }));
    }
    const { stored } = await readLog(desk.db.store, desk.tournamentId);
    const made = eventBundle(stored);
    if (made === undefined) throw new Error(`tournament ${desk.tournamentId}: the log holds no tournament`);
    for (const f of made.files) writeOut(join(out, ...f.path.split('/')), f.content, lang);
    writeOut(join(out, MANIFEST), manifestText(made.manifest), lang);
    if (options.json === true) return printJson(io, { out, manifest: made.manifest });
    io.stdout.write(
      M.say(lang, 'wrote-bundle', {
        out,
        files: made.files.length,
        events: made.manifest.log.events,
        sha: made.manifest.log.sha256,
      }),
    );
  });
}

/** Registers `shinpan report incident|event`. */
export function registerReportCommands(program: Command, io: Io): void {
  const group = program
    .command('report')
    .description("The head judge's paperwork: incident reports and the event bundle / ヘッドジャッジの書類");
  withDbOptions(
    group
      .command('incident')
      .description(
        'One penalty as a printable incident report (A4 HTML; --json for data) / 罰則1件のインシデントレポート（A4で印刷）',
      )
      .option('--penalty <id>', 'the penalty number / 罰則番号')
      .option('--out <file>', 'write to a file instead of stdout / 出力ファイル'),
  ).action((options: IncidentOptions) => incident(options, io));
  withDbOptions(
    group
      .command('event')
      .description(
        'After the event: recorded penalties, incident reports, standings and a manifest of SHA-256 hashes, in a new folder / 大会後の報告一式とハッシュ',
      )
      .option('--out <dir>', 'a new or empty folder (default ./shinpan-report-<tournament>) / 出力フォルダ'),
  ).action((options: EventOptions) => bundle(options, io));
}
