/*
 * The tournament's time zone on screen and on paper: a judge's phone set to another zone (a
 * visitor's, or UTC on a rented tablet) still shows the times the venue's clocks show. Set while a
 * tournament is open; without one (older tournaments), the device's own zone.
 */

let current: string | undefined;

/** The zone times are shown in now (undefined: the device's). */
export const displayTimeZone = (): string | undefined => current;

/** Called by the open tournament with its recorded zone, and with undefined when it closes. */
export function setDisplayTimeZone(zone: string | undefined): void {
  current = zone;
}

/** The device's own zone: what a new tournament is created in unless the organizer names another. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Minutes `zone` is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, zone: string | undefined): number {
  if (zone === undefined) return -new Date(instant).getTimezoneOffset();
  const parts = new Map(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/** "HH:MM" today in the shown zone, as an ISO instant; undefined when it is not a time. */
export function todayAt(hhmm: string, now: number = Date.now()): string | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return undefined;
  const zone = current;
  const local = new Date(now + offsetMinutes(now, zone) * 60_000);
  const wall = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate(),
    Number(match[1]),
    Number(match[2]),
  );
  // The zone's offset at the wall time itself, so a change of offset that day is followed.
  const guess = wall - offsetMinutes(wall, zone) * 60_000;
  return new Date(wall - offsetMinutes(guess, zone) * 60_000).toISOString();
}
