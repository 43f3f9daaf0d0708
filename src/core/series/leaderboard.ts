import { compareKeyed, nameSortKey, type NameKeyed } from '../names/by-name.js';
import type { EventFacts } from './event-facts.js';
import { eventPoints } from './event-points.js';
import { personOf, type LinkState } from './player-links.js';
import type { Series } from './series.js';

/*
 * A series' leaderboard as of a date: the points of every event that counts (added to the
 * series, finished, dated inside the season window and on or before the date), per person
 * (linked ids count as one), the best N of them when the series says so, plus adjustments made
 * on or before the date.
 *
 * Ties (the documented rule, docs/series.md): more points first; then more events counted; then
 * the better best single event. Players equal on all three share the rank, listed by name
 * (reading, 五十音), then id.
 */

export interface LeaderboardEvent {
  readonly tournament: string;
  readonly name: string;
  readonly date: string;
  readonly points: number;
  /** Among the best N that count (always true without best-N). */
  readonly counted: boolean;
}

export interface LeaderboardRow {
  readonly rank: number;
  readonly player: string;
  readonly name: string;
  readonly reading?: string;
  readonly points: number;
  /** Every event the person played that counts for the series, by date. */
  readonly events: readonly LeaderboardEvent[];
  /** The sum of adjustments in force at the date. */
  readonly adjustment: number;
  /** Every id of the person seen in the counted events (more than one when linked). */
  readonly ids: readonly string[];
}

/** Which of these events count as of `asOf` (YYYY-MM-DD; undefined: today's whole series), in date order. */
export function countedEvents(series: Series, facts: readonly EventFacts[], asOf?: string): EventFacts[] {
  const inSeries = new Set(series.tournaments);
  return facts
    .filter(
      (f) =>
        inSeries.has(f.tournament) &&
        f.finished &&
        f.date >= series.from &&
        f.date <= series.to &&
        (asOf === undefined || f.date <= asOf),
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.tournament < b.tournament ? -1 : 1));
}

interface Tally {
  player: string;
  name: string;
  reading: string | undefined;
  nameDate: string;
  events: { tournament: string; name: string; date: string; points: number; counted: boolean }[];
  adjustment: number;
  ids: Set<string>;
  points: number;
  best: number;
  counted: number;
}

export function leaderboard(
  series: Series,
  facts: readonly EventFacts[],
  links: LinkState,
  asOf?: string,
): LeaderboardRow[] {
  const tallies = new Map<string, Tally>();
  const tallyOf = (person: string): Tally => {
    let t = tallies.get(person);
    if (!t) {
      t = {
        player: person,
        name: person,
        reading: undefined,
        nameDate: '',
        events: [],
        adjustment: 0,
        ids: new Set(),
        points: 0,
        best: 0,
        counted: 0,
      };
      tallies.set(person, t);
    }
    return t;
  };
  for (const event of countedEvents(series, facts, asOf)) {
    for (const [id, p] of event.players) {
      const t = tallyOf(personOf(links, id));
      t.ids.add(id);
      // The name the person last played under (the person's own id's, on the same day).
      if (event.date > t.nameDate || (event.date === t.nameDate && id === t.player)) {
        t.name = p.name;
        t.reading = p.reading;
        t.nameDate = event.date;
      }
      const same = t.events.find((e) => e.tournament === event.tournament);
      const points = eventPoints(series.rule, event, p);
      // Two linked ids in one event (a double registration): the better one counts.
      if (same) same.points = Math.max(same.points, points);
      else t.events.push({ tournament: event.tournament, name: event.name, date: event.date, points, counted: true });
    }
  }
  for (const a of series.adjustments)
    if (asOf === undefined || a.at.slice(0, 10) <= asOf) tallyOf(personOf(links, a.player)).adjustment += a.points;

  for (const t of tallies.values()) {
    const chosen = [...t.events].sort((a, b) => b.points - a.points || (a.date < b.date ? -1 : 1));
    const limit = series.best ?? chosen.length;
    chosen.forEach((e, i) => {
      e.counted = i < limit;
    });
    const kept = chosen.slice(0, limit);
    t.counted = kept.length;
    t.best = kept[0]?.points ?? 0;
    t.points = kept.reduce((sum, e) => sum + e.points, 0) + t.adjustment;
  }
  const tieKey = (a: Tally, b: Tally): number => b.points - a.points || b.counted - a.counted || b.best - a.best;
  // Names are compared only between tied players (the collator is the sort's dearest step), each
  // name's sort key made once.
  const named = new Map<Tally, NameKeyed>();
  for (const t of tallies.values()) {
    const p = { id: t.player, name: t.name, ...(t.reading ? { reading: t.reading } : {}) };
    named.set(t, { key: nameSortKey(p), p });
  }
  const ordered = [...tallies.values()].sort(
    (a, b) => tieKey(a, b) || compareKeyed(named.get(a) as NameKeyed, named.get(b) as NameKeyed),
  );
  const rows: LeaderboardRow[] = [];
  ordered.forEach((t, i) => {
    const previous = ordered[i - 1];
    const rank = previous && tieKey(previous, t) === 0 ? (rows[i - 1] as LeaderboardRow).rank : i + 1;
    rows.push({
      rank,
      player: t.player,
      name: t.name,
      ...(t.reading ? { reading: t.reading } : {}),
      points: t.points,
      events: t.events,
      adjustment: t.adjustment,
      ids: [...t.ids].sort(),
    });
  });
  return rows;
}
