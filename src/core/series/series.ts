import { err, ok, type Result } from '../result.js';
import { parsePointsRule, type PointsRule } from './points-rule.js';
import { invalidField, seriesError, type SeriesError } from './series-errors.js';

/*
 * A series (a season of events): its own event stream, decided and folded here, purely. The
 * clock and the acting user come with each command (`meta`), and so do facts read elsewhere:
 * a tournament's date when it is added, the standings an invitation is decided on.
 */

/** Ids of series: the same slug as tournament ids. */
export const SERIES_ID = /^[A-Za-z0-9._-]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_SERIES_TOURNAMENTS = 1_000;
export const MAX_BEST = 1_000;
export const MAX_ADJUSTMENT = 100_000;
export const MAX_REASON = 500;
export const MAX_NAME = 200;
export const MAX_INVITE_TOP = 100_000;

export interface SeriesMeta {
  readonly at: string;
  readonly actor: string;
}

/** Who is invited: the top N (players sharing rank N included), or everyone at or over a points threshold. */
export type InvitationRule = { readonly top: number } | { readonly atLeast: number };

export interface InvitedPlayer {
  readonly player: string;
  readonly name: string;
  readonly rank: number;
  readonly points: number;
}

type Cmd<T extends string, D> = { readonly type: T; readonly data: D; readonly meta: SeriesMeta };
export type SeriesCommand =
  | Cmd<
      'CreateSeries',
      { id: string; name: string; from: string; to: string; rule: PointsRule | unknown; best: number | null }
    >
  | Cmd<'AddSeriesTournament', { tournament: string; date: string }>
  | Cmd<'RemoveSeriesTournament', { tournament: string }>
  | Cmd<'AdjustSeriesPoints', { player: string; points: number; reason: string }>
  /** `standings`: the leaderboard as of `asOf`, computed by the application from the same rule. */
  | Cmd<'InviteSeriesPlayers', { by: InvitationRule; asOf: string; standings: readonly InvitedPlayer[] }>;

type Ev<T extends string, D> = { readonly type: T; readonly data: D; readonly at: string; readonly actor: string };
export type SeriesEvent =
  | Ev<'SeriesCreated', { id: string; name: string; from: string; to: string; rule: PointsRule; best: number | null }>
  | Ev<'SeriesTournamentAdded', { tournament: string }>
  | Ev<'SeriesTournamentRemoved', { tournament: string }>
  | Ev<'SeriesPointsAdjusted', { player: string; points: number; reason: string }>
  | Ev<'SeriesPlayersInvited', { by: InvitationRule; asOf: string; players: readonly InvitedPlayer[] }>;

export const SERIES_EVENT_TYPES = [
  'SeriesCreated',
  'SeriesTournamentAdded',
  'SeriesTournamentRemoved',
  'SeriesPointsAdjusted',
  'SeriesPlayersInvited',
] as const;

export interface Adjustment {
  readonly player: string;
  readonly points: number;
  readonly reason: string;
  readonly at: string;
  readonly actor: string;
}

export interface Invitation {
  readonly by: InvitationRule;
  readonly asOf: string;
  readonly players: readonly InvitedPlayer[];
  readonly at: string;
  readonly actor: string;
}

export interface Series {
  readonly status: 'open';
  readonly id: string;
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly rule: PointsRule;
  readonly best: number | null;
  /** In the order added. */
  readonly tournaments: readonly string[];
  readonly adjustments: readonly Adjustment[];
  readonly invitations: readonly Invitation[];
}

export type SeriesState = { readonly status: 'none' } | Series;
export const initialSeries = (): SeriesState => ({ status: 'none' });

const isDate = (s: string): boolean => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
const text = (field: string, value: string, max: number): SeriesError | null =>
  value.trim() === ''
    ? invalidField(field, '空にできません', 'must not be empty')
    : value.length > max
      ? invalidField(field, `${max} 文字までです`, `at most ${max} characters`)
      : null;

