import type { PenaltyId } from '../core/policy/assess-types.js';
import type { Lang } from '../core/text.js';
import { minutesLate } from '../core/tournament/minutes-late.js';
import { clockInfraction, lateFor } from '../core/tournament/same-lateness.js';
import { findPlayer, penaltiesInForce } from '../core/tournament/state-queries.js';
import type { Tournament } from '../core/tournament/state.js';
import { toCsv, type CsvCell } from './csv.js';
import { zonedTime, zoneName } from './zoned-time.js';

/*
 * The tardiness table for the log and the publisher: every player seated after their round's
 * seat time (from the judges' seat marks), with the tardiness penalty given for it, and every
 * tardiness penalty in force for a lateness without a seat mark. One line per player and round.
 * A player seated at the judges' roll call ("everyone but these") was there when they looked:
 * that mark's time is the judges', not the player's, so it makes nobody late here (the walk of
 * issue 39 found every player "0.2 min" late: the roll call came twelve seconds after the start).
 */

export interface TardinessEntry {
  readonly round: number;
  readonly table: number | null;
  readonly player: string;
  readonly name: string;
  readonly seatTime: string;
  /** When a judge marked the player seated; null when only a penalty says they were late. */
  readonly seatedAt: string | null;
  /** From the seat mark, else the minutes the penalty's report stated. */
  readonly minutesLate: number | null;
  readonly penaltyId: number | null;
  readonly penalty: PenaltyId | null;
}

export function tardinessLog(t: Tournament): TardinessEntry[] {
  const clock = clockInfraction(t);
  // The tardiness penalty in force per round and player: a Map, ids are only names.
  const penalties = new Map<string, ReturnType<typeof penaltiesInForce>[number]>();
  for (const p of penaltiesInForce(t))
    if (p.report.infraction === clock.infraction) penalties.set(`${lateFor(p)}\n${p.player}`, p);
  const name = (player: string) => findPlayer(t, player)?.name ?? player;
  const entries: TardinessEntry[] = [];
  for (const round of t.rounds) {
    if (!round.started) continue;
    for (const match of round.matches) {
      for (const [player, seatedAt] of match.seated) {
        // A penalty for a player the roll call found seated is listed below, from what its report stated.
        if (match.rollCall.has(player)) continue;
        const late = minutesLate(round.seatTime, new Date(seatedAt));
        const key = `${round.number}\n${player}`;
        const penalty = penalties.get(key);
        if (late === 0 && !penalty) continue;
        penalties.delete(key);
        entries.push({
          round: round.number,
          table: match.table,
          player,
          name: name(player),
          seatTime: round.seatTime,
          seatedAt,
          minutesLate: late,
          penaltyId: penalty?.id ?? null,
          penalty: penalty?.penalty ?? null,
        });
      }
    }
  }
  for (const p of penalties.values()) {
    const round = t.rounds.find((r) => r.number === lateFor(p));
    const stated = p.report.facts?.[clock.minutesFact];
    entries.push({
      round: lateFor(p),
      table: round?.tableOf.get(p.player) ?? null,
      player: p.player,
      name: name(p.player),
      seatTime: round?.seatTime ?? p.at,
      seatedAt: null,
      minutesLate: typeof stated === 'number' ? stated : null,
      penaltyId: p.id,
      penalty: p.penalty,
    });
  }
  return entries.sort(
    (a, b) => a.round - b.round || (a.table ?? 0) - (b.table ?? 0) || a.player.localeCompare(b.player),
  );
}

const HEADERS: readonly { readonly ja: string; readonly en: string }[] = [
  { ja: '回戦', en: 'Round' },
  { ja: '卓', en: 'Table' },
  { ja: 'プレイヤーID', en: 'Player ID' },
  { ja: '氏名', en: 'Name' },
  { ja: '着席時刻', en: 'Seat time' },
  { ja: '着席', en: 'Seated' },
  { ja: '遅刻（分）', en: 'Minutes late' },
  { ja: '罰則番号', en: 'Penalty No.' },
  { ja: '罰則ID', en: 'Penalty ID' },
  { ja: '罰則', en: 'Penalty' },
];

/** The tardiness table as CSV, times in the tournament's zone (named in the headers), penalty names from its pack. */
export function tardinessCsv(t: Tournament, entries: readonly TardinessEntry[], lang: Lang): string {
  const zone = t.settings.timeZone;
  const headers = HEADERS.map((h) => h[lang]);
  for (const i of [4, 5]) headers[i] = `${headers[i]} (${zoneName(zone)})`;
  const penaltyName = (id: PenaltyId) => t.pack.content.penalties.find((p) => p.id === id)?.name[lang] ?? id;
  const rows: CsvCell[][] = entries.map((e) => [
    e.round,
    e.table,
    e.player,
    e.name,
    zonedTime(e.seatTime, zone),
    e.seatedAt === null ? null : zonedTime(e.seatedAt, zone),
    e.minutesLate,
    e.penaltyId,
    e.penalty,
    e.penalty === null ? null : penaltyName(e.penalty),
  ]);
  return toCsv(headers, rows);
}
