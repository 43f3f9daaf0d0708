import type { EventStore } from '../../../app/event-store.js';
import { appendLog } from '../../../app/log-transfer.js';
import { logDigest } from '../../../app/reports/log-digest.js';
import type { Lang, Text } from '../../../core/text.js';
import { BackupError } from './backup-error.js';
import { backupMessages as M } from './backup-messages.js';

/*
 * `shinpan db copy`: tournaments' logs from one store to another (SQLite ↔ PostgreSQL, or
 * between two files), in the order they began (so the official record reads them in the same
 * order). A target stream is at most what the source's log was: empty (copied whole), a
 * prefix of it (the rest is appended: a copy taken again later catches up), or the same (left
 * alone: running a copy twice changes nothing). A target stream whose events differ from the
 * source's, or that has more, is refused, naming it, and then nothing at all is written.
 * Every stream copied is read back and its digest compared with the source's.
 */

export interface CopiedStream {
  readonly id: string;
  /** The target's version before the copy, and after it (the source's version when read). */
  readonly from: number;
  readonly to: number;
  readonly sha256: string;
}

/** Copies `ids` (every tournament of the source by default); throws BackupError naming refused streams. */
export async function copyStreams(
  from: EventStore,
  to: EventStore,
  ids?: readonly string[],
): Promise<readonly CopiedStream[]> {
  const all = await from.listTournaments();
  const known = new Set(all.map((t) => t.id));
  const unknown = (ids ?? []).filter((id) => !known.has(id));
  if (unknown.length > 0) throw new BackupError(M.text('no-such-tournament', { ids: unknown.join(', ') }));
  const chosen = ids === undefined ? [...known] : [...new Set(ids)];
  const order = [...(await from.firstPositions(chosen))].sort((a, b) => a.position - b.position).map((p) => p.id);
  const targetVersions = new Map((await to.streamVersions()).map((s) => [s.id, s.version]));

  // First every stream is checked, so a refused one leaves the target as it was.
  const refused: Text[] = [];
  for (const id of order) {
    const at = targetVersions.get(id) ?? 0;
    if (at === 0) continue;
    const source = await from.read(id);
    if (at > source.length) {
      refused.push(M.text('target-ahead', { stream: id, target: at, source: source.length }));
      continue;
    }
    if (logDigest(await to.read(id)).sha256 !== logDigest(source.slice(0, at)).sha256) {
      refused.push(M.text('target-other-events', { stream: id, events: at }));
    }
  }
  if (refused.length > 0) {
    const list = (lang: Lang) => refused.map((r) => r[lang]).join('; ');
    throw new BackupError({
      ja: M.say('ja', 'target-differs', { streams: list('ja') }),
      en: M.say('en', 'target-differs', { streams: list('en') }),
    });
  }

  const copied: CopiedStream[] = [];
  for (const id of order) {
    const at = targetVersions.get(id) ?? 0;
    const source = await from.read(id);
    if (source.length > at) await appendLog(to, id, source.slice(at), at);
    const expected = logDigest(source);
    const back = await to.read(id);
    if (back.length < source.length || logDigest(back.slice(0, source.length)).sha256 !== expected.sha256) {
      throw new BackupError(M.text('digest-differs', { stream: id, events: source.length }));
    }
    copied.push({ id, from: at, to: source.length, sha256: expected.sha256 });
  }
  return copied;
}
