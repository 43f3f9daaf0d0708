import { zonedTime } from '../../app/zoned-time.js';
import type { Tournament } from '../../core/tournament/state.js';

/**
 * A time as the desk prints it: in the tournament's own zone with the offset written out
 * (2011-06-01 10:00:00 +09:00), as the console and the exports show it, whatever zone the
 * machine runs in (a server in UTC printed the walk's times nine hours off). A tournament that
 * recorded no zone prints in the machine's. JSON keeps the instant as stored.
 */
export function deskTime(t: Pick<Tournament, 'settings'>, iso: string): string {
  return zonedTime(iso, t.settings.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}
