import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The venue code a player's own check-in may need (the organizer turns it on): four digits
 * shown on the staff's check-in screen at the venue (on a tablet at the door, or projected),
 * changing every VENUE_CODE_MINUTES. It is made from the server's secret, the tournament and the
 * time window, so nothing is stored and every process of the server agrees; the code of the
 * window before is taken too, so a player who read it just before it changed is not refused.
 * A player at home can only learn it from someone at the venue: it makes a no-show's
 * check-in unlikely, not impossible (staff still see who is seated).
 */

export const VENUE_CODE_MINUTES = 5;
const WINDOW_MS = VENUE_CODE_MINUTES * 60_000;

function codeIn(secret: string, tournamentId: string, window: number): string {
  const mac = createHmac('sha256', secret).update(`venue-code\u0000${tournamentId}\u0000${window}`).digest();
  return String(mac.readUInt32BE(0) % 10_000).padStart(4, '0');
}

/** The code shown now, and when it changes (ISO). */
export function venueCode(secret: string, tournamentId: string, now: Date): { code: string; changesAt: string } {
  const window = Math.floor(now.getTime() / WINDOW_MS);
  return { code: codeIn(secret, tournamentId, window), changesAt: new Date((window + 1) * WINDOW_MS).toISOString() };
}

/** Whether `given` is the code of this window or of the one before (compared in constant time). */
export function venueCodeMatches(secret: string, tournamentId: string, now: Date, given: string): boolean {
  const window = Math.floor(now.getTime() / WINDOW_MS);
  const typed = Buffer.from(given.trim());
  return [window, window - 1].some((w) => {
    const code = Buffer.from(codeIn(secret, tournamentId, w));
    return typed.length === code.length && timingSafeEqual(typed, code);
  });
}
