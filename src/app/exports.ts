import { penaltyOf } from '../core/policy/ladder.js';
import type { Lang } from '../core/text.js';
import { finalPlaces } from '../core/tournament/prizes.js';
import { PLAYER_STATUS_NAMES } from '../core/tournament/player-status.js';
import type { PlayerStatus } from '../core/tournament/match-record.js';
import { findPlayer, isRankWithdrawn } from '../core/tournament/state-queries.js';
import type { Tournament } from '../core/tournament/state.js';
import { toCsv, type CsvCell } from './csv.js';
import { landedOnText, type PenaltyLogEntry } from './penalty-log.js';
import { PHASE_NAMES } from '../core/policy/phase-names.js';
import { standingsAfter } from './projections/standings-view.js';
import { zonedTime, zoneName } from './zoned-time.js';

/*
 * What an organizer hands on after the event: the standings and the penalty log, as JSON for
 * programs and as CSV for a spreadsheet (headers in the reader's language, ids kept next to
 * names so a sheet can still be matched by program).
 */

export interface StandingsExportRow {
  /** The final place (top cut first); null when the rank is withdrawn. */
  readonly place: number | null;
  /** The Swiss rank; null when withdrawn. */
  readonly rank: number | null;
  readonly player: string;
  readonly name: string;
  readonly points: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly byes: number;
  readonly matchesPlayed: number;
  readonly matchWinPct: number;
  readonly opponentsWinPct: number;
  readonly opponentsOpponentsWinPct: number;
  readonly dropped: boolean;
  readonly rankWithdrawn: boolean;
  readonly status: PlayerStatus;
  /** The KONAMI Card Game ID the player gave when entering from the public page; null otherwise. */
  readonly cardGameId: string | null;
}

/** Every player by final place (the Swiss order while no top cut is played), withdrawn ranks last. */
export function standingsExport(t: Tournament): StandingsExportRow[] {
  const rows = standingsAfter(t);
  const final = finalPlaces(t);
  const places = new Map(final.map((p) => [p.player, p.place]));
  const rowOf = new Map(rows.map((r) => [r.player, r]));
  const ordered = [...final.map((p) => rowOf.get(p.player)), ...rows.filter((r) => r.rank === null)];
  return ordered.flatMap((row) =>
    row === undefined
      ? []
      : [
          {
            place: places.get(row.player) ?? null,
            rank: row.rank,
            player: row.player,
            name: row.name,
            points: row.points,
            wins: row.wins,
            losses: row.losses,
            draws: row.draws,
            byes: row.byes,
            matchesPlayed: row.matchesPlayed,
            matchWinPct: row.matchWinPct,
            opponentsWinPct: row.opponentsWinPct,
            opponentsOpponentsWinPct: row.opponentsOpponentsWinPct,
            dropped: row.dropped,
            rankWithdrawn: isRankWithdrawn(t, row.player),
            status: row.status,
            cardGameId: findPlayer(t, row.player)?.cardGameId ?? null,
          },
        ],
  );
}

type Header = { readonly ja: string; readonly en: string };

const STANDINGS_HEADERS: readonly Header[] = [
  { ja: '順位', en: 'Place' },
  { ja: 'スイス順位', en: 'Swiss rank' },
  { ja: 'プレイヤーID', en: 'Player ID' },
  { ja: '氏名', en: 'Name' },
  { ja: '勝点', en: 'Points' },
  { ja: '勝', en: 'Wins' },
  { ja: '敗', en: 'Losses' },
  { ja: '分', en: 'Draws' },
  { ja: '不戦勝', en: 'Byes' },
  { ja: '対戦数', en: 'Matches' },
  { ja: '勝率', en: 'Match win %' },
  { ja: 'OMW%', en: 'OMW%' },
  { ja: 'OOMW%', en: 'OOMW%' },
  { ja: 'ドロップ', en: 'Dropped' },
  { ja: '順位剥奪', en: 'Rank withdrawn' },
  { ja: '状態', en: 'Status' },
  { ja: 'KONAMI ID', en: 'Card Game ID' },
];

/** The standings as CSV for a spreadsheet. */
export function standingsCsv(rows: readonly StandingsExportRow[], lang: Lang): string {
  return toCsv(
    STANDINGS_HEADERS.map((h) => h[lang]),
    rows.map((r) => [
      r.place,
      r.rank,
      r.player,
      r.name,
      r.points,
      r.wins,
      r.losses,
      r.draws,
      r.byes,
      r.matchesPlayed,
      r.matchWinPct,
      r.opponentsWinPct,
      r.opponentsOpponentsWinPct,
      r.dropped,
      r.rankWithdrawn,
      PLAYER_STATUS_NAMES[r.status][lang],
      r.cardGameId,
    ]),
  );
}

