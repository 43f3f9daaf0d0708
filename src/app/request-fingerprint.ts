import { createHash } from 'node:crypto';
import type { TournamentCommand } from '../core/tournament/commands.js';

/*
 * What makes two writes under one idempotency key "the same request". The store keeps this
 * fingerprint with the key, so a retry from any process, after any restart, is recognised
 * before anything is decided again, and the same key with another body is refused.
 */

/** The fingerprint of any JSON-like request: a SHA-256 of its canonical JSON. */
export function fingerprintOf(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * The commands' fingerprint: type, data and who sends them in which role. The time and the
 * pairing seed are left out on purpose: a retry is stamped when it is sent again, and the
 * seed of a keyed pairing comes from the key.
 */
export function commandsFingerprint(commands: readonly TournamentCommand[]): string {
  return fingerprintOf(commands.map((c) => [c.type, c.meta.actor.id, c.meta.actor.role, c.data]));
}

/** JSON with object keys sorted, so a client re-serialising the same body in another key order still matches. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
