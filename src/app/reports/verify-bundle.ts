import { z } from 'zod';
import type { Text } from '../../core/text.js';
import type { StoredEvent } from '../event-store.js';
import { BUNDLE_FORMAT, eventBundle, MANIFEST, type BundleManifest } from './event-bundle.js';
import { LOG_SERIALIZATION, logDigest, sha256 } from './log-digest.js';

/*
 * Checks an event bundle: every file against the manifest's hash, no file missing or added,
 * and, given the database's log, the log's digest up to the manifest's last event and every
 * file against the bundle that log makes today (so a manifest rewritten along with a file is
 * caught too). Each problem is one sentence in ja and en naming the file or the event.
 */

export type BundleProblem =
  | { readonly kind: 'manifest-unreadable'; readonly detail: string }
  | { readonly kind: 'file-missing'; readonly path: string }
  | { readonly kind: 'file-changed'; readonly path: string }
  | { readonly kind: 'file-unlisted'; readonly path: string }
  | { readonly kind: 'log-shorter'; readonly events: number; readonly inDatabase: number }
  | { readonly kind: 'log-differs'; readonly events: number }
  | { readonly kind: 'tournament-differs'; readonly manifest: string; readonly database: string }
  | { readonly kind: 'file-not-from-log'; readonly path: string };

export interface BundleCheck {
  readonly ok: boolean;
  readonly manifest: BundleManifest | null;
  /** Files whose hash matched the manifest. */
  readonly filesChecked: number;
  /** Whether the log was compared (a database was given). */
  readonly logChecked: boolean;
  /** Events the database holds after the bundle's last one (an appeal decided after the export, say); 0 without a database. */
  readonly laterEvents: number;
  readonly problems: readonly BundleProblem[];
}

const hex = z.string().regex(/^[0-9a-f]{64}$/);
const manifestSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  tournament: z.object({ id: z.string(), name: z.string(), date: z.string(), status: z.string() }),
  log: z.object({
    serialization: z.literal(LOG_SERIALIZATION),
    events: z.number().int().nonnegative(),
    sha256: hex,
    lastAt: z.string().nullable(),
  }),
  files: z
    .array(z.object({ path: z.string().min(1), bytes: z.number().int().nonnegative(), sha256: hex }))
    .max(100_000),
});

/**
 * Checks the bundle's files (relative path → bytes, the manifest included) and, when given, the
 * tournament's log as the database holds it now (from seq 1, in order; later events are fine:
 * the bundle speaks for the log up to its last event).
 */
export function verifyBundle(files: ReadonlyMap<string, Uint8Array>, log?: readonly StoredEvent[]): BundleCheck {
  const raw = files.get(MANIFEST);
  if (raw === undefined) return unreadable(`${MANIFEST} is missing`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch (error) {
    return unreadable(`${MANIFEST}: ${(error as Error).message}`);
  }
  const checked = manifestSchema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return unreadable(`${MANIFEST}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const manifest = checked.data as BundleManifest;
  const problems: BundleProblem[] = [];
  const listed = new Set<string>([MANIFEST]);
  let filesChecked = 0;
  for (const f of manifest.files) {
    listed.add(f.path);
    const bytes = files.get(f.path);
    if (bytes === undefined) problems.push({ kind: 'file-missing', path: f.path });
    else if (bytes.byteLength !== f.bytes || sha256(bytes) !== f.sha256)
      problems.push({ kind: 'file-changed', path: f.path });
    else filesChecked++;
  }
  for (const path of [...files.keys()].sort()) if (!listed.has(path)) problems.push({ kind: 'file-unlisted', path });
  if (log !== undefined) problems.push(...againstLog(manifest, log));
  const laterEvents = log === undefined ? 0 : Math.max(0, log.length - manifest.log.events);
  return { ok: problems.length === 0, manifest, filesChecked, logChecked: log !== undefined, laterEvents, problems };
}

function againstLog(manifest: BundleManifest, log: readonly StoredEvent[]): BundleProblem[] {
  const first = log[0];
  if (first !== undefined && first.tournamentId !== manifest.tournament.id) {
    return [{ kind: 'tournament-differs', manifest: manifest.tournament.id, database: first.tournamentId }];
  }
  if (log.length < manifest.log.events) {
    return [{ kind: 'log-shorter', events: manifest.log.events, inDatabase: log.length }];
  }
  const prefix = log.slice(0, manifest.log.events);
  if (logDigest(prefix).sha256 !== manifest.log.sha256) {
    return [{ kind: 'log-differs', events: manifest.log.events }];
  }
  const again = eventBundle(prefix);
  const today = new Map(again?.manifest.files.map((f) => [f.path, f.sha256]));
  return manifest.files.flatMap((f) =>
    today.get(f.path) === f.sha256 ? [] : [{ kind: 'file-not-from-log', path: f.path } as const],
  );
}

const unreadable = (detail: string): BundleCheck => ({
  ok: false,
  manifest: null,
  filesChecked: 0,
  logChecked: false,
  laterEvents: 0,
  problems: [{ kind: 'manifest-unreadable', detail }],
});

/** A problem in one sentence. */
export function problemText(p: BundleProblem): Text {
  switch (p.kind) {
    case 'manifest-unreadable':
      return { ja: `マニフェストを読めません: ${p.detail}`, en: `the manifest cannot be read: ${p.detail}` };
    case 'file-missing':
      return {
        ja: `${p.path}: マニフェストにあるファイルがありません`,
        en: `${p.path}: listed in the manifest but missing`,
      };
    case 'file-changed':
      return {
        ja: `${p.path}: 内容がマニフェストのハッシュと一致しません（書き出し後に変更されています）`,
        en: `${p.path}: does not match its hash in the manifest (changed after the export)`,
      };
    case 'file-unlisted':
      return { ja: `${p.path}: マニフェストにないファイルです`, en: `${p.path}: not listed in the manifest` };
    case 'log-shorter':
      return {
        ja: `データベースのログは${p.inDatabase}件で、マニフェストの${p.events}件より短くなっています`,
        en: `the database's log has ${p.inDatabase} events, fewer than the manifest's ${p.events}`,
      };
    case 'log-differs':
      return {
        ja: `データベースのログ（1〜${p.events}件目）のハッシュがマニフェストと一致しません`,
        en: `the database's log (events 1 to ${p.events}) does not match the manifest's hash`,
      };
    case 'tournament-differs':
      return {
        ja: `マニフェストは大会 ${p.manifest} のものですが、データベースのログは大会 ${p.database} のものです`,
        en: `the manifest is for tournament ${p.manifest}, the database's log for ${p.database}`,
      };
    case 'file-not-from-log':
      return {
        ja: `${p.path}: データベースのログから作り直した内容と一致しません`,
        en: `${p.path}: differs from what the database's log makes`,
      };
  }
}
