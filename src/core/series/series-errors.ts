import type { Text } from '../text.js';

/* Every way a series or player-link command is refused: a stable code and a sentence in both languages. */

const t = (ja: string, en: string): Text => ({ ja, en });

const MESSAGES = {
  'series-not-found': (d: { series: string }) =>
    t(`シリーズ ${d.series} はありません`, `there is no series ${d.series}`),
  'series-exists': (d: { series: string }) =>
    t(`シリーズ ${d.series} は作成済みです`, `series ${d.series} already exists`),
  'invalid-field': (d: { field: string; problem: Text }) =>
    t(`${d.field}: ${d.problem.ja}`, `${d.field}: ${d.problem.en}`),
  'tournament-unknown': (d: { tournament: string }) =>
    t(`大会 ${d.tournament} はこのデータベースにありません`, `there is no tournament ${d.tournament} in this database`),
  'tournament-in-series': (d: { tournament: string }) =>
    t(`大会 ${d.tournament} はこのシリーズに追加済みです`, `tournament ${d.tournament} is already in this series`),
  'tournament-not-in-series': (d: { tournament: string }) =>
    t(`大会 ${d.tournament} はこのシリーズにありません`, `tournament ${d.tournament} is not in this series`),
  'tournament-outside-window': (d: { tournament: string; date: string; from: string; to: string }) =>
    t(
      `大会 ${d.tournament} の開催日 ${d.date} はシーズン期間 ${d.from}〜${d.to} の外です`,
      `tournament ${d.tournament} is dated ${d.date}, outside the season ${d.from} to ${d.to}`,
    ),
  'too-many-tournaments': (d: { max: number }) =>
    t(`1シリーズの大会は ${d.max} までです`, `a series holds at most ${d.max} tournaments`),
  'link-to-self': (d: { player: string }) =>
    t(`${d.player} を自分自身に紐付けることはできません`, `${d.player} cannot be linked to itself`),
  'already-linked': (d: { player: string; to: string }) =>
    t(
      `${d.player} はすでに ${d.to} に紐付いています (先に解除してください)`,
      `${d.player} is already linked to ${d.to} (unlink it first)`,
    ),
  'link-cycle': (d: { player: string; to: string }) =>
    t(
      `${d.to} は ${d.player} に紐付いているため、逆向きには紐付けられません`,
      `${d.to} is linked to ${d.player}: they cannot be linked the other way too`,
    ),
  'not-linked': (d: { player: string }) =>
    t(`${d.player} は他のIDに紐付いていません`, `${d.player} is not linked to another id`),
  'version-conflict': (d: { expected: number; actual: number }) =>
    t(
      `他の操作で更新されました (版 ${d.expected} → ${d.actual})。再読み込みしてやり直してください`,
      `someone else changed it (version ${d.expected} is now ${d.actual}); reload and try again`,
    ),
} satisfies Record<string, (details: never) => Text>;

export type SeriesErrorCode = keyof typeof MESSAGES;

export interface SeriesError {
  readonly code: SeriesErrorCode;
  readonly message: Text;
  readonly details: Readonly<Record<string, unknown>>;
}

export function seriesError<C extends SeriesErrorCode>(
  code: C,
  ...details: Parameters<(typeof MESSAGES)[C]>
): SeriesError {
  const detail = (details[0] ?? {}) as Record<string, unknown>;
  return { code, message: (MESSAGES[code] as (d: unknown) => Text)(detail), details: detail };
}

/** A field's problem, named by its path. */
export const invalidField = (field: string, ja: string, en: string): SeriesError =>
  seriesError('invalid-field', { field, problem: { ja, en } });

export const SERIES_ERROR_CODES = Object.keys(MESSAGES) as SeriesErrorCode[];
