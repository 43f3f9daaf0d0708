import { useEffect, useState } from 'react';
import { get } from './http';

/*
 * Seat times and tardiness count on the server's clock, not the phone's: the console measures
 * the difference once (GET /api/health answers the server time) and ticks from there.
 */

let offsetMs = 0;
let measured: Promise<void> | null = null;

function measure(): Promise<void> {
  measured ??= (async () => {
    const sent = Date.now();
    try {
      const answer = await get<{ time: string }>('/api/health');
      const received = Date.now();
      offsetMs = new Date(answer.body.time).getTime() - (sent + received) / 2;
    } catch {
      measured = null;
    }
  })();
  return measured;
}

/** Adjusts the offset from a server time the API answered elsewhere (the round clock). */
export function observeServerTime(iso: string): void {
  const value = new Date(iso).getTime();
  if (Number.isFinite(value)) offsetMs = value - Date.now();
}

/** The server's current time, as far as the console knows it (ms since epoch). */
export const serverNow = (): number => Date.now() + offsetMs;

/** Settles once the console has measured the server's time (or failed to: the phone's is used then). */
export const serverTimeKnown = (): Promise<void> => measure();

/** The server's current time, re-rendering every `everyMs`. */
export function useServerNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    void measure().then(() => setNow(Date.now() + offsetMs));
    const timer = setInterval(() => setNow(Date.now() + offsetMs), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** mm:ss (or h:mm:ss) of a duration in milliseconds; negative durations read as 0:00. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