export function decideSeries(command: SeriesCommand, state: SeriesState): Result<SeriesEvent[], SeriesError> {
  const { at, actor } = command.meta;
  const event = <E extends SeriesEvent>(type: E['type'], data: E['data']): SeriesEvent[] => [
    { type, data, at, actor } as SeriesEvent,
  ];
  if (command.type === 'CreateSeries') {
    const d = command.data;
    if (state.status !== 'none') return err(seriesError('series-exists', { series: d.id }));
    if (!SERIES_ID.test(d.id))
      return err(invalidField('id', '英数字と . _ - の64文字まで', 'letters, digits, . _ - up to 64 characters'));
    const problem = text('name', d.name, MAX_NAME);
    if (problem) return err(problem);
    if (!isDate(d.from)) return err(invalidField('from', 'YYYY-MM-DD の日付', 'a date YYYY-MM-DD'));
    if (!isDate(d.to)) return err(invalidField('to', 'YYYY-MM-DD の日付', 'a date YYYY-MM-DD'));
    if (d.to < d.from) return err(invalidField('to', `開始日 ${d.from} 以降の日付`, `on or after from (${d.from})`));
    if (d.best !== null && (!Number.isInteger(d.best) || d.best < 1 || d.best > MAX_BEST))
      return err(invalidField('best', `1〜${MAX_BEST} の整数`, `a whole number from 1 to ${MAX_BEST}`));
    const rule = parsePointsRule(d.rule);
    if (!rule.ok) return err(invalidField('rule', rule.problems.join('; '), rule.problems.join('; ')));
    return ok(
      event('SeriesCreated', { id: d.id, name: d.name.trim(), from: d.from, to: d.to, rule: rule.value, best: d.best }),
    );
  }
  if (state.status === 'none') return err(seriesError('series-not-found', { series: '' }));
  switch (command.type) {
    case 'AddSeriesTournament': {
      const { tournament, date } = command.data;
      if (state.tournaments.includes(tournament)) return err(seriesError('tournament-in-series', { tournament }));
      if (state.tournaments.length >= MAX_SERIES_TOURNAMENTS)
        return err(seriesError('too-many-tournaments', { max: MAX_SERIES_TOURNAMENTS }));
      if (date < state.from || date > state.to)
        return err(seriesError('tournament-outside-window', { tournament, date, from: state.from, to: state.to }));
      return ok(event('SeriesTournamentAdded', { tournament }));
    }
    case 'RemoveSeriesTournament': {
      const { tournament } = command.data;
      if (!state.tournaments.includes(tournament)) return err(seriesError('tournament-not-in-series', { tournament }));
      return ok(event('SeriesTournamentRemoved', { tournament }));
    }
    case 'AdjustSeriesPoints': {
      const { player, points, reason } = command.data;
      const problem = text('player', player, 64) ?? text('reason', reason, MAX_REASON);
      if (problem) return err(problem);
      if (!Number.isInteger(points) || points === 0 || Math.abs(points) > MAX_ADJUSTMENT)
        return err(
          invalidField(
            'points',
            `0 以外の ±${MAX_ADJUSTMENT} 以内の整数`,
            `a whole number other than 0, within ±${MAX_ADJUSTMENT}`,
          ),
        );
      return ok(event('SeriesPointsAdjusted', { player: player.trim(), points, reason: reason.trim() }));
    }
    case 'InviteSeriesPlayers': {
      const { by, asOf, standings } = command.data;
      if (!isDate(asOf)) return err(invalidField('asOf', 'YYYY-MM-DD の日付', 'a date YYYY-MM-DD'));
      if ('top' in by && (!Number.isInteger(by.top) || by.top < 1 || by.top > MAX_INVITE_TOP))
        return err(invalidField('top', `1〜${MAX_INVITE_TOP} の整数`, `a whole number from 1 to ${MAX_INVITE_TOP}`));
      if ('atLeast' in by && (!Number.isInteger(by.atLeast) || by.atLeast < 0))
        return err(invalidField('atLeast', '0 以上の整数', 'a whole number, 0 or more'));
      return ok(event('SeriesPlayersInvited', { by, asOf, players: invitedBy(by, standings) }));
    }
  }
}

/** The invited: ranks 1..N (a tie at rank N is invited whole), or everyone at or over the threshold. */
export function invitedBy(by: InvitationRule, standings: readonly InvitedPlayer[]): InvitedPlayer[] {
  return standings.filter((row) => ('top' in by ? row.rank <= by.top : row.points >= by.atLeast));
}

export function evolveSeries(state: SeriesState, event: SeriesEvent): SeriesState {
  if (event.type === 'SeriesCreated')
    return { status: 'open', ...event.data, tournaments: [], adjustments: [], invitations: [] };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SeriesTournamentAdded':
      return { ...state, tournaments: [...state.tournaments, event.data.tournament] };
    case 'SeriesTournamentRemoved':
      return { ...state, tournaments: state.tournaments.filter((id) => id !== event.data.tournament) };
    case 'SeriesPointsAdjusted':
      return { ...state, adjustments: [...state.adjustments, { ...event.data, at: event.at, actor: event.actor }] };
    case 'SeriesPlayersInvited':
      return { ...state, invitations: [...state.invitations, { ...event.data, at: event.at, actor: event.actor }] };
  }
}