const PENALTY_HEADERS: readonly Header[] = [
  { ja: '番号', en: 'No.' },
  { ja: '日時', en: 'Time' },
  { ja: '回戦', en: 'Round' },
  { ja: '卓', en: 'Table' },
  { ja: 'プレイヤーID', en: 'Player ID' },
  { ja: '氏名', en: 'Name' },
  { ja: '違反ID', en: 'Infraction ID' },
  { ja: '違反', en: 'Infraction' },
  { ja: '発見時点', en: 'Phase' },
  { ja: '事実', en: 'Facts' },
  { ja: '指針の罰則', en: 'Guideline' },
  { ja: '罰則ID', en: 'Penalty ID' },
  { ja: '罰則', en: 'Penalty' },
  { ja: '当初の罰則', en: 'Issued as' },
  { ja: '状態', en: 'Status' },
  { ja: '公式記録', en: 'Recorded' },
  { ja: '指針と異なる理由', en: 'Deviation reason' },
  { ja: '上訴の理由', en: 'Appeal reason' },
  { ja: '適用先', en: 'Landed on' },
  { ja: 'ジャッジ', en: 'Judge' },
  { ja: '陳述書', en: 'Statements' },
  { ja: 'スタッフメモ', en: 'Staff notes' },
];

const STATUS_NAMES = {
  'in-force': { ja: '有効', en: 'in force' },
  changed: { ja: '上訴で変更', en: 'changed on appeal' },
  rescinded: { ja: '上訴で取り消し', en: 'rescinded on appeal' },
} as const;

const APPEAL_DENIED = { ja: '上訴棄却', en: 'appeal denied' } as const;

/** The penalty log as CSV, penalty and infraction names from the tournament's own pack. */
export function penaltiesCsv(t: Tournament, entries: readonly PenaltyLogEntry[], lang: Lang): string {
  const pack = t.pack.content;
  const infractionName = (id: string): string => pack.infractions.find((i) => i.id === id)?.name[lang] ?? id;
  const penaltyName = (id: PenaltyLogEntry['penalty']): string => penaltyOf(pack, id).name[lang];
  // The facts in the file's language: a yes/no fact by the pack's own words for its answer, others as name=value.
  const factsText = (infraction: string, facts: PenaltyLogEntry['facts']): string => {
    const known = pack.infractions.find((i) => i.id === infraction)?.facts ?? [];
    return Object.entries(facts)
      .map(([k, v]) => {
        const fact = known.find((f) => f.name === k);
        if (fact?.type === 'boolean' && typeof v === 'boolean') {
          const words = v ? fact.yes : fact.no;
          if (words) return words[lang];
        }
        return `${k}=${v}`;
      })
      .join('; ');
  };
  const zone = t.settings.timeZone;
  const rows: CsvCell[][] = entries.map((e) => [
    e.id,
    zonedTime(e.at, zone),
    e.round,
    e.table,
    e.player,
    e.name,
    e.infraction,
    infractionName(e.infraction),
    PHASE_NAMES[e.phase][lang],
    factsText(e.infraction, e.facts),
    penaltyName(e.guideline),
    e.penalty,
    penaltyName(e.penalty),
    e.issuedAs === e.penalty ? null : penaltyName(e.issuedAs),
    STATUS_NAMES[e.status][lang],
    e.recorded,
    e.deviationReason,
    e.appeals.map((a) => (a.kind === 'denied' ? `${APPEAL_DENIED[lang]}: ${a.reason}` : a.reason)).join(' / ') || null,
    e.landedOn !== null
      ? landedOnText(e.landedOn, lang)
      : e.couldNotLand
        ? { ja: `適用できず: ${e.couldNotLand.text.ja}`, en: `could not land: ${e.couldNotLand.text.en}` }[lang]
        : null,
    e.judge.id,
    e.statements.join(' / ') || null,
    e.notes,
  ]);
  // The time column names its zone: the tournament's, or UTC for one that recorded none.
  const headers = PENALTY_HEADERS.map((h) => h[lang]);
  headers[1] = `${headers[1]} (${zoneName(zone)})`;
  return toCsv(headers, rows);
}
