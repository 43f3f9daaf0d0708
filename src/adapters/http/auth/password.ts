import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_RULES } from '../../../core/password-rules.js';
import type { Text } from '../../../core/text.js';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { M } from '../messages/auth.js';

/**
 * scrypt at one of OWASP's equivalent settings (N=2^15, r=8, p=3: 32 MiB per hash, about half
 * a second on a small server). The parameters travel inside the stored hash, so raising them
 * later keeps old hashes verifiable.
 */
const COST = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$key` (base64url), for the accounts table. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of `password` against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a password nobody knows: lets a login for an unknown user cost the same time as one for a known user. */
export const DUMMY_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${Buffer.alloc(SALT_LENGTH).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;

/** Rules a new password must meet; `null` when fine, else the reason in both languages. */
export function passwordProblem(password: string, username: string): Text | null {
  const characters = [...password];
  if (password.trim() === '') return M.text('password-blank');
  if (characters.length < PASSWORD_RULES.minLength) return M.text('password-short', { min: PASSWORD_RULES.minLength });
  if (characters.length > PASSWORD_RULES.maxLength) return M.text('password-long', { max: PASSWORD_RULES.maxLength });
  const folded = password.normalize('NFKC').trim().toLowerCase();
  if (folded === username.trim().toLowerCase()) return M.text('password-is-username');
  if (COMMON_PASSWORDS.has(folded)) return M.text('password-common');
  if (new Set(characters).size < PASSWORD_RULES.minDistinct) {
    return M.text('password-few-distinct', { min: PASSWORD_RULES.minDistinct });
  }
  return null;
}
