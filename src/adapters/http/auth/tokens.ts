import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API tokens one account may hold unrevoked at once: enough for every script and display of a
 * venue; every request with a token looks it up, and the list is answered whole.
 */
export const MAX_API_TOKENS = 20;

/** A fresh unguessable token (256 bits). */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * Sessions and API tokens are stored as SHA-256 hashes: a copy of the database does not let
 * anyone act as a judge. The tokens carry 256 bits, so no slow hash is needed.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Constant-time string equality (lengths are not secret). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The code printed on a player's registration slip: 8 characters (40 bits) of an HMAC of the
 * tournament and player ids. Nothing is stored; the server recomputes it. The alphabet leaves
 * out 0/O and 1/I so a code copied by hand is read back right.
 */
export function playerCode(secret: string, tournamentId: string, playerId: string): string {
  return kept(`code\u0000${secret}\u0000${tournamentId}\u0000${playerId}`, () =>
    codeOf(secret, tournamentId, playerId),
  );
}

/**
 * The mark of a phone that used a player's right code (the known-device cookie's value,
 * player-code-guard.ts): 128 bits of an HMAC of the tournament and player ids, apart from the
 * code's (another label), so the cookie neither holds the code nor lets anyone work it out.
 */
export function knownDeviceMark(secret: string, tournamentId: string, playerId: string): string {
  return kept(`device\u0000${secret}\u0000${tournamentId}\u0000${playerId}`, () =>
    createHmac('sha256', secret)
      .update(`known-device\u0000${tournamentId}\u0000${playerId}`)
      .digest('base64url')
      .slice(0, 22),
  );
}

/**
 * Codes and marks made lately (the oldest made dropped first past KEPT, about 10 MB): every read
 * and write from a player's phone checks one, and an HMAC each time was a visible share of a
 * server's CPU while a YCSJ's players report (docs/performance.md).
 */
const KEPT = 65_536;
const made = new Map<string, string>();

function kept(key: string, make: () => string): string {
  const found = made.get(key);
  if (found !== undefined) return found;
  const value = make();
  if (made.size >= KEPT) made.delete(made.keys().next().value as string);
  made.set(key, value);
  return value;
}

function codeOf(secret: string, tournamentId: string, playerId: string): string {
  const mac = createHmac('sha256', secret).update(`${tournamentId}\u0000${playerId}`).digest();
  let code = '';
  let bits = 0;
  let value = 0;
  for (const byte of mac) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && code.length < 8) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
      value &= (1 << bits) - 1;
    }
    if (code.length === 8) break;
  }
  return code;
}

/** Checks a code typed by a player: case, spaces and dashes do not matter. */
export function playerCodeMatches(secret: string, tournamentId: string, playerId: string, typed: string): boolean {
  const normalised = typed.toUpperCase().replace(/[\s-]/g, '');
  return sameSecret(normalised, playerCode(secret, tournamentId, playerId));
}
