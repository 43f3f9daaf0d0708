import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Text } from '../../../core/text.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

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

/** The password rules, as the limits table of docs/server.md states them. */
export const PASSWORD_RULES = { minLength: 10, maxLength: 200, minDistinct: 5 } as const;

/** Rules a new password must meet; `null` when fine, else the reason in both languages. */
export function passwordProblem(password: string, username: string): Text | null {
  const characters = [...password];
  if (password.trim() === '')
    return {
      en: 'The password is only spaces: use letters, digits or symbols.',
      ja: 'パスワードが空白だけです。文字・数字・記号を使ってください。',
    };
  if (characters.length < PASSWORD_RULES.minLength)
    return {
      en: `Use at least ${PASSWORD_RULES.minLength} characters.`,
      ja: `${PASSWORD_RULES.minLength} 文字以上にしてください。`,
    };
  if (characters.length > PASSWORD_RULES.maxLength)
    return {
      en: `Use at most ${PASSWORD_RULES.maxLength} characters.`,
      ja: `${PASSWORD_RULES.maxLength} 文字以内にしてください。`,
    };
  const folded = password.normalize('NFKC').trim().toLowerCase();
  if (folded === username.trim().toLowerCase())
    return { en: 'The password must not be your username.', ja: 'パスワードをユーザー名と同じにしないでください。' };
  if (COMMON_PASSWORDS.has(folded))
    return {
      en: 'This password is among the most common ones and is guessed first: choose another.',
      ja: 'このパスワードはよく使われるもので、真っ先に試されます。別のものにしてください。',
    };
  if (new Set(characters).size < PASSWORD_RULES.minDistinct) {
    return {
      en: `Use at least ${PASSWORD_RULES.minDistinct} different characters (not "aaaaaaaaaa" or "1212121212").`,
      ja: `${PASSWORD_RULES.minDistinct} 種類以上の文字を使ってください（「aaaaaaaaaa」や「1212121212」は不可）。`,
    };
  }
  return null;
}
