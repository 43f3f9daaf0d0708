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
  | { readonly kind: 'file-special'; readonly path: string }
  | { readonly kind: 'manifest-differs'; readonly field: string; readonly manifest: string; readonly log: string }
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
/**
 * One entry of a bundle's folder as found (lstat: a link is not followed): a regular file's size
 * and how to read it, or `special` (a link, a FIFO, a device, a socket), which is never read.
 */
export type BundleEntry =
  | { readonly kind: 'file'; readonly bytes: number; read(): Uint8Array }
  | { readonly kind: 'special' };

/** The largest manifest read: 100,000 entries of a path and two numbers fit. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** Bytes already in memory as bundle entries (a bundle unpacked from an answer). */
export function entriesOf(files: ReadonlyMap<string, Uint8Array>): Map<string, BundleEntry> {
  return new Map(
    [...files].map(([path, bytes]) => [path, { kind: 'file', bytes: bytes.byteLength, read: () => bytes }]),
  );
}

export function verifyBundle(files: ReadonlyMap<string, BundleEntry>, log?: readonly StoredEvent[]): BundleCheck {
  const entry = files.get(MANIFEST);
  if (entry === undefined) return unreadable(`${MANIFEST} is missing`);
  if (entry.kind !== 'file') return unreadable(`${MANIFEST} is not a regular file`);
  if (entry.bytes > MANIFEST_MAX_BYTES) return unreadable(`${MANIFEST} is larger than ${MANIFEST_MAX_BYTES} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(entry.read()).toString('utf8'));
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
    const found = files.get(f.path);
    // Only a listed regular file of its stated size is read: nothing else costs more than its name.
    if (found === undefined) problems.push({ kind: 'file-missing', path: f.path });
    else if (found.kind !== 'file') problems.push({ kind: 'file-special', path: f.path });
    else if (found.bytes !== f.bytes || sha256(found.read()) !== f.sha256)
      problems.push({ kind: 'file-changed', path: f.path });
    else filesChecked++;
  }
  for (const [path, found] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (!listed.has(path)) problems.push({ kind: found.kind === 'file' ? 'file-unlisted' : 'file-special', path });
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
  // The manifest's own words about the tournament must be what the log says too.
  const made = again?.manifest.tournament;
  const fields = made ? (['name', 'date', 'status'] as const) : [];
  const differs: BundleProblem[] = fields.flatMap((field) =>
    made && made[field] !== manifest.tournament[field]
      ? [{ kind: 'manifest-differs', field, manifest: manifest.tournament[field], log: made[field] } as const]
      : [],
  );
  return [
    ...differs,
    ...manifest.files.flatMap((f) =>
      today.get(f.path) === f.sha256 ? [] : [{ kind: 'file-not-from-log', path: f.path } as const],
    ),
  ];
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
    case 'file-special':
      return {
        ja: `${p.path}: 通常のファイルではありません（リンク・FIFO・デバイスは読みません）`,
        en: `${p.path}: not a regular file (links, FIFOs and devices are not read)`,
      };
    case 'manifest-differs':
      return {
        ja: `マニフェストの大会の ${p.field} が「${p.manifest}」ですが、データベースのログでは「${p.log}」です`,
        en: `the manifest's tournament ${p.field} is "${p.manifest}", the database's log says "${p.log}"`,
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
