import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * A delivery's signature: `sha256=` and the hex HMAC-SHA256 of the exact body bytes with the
 * endpoint's secret. The body carries its own `timestamp` (seconds since the epoch) and delivery
 * `id`, so both are inside the signed material: a receiver that checks the signature, refuses a
 * timestamp older than its tolerance and remembers ids cannot be fed a replay.
 */

export const SIGNATURE_HEADER = 'x-shinpan-signature';
export const EVENT_HEADER = 'x-shinpan-event';
export const DELIVERY_HEADER = 'x-shinpan-delivery';
export const TIMESTAMP_HEADER = 'x-shinpan-timestamp';

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** What a receiver does (docs/webhooks.md shows the same): the signature matches and the timestamp is recent. */
export function verifyBody(
  secret: string,
  body: string,
  signature: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const timestamp = (JSON.parse(body) as { timestamp?: unknown }).timestamp;
  return typeof timestamp === 'number' && Math.abs(nowSeconds - timestamp) <= toleranceSeconds;
}
