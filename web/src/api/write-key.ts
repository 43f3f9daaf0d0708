/**
 * A random UUID (version 4) for a write's idempotency key. `crypto.randomUUID` exists only in a
 * secure context (HTTPS or localhost), and at a venue phones reach the organizer's laptop as
 * `http://192.168.x.y:3000`; `crypto.getRandomValues` exists on every origin.
 */
export function newWriteKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
