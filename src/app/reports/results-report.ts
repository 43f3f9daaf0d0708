import { penaltyOf } from '../../core/policy/ladder.js';
import { PENALTY_IDS, type PenaltyId } from '../../core/policy/assess-types.js';
import type { Lang, Text } from '../../core/text.js';
import { participantCount } from '../../core/tournament/state-queries.js';
import type { Tournament } from '../../core/tournament/state.js';
import { toCsv, type CsvCell } from '../csv.js';
import { standingsExport } from '../exports.js';
import { penaltyLog } from '../penalty-log.js';

/*
 * The results report a sanctioned shop event sends after the day: the event, how many took
 * part (the participant rule of docs/standings.md: an entry dropped before it played is not
 * one), the top places, and the penalties in force (a count per penalty and one line each).
 * One shape for the console's printable page, the CSV and the CLI.
 */

/** Places the report lists: a shop's top cut is 4 or 8. */
export const REPORT_TOP_PLACES = 8;

export interface ResultsReport {
  readonly tournament: {
    readonly id: string;
    readonly name: string;
    readonly date: string;
    readonly finished: boolean;
    readonly swissRounds: number;
    readonly topCutRounds: number;
  };
  readonly participants: number;
  readonly top: readonly {
    readonly place: number;
    readonly player: string;
    readonly cardGameId: string | null;
    readonly name: string;
    readonly points: number;
    readonly wins: number;
    readonly losses: number;
    readonly draws: number;
  }[];
  /** Every rung of the ladder, lowest first, with how many penalties in force it has. */
  readonly penaltyCounts: readonly { readonly penalty: PenaltyId; readonly name: Text; readonly count: number }[];
  /** The penalties in force (a rescinded one is not), as issued. */
  readonly penalties: readonly {
    /** The penalty's number in the log. */
    readonly id: number;
    readonly round: number;
    readonly player: string;
    readonly cardGameId: string | null;
    readonly name: string;
    readonly infraction: Text;
    readonly penalty: PenaltyId;
    readonly penaltyName: Text;
  }[];
}

export function resultsReport(id: string, t: Tournament): ResultsReport {
  const pack = t.pack.content;
  const cardGameId = new Map(t.players.map((p) => [p.id, p.cardGameId ?? null]));
  const top = standingsExport(t)
    .filter((r) => r.place !== null && r.place <= REPORT_TOP_PLACES)
    .map((r) => ({
      place: r.place as number,
      player: r.player,
      cardGameId: r.cardGameId,
      name: r.name,
      points: r.points,
      wins: r.wins,
      losses: r.losses,
      draws: r.draws,
    }));
  const inForce = penaltyLog(t).filter((e) => e.status !== 'rescinded');
  const infractionName = (infraction: string): Text =>
    pack.infractions.find((i) => i.id === infraction)?.name ?? { ja: infraction, en: infraction };
  return {
    tournament: {
      id,
      name: t.settings.name,
      date: t.settings.date,
      finished: t.status === 'finished',
      swissRounds: t.rounds.filter((r) => r.stage === 'swiss').length,
      topCutRounds: t.rounds.filter((r) => r.stage === 'top-cut').length,
    },
    participants: participantCount(t),
    top,
    penaltyCounts: PENALTY_IDS.map((penalty) => ({
      penalty,
      name: penaltyOf(pack, penalty).name,
      count: inForce.filter((e) => e.penalty === penalty).length,
    })),
    penalties: inForce.map((e) => ({
      id: e.id,
      round: e.round,
      player: e.player,
      cardGameId: cardGameId.get(e.player) ?? null,
      name: e.name,
      infraction: infractionName(e.infraction),
      penalty: e.penalty,
      penaltyName: penaltyOf(pack, e.penalty).name,
    })),
  };
}

const HEADERS: readonly Text[] = [
  { ja: '区分', en: 'Section' },
  { ja: '項目', en: 'Item' },
  { ja: '順位', en: 'Place' },
  { ja: '回戦', en: 'Round' },
  { ja: 'プレイヤーID', en: 'Player ID' },
  { ja: 'KONAMI ID', en: 'Card Game ID' },
  { ja: '氏名', en: 'Name' },
  { ja: '値', en: 'Value' },
];

const WORDS = {
  event: { ja: '大会', en: 'Event' },
  name: { ja: '大会名', en: 'Name' },
  date: { ja: '開催日', en: 'Date' },
  status: { ja: '状態', en: 'Status' },
  finished: { ja: '終了', en: 'finished' },
  running: { ja: '進行中', en: 'running' },
  participants: { ja: '参加者数', en: 'Participants' },
  swissRounds: { ja: 'スイスドロー回戦数', en: 'Swiss rounds' },
  topCutRounds: { ja: '決勝トーナメント回戦数', en: 'Top cut rounds' },
  top: { ja: '上位入賞', en: 'Top places' },
  record: { ja: '成績', en: 'Record' },
  counts: { ja: '罰則件数', en: 'Penalty count' },
  penalty: { ja: '罰則', en: 'Penalty' },
} as const satisfies Record<string, Text>;

/** The report as one CSV table for a spreadsheet: a section column, then the event, the top places, the counts and each penalty. */
export function resultsReportCsv(report: ResultsReport, lang: Lang): string {
  const w = (key: keyof typeof WORDS): string => WORDS[key][lang];
  const event = (item: keyof typeof WORDS, value: CsvCell): CsvCell[] => [
    w('event'),
    w(item),
    null,
    null,
    null,
    null,
    null,
    value,
  ];
  const r = report.tournament;
  const rows: CsvCell[][] = [
    event('name', r.name),
    event('date', r.date),
    event('status', w(r.finished ? 'finished' : 'running')),
    event('participants', report.participants),
    event('swissRounds', r.swissRounds),
    event('topCutRounds', r.topCutRounds),
    ...report.top.map((p): CsvCell[] => [
      w('top'),
      w('record'),
      p.place,
      null,
      p.player,
      p.cardGameId,
      p.name,
      `${p.wins}-${p.losses}-${p.draws}`,
    ]),
    ...report.penaltyCounts.map((c): CsvCell[] => [w('counts'), c.name[lang], null, null, null, null, null, c.count]),
    ...report.penalties.map((p): CsvCell[] => [
      w('penalty'),
      p.infraction[lang],
      null,
      p.round,
      p.player,
      p.cardGameId,
      p.name,
      p.penaltyName[lang],
    ]),
  ];
  return toCsv(
    HEADERS.map((h) => h[lang]),
    rows,
  );
}
