import { createHash } from 'node:crypto';
import { isDeeplyFrozen } from '../core/deep-freeze.js';
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
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += `${i === 0 ? '' : ','}${canonicalJson(value[i] ?? null)}`;
    return `${text}]`;
  }
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    const kept = isDeeplyFrozen(value) ? canonicalMade.get(value) : undefined;
    if (kept !== undefined) return kept;
    const record = value as Record<string, unknown>;
    // Keys in code-unit order, as `<` compares them.
    const keys = Object.keys(record).sort();
    let text = '{';
    for (const key of keys) {
      const item = record[key];
      if (item === undefined) continue;
      text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
    }
    text += '}';
    if (isDeeplyFrozen(value)) canonicalMade.set(value, text);
    return text;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The canonical JSON of values that never change (deep-freeze.ts), made once: the shipped pack
 * is in every create's command, and making it canonical each time cost the event loop a
 * thousand times over in the first seconds of the 遊戯王の日 (docs/performance.md, figures).
 */
const canonicalMade = new WeakMap<object, string>();
