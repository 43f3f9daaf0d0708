import { playersView } from '../../core/tournament/held-rounds.js';
import type { Tournament } from '../../core/tournament/state.js';

/*
 * The tournament's rounds as an iCalendar file (RFC 5545) for players' and coverage calendars:
 * one event per round the public can see, at its planned seat time (the time announced with
 * the pairings, else when it was seated), lasting the round's length; and the day itself. A
 * held round does not exist for the public, so not here either.
 */

/** Text escaped as RFC 5545 §3.3.11 asks (backslash, semicolon, comma, line breaks). */
const escapeText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A UTC time as iCalendar writes it: 20260110T010000Z. */
const utc = (iso: string): string => `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** Lines longer than 75 octets folded (RFC 5545 §3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function roundCalendar(tournamentId: string, full: Tournament, stamp: string): string {
  const t = playersView(full);
  const name = t.settings.name;
  const uid = (what: string) => `${what}.${tournamentId}@shinpan`;
  const day = t.settings.date.replace(/-/g, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//shinpan//rounds//JA',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(name)}`,
    'BEGIN:VEVENT',
    `UID:${uid('day')}`,
    `DTSTAMP:${utc(stamp)}`,
    `DTSTART;VALUE=DATE:${day}`,
    `SUMMARY:${escapeText(name)}`,
    'END:VEVENT',
  ];
  for (const round of t.rounds) {
    const start = round.plannedSeatTime ?? round.seatTime;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uid(`round-${round.number}`)}`,
      `DTSTAMP:${utc(stamp)}`,
      `DTSTART:${utc(start)}`,
      `DURATION:PT${round.roundMinutes}M`,
      `SUMMARY:${escapeText(`${name} 第${round.number}回戦 / Round ${round.number}`)}`,
      ...(round.ended ? ['STATUS:CONFIRMED'] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
