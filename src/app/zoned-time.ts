/*
 * Times in files for people: in the tournament's own time zone, with the offset written out, so
 * a spreadsheet shows what every screen showed and a program can still read the instant.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * `iso` as "YYYY-MM-DD HH:MM:SS +HH:MM" in `timeZone` (an IANA name the tournament recorded);
 * without one, the ISO time as stored (UTC).
 */
export function zonedTime(iso: string, timeZone: string | undefined): string {
  if (timeZone === undefined) return iso;
  const instant = Date.parse(iso);
  const parts = new Map(
    formatIn(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const field = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.get(type));
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  const offset = Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${field('year')}-${two(field('month'))}-${two(field('day'))} ` +
    `${two(field('hour'))}:${two(field('minute'))}:${two(field('second'))} ${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  );
}

/** The name a file's header gives the zone its times are in. */
export const zoneName = (timeZone: string | undefined): string => timeZone ?? 'UTC';
