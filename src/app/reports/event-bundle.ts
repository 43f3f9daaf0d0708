import { fold } from '../../core/tournament/evolve.js';
import type { StoredEvent } from '../event-store.js';
import { penaltiesCsv, standingsCsv, standingsExport } from '../exports.js';
import { penaltyLog } from '../penalty-log.js';
import { toTournamentEvent } from '../stored-events.js';
import { incidentReportHtml } from './incident-html.js';
import { disqualificationReports } from './incident-report.js';
import { logDigest, sha256, type LogDigest } from './log-digest.js';

/*
 * What a head judge hands on after the event: the official record's penalties (warning and
 * above, in force) as CSV and JSON, an incident report for every disqualification (ja, en and
 * JSON), the final standings, and a manifest with the SHA-256 of the event log up to its last
 * event and of every file. Made from the log alone and nothing else (no clock, no settings), so
 * the same log always gives the same bytes: anyone holding the log can make the bundle again
 * and compare, and `verifyBundle` does exactly that.
 */

export const BUNDLE_FORMAT = 'shinpan-event-bundle/1';
export const MANIFEST = 'manifest.json';

export interface BundleFile {
  /** Relative, with "/" between folders. */
  readonly path: string;
  readonly content: string;
}

export interface BundleManifest {
  readonly format: typeof BUNDLE_FORMAT;
  readonly tournament: { readonly id: string; readonly name: string; readonly date: string; readonly status: string };
  /** The log the bundle was made from: events 1…`events`, the last one's time, and its digest. */
  readonly log: LogDigest & { readonly lastAt: string | null };
  readonly files: readonly { readonly path: string; readonly bytes: number; readonly sha256: string }[];
}

export interface EventBundle {
  readonly files: readonly BundleFile[];
  readonly manifest: BundleManifest;
}

/** The bundle of a tournament's log (every event from seq 1, in order); undefined for a log without a tournament. */
export function eventBundle(stored: readonly StoredEvent[]): EventBundle | undefined {
  const t = fold(stored.map(toTournamentEvent));
  if (t.status === 'none') return undefined;
  const recorded = penaltyLog(t).filter((e) => e.recorded);
  const standings = standingsExport(t);
  const files: BundleFile[] = [
    { path: 'penalties.json', content: json(recorded) },
    { path: 'penalties-ja.csv', content: penaltiesCsv(t, recorded, 'ja') },
    { path: 'penalties-en.csv', content: penaltiesCsv(t, recorded, 'en') },
    { path: 'standings.json', content: json(standings) },
    { path: 'standings-ja.csv', content: standingsCsv(standings, 'ja') },
    { path: 'standings-en.csv', content: standingsCsv(standings, 'en') },
  ];
  for (const report of disqualificationReports(t)) {
    const base = `incidents/penalty-${report.penaltyId}`;
    files.push(
      { path: `${base}.json`, content: json(report) },
      { path: `${base}-ja.html`, content: incidentReportHtml(report, 'ja') },
      { path: `${base}-en.html`, content: incidentReportHtml(report, 'en') },
    );
  }
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    tournament: { id: t.id, name: t.settings.name, date: t.settings.date, status: t.status },
    log: { ...logDigest(stored), lastAt: stored.at(-1)?.at ?? null },
    files: files.map((f) => ({ path: f.path, bytes: Buffer.byteLength(f.content, 'utf8'), sha256: sha256(f.content) })),
  };
  return { files, manifest };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The manifest as written to `manifest.json`. */
export const manifestText = (manifest: BundleManifest): string => json(manifest);
