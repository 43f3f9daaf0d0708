import type { LeaderboardRow } from '../../core/series/leaderboard.js';
import type { Lang, Text } from '../../core/text.js';
import { toCsv } from '../csv.js';
import type { SeriesStandings } from '../series-service.js';

/*
 * What the public (and the CLI's --json) receive of a series' leaderboard: a whitelist, never
 * the staff's state trimmed. Adjustment reasons and who made them stay in the staff's views.
 */

export interface SeriesStandingsEvent {
  readonly tournament: string;
  readonly points: number;
  /** Among the best N that count (always true without best-N). */
  readonly counted: boolean;
}

export interface SeriesStandingsRow {
  readonly rank: number;
  readonly player: string;
  readonly name: string;
  readonly points: number;
  readonly events: readonly SeriesStandingsEvent[];
  /** The sum of the adjustments in force at the date (0 when none). */
  readonly adjustment: number;
}

export interface PublicSeries {
  readonly id: string;
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly id: string; readonly name: Text };
  readonly best: number | null;
  readonly asOf: string | null;
  /** The events that count as of the date, by date. */
  readonly events: readonly { readonly tournament: string; readonly name: string; readonly date: string }[];
  readonly standings: readonly SeriesStandingsRow[];
}

export const standingsRows = (rows: readonly LeaderboardRow[]): SeriesStandingsRow[] =>
  rows.map((r) => ({
    rank: r.rank,
    player: r.player,
    name: r.name,
    points: r.points,
    events: r.events.map((e) => ({ tournament: e.tournament, points: e.points, counted: e.counted })),
    adjustment: r.adjustment,
  }));

export function publicSeries(s: SeriesStandings): PublicSeries {
  const events = new Map<string, { tournament: string; name: string; date: string }>();
  for (const row of s.rows)
    for (const e of row.events)
      if (!events.has(e.tournament)) events.set(e.tournament, { tournament: e.tournament, name: e.name, date: e.date });
  return {
    id: s.series.id,
    name: s.series.name,
    from: s.series.from,
    to: s.series.to,
    rule: { id: s.series.rule.id, name: s.series.rule.name },
    best: s.series.best,
    asOf: s.asOf,
    events: [...events.values()].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.tournament < b.tournament ? -1 : 1,
    ),
    standings: standingsRows(s.rows),
  };
}

const HEADERS: Readonly<Record<Lang, readonly string[]>> = {
  ja: ['順位', 'プレイヤーID', '名前', 'ポイント', '調整', '大会数'],
  en: ['Rank', 'Player ID', 'Name', 'Points', 'Adjustment', 'Events'],
};

/** One line per player, then one column per event (its points; empty when not played; `*` when outside the best N). */
export function seriesStandingsCsv(p: PublicSeries, lang: Lang): string {
  const header = [...(HEADERS[lang] as string[]), ...p.events.map((e) => `${e.date} ${e.name}`)];
  const rows = p.standings.map((r) => {
    const of = new Map(r.events.map((e) => [e.tournament, e]));
    return [
      r.rank,
      r.player,
      r.name,
      r.points,
      r.adjustment,
      r.events.filter((e) => e.counted).length,
      ...p.events.map((e) => {
        const played = of.get(e.tournament);
        return played === undefined ? '' : played.counted ? played.points : `${played.points}*`;
      }),
    ];
  });
  return toCsv(header, rows);
}
