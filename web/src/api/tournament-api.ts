import { outbox, type WriteLabel, type WriteOutcome } from './outbox';
import type { PenaltyBody } from '../../../src/adapters/http/routes/penalties.js';
import type { PenaltyChoice } from '../../../src/core/tournament/commands.js';
import type { PenaltyId, BestOf, Stage, StageFormat, Structure } from './types';

/** Paths of the API's tournament resources, one place to change when a route moves. */
export const paths = {
  tournaments: '/api/tournaments',
  tournament: (t: string) => `/api/tournaments/${enc(t)}`,
  players: (t: string) => `/api/tournaments/${enc(t)}/players`,
  decklist: (t: string, player: string) => `/api/tournaments/${enc(t)}/players/${enc(player)}/decklist`,
  rounds: (t: string) => `/api/tournaments/${enc(t)}/rounds`,
  phases: (t: string) => `/api/tournaments/${enc(t)}/phases`,
  pairings: (t: string, r: number) => `/api/tournaments/${enc(t)}/rounds/${r}/pairings`,
  playerTable: (t: string, r: number, p: string) => `/api/tournaments/${enc(t)}/rounds/${r}/pairings/${enc(p)}`,
  clock: (t: string, r: number) => `/api/tournaments/${enc(t)}/rounds/${r}/clock`,
  penalties: (t: string) => `/api/tournaments/${enc(t)}/penalties`,
  standings: (t: string) => `/api/tournaments/${enc(t)}/standings`,
  playerRecord: (t: string, p: string, code?: string) =>
    `/api/tournaments/${enc(t)}/players/${enc(p)}/record${code ? `?code=${encodeURIComponent(code)}` : ''}`,
  live: (t: string) => `/api/tournaments/${enc(t)}/live`,
  assess: (t: string) => `/api/tournaments/${enc(t)}/penalties/assess`,
  deckChecks: (t: string) => `/api/tournaments/${enc(t)}/deck-checks`,
  lists: (date: string) => `/api/lists?date=${encodeURIComponent(date)}`,
  cardDatabases: '/api/card-databases',
  requests: (t: string) => `/api/tournaments/${enc(t)}/requests`,
  incidentReport: (t: string, penalty: number, lang: 'ja' | 'en') =>
    `/api/tournaments/${enc(t)}/penalties/${penalty}/incident-report?lang=${lang}`,
  reportBundle: (t: string) => `/api/tournaments/${enc(t)}/report-bundle`,
  reasons: (t: string, r: number) => `/api/tournaments/${enc(t)}/rounds/${r}/reasons`,
  announcements: (t: string) => `/api/tournaments/${enc(t)}/announcements`,
};

function enc(s: string): string {
  return encodeURIComponent(s);
}

/** A tournament write through the outbox: idempotency key, If-Match, retried until acknowledged. */
function write(
  t: string,
  version: number | null,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  label: WriteLabel,
): Promise<WriteOutcome> {
  return outbox.send({ method, path, body, tournament: t, version, label });
}

export interface NewTournament {
  readonly name: string;
  readonly date: string;
  /** The IANA zone the event runs in: times on screen, on paper and in files. */
  readonly timeZone?: string;
  readonly decklistsRequired: boolean;
  readonly roundMinutes: number;
  readonly structure: Structure;
  /** The match format and round length of the Swiss and of the top cut (a stage left out: best of 3, `roundMinutes`). */
  readonly stages?: Partial<Record<Stage, StageFormat>>;
  /** A list of the shipped history by name, or "none"; absent: the list in force on the date. */
  readonly banlist?: string;
  readonly banlistFile?: { readonly format: 'lflist' | 'json'; readonly text: string };
  /** The id of a card database imported with POST /api/card-databases. */
  readonly cardPool?: string;
}

export interface NewPhase {
  readonly name: string;
  readonly bestOf?: BestOf;
  readonly roundMinutes?: number;
  /** ISO time with offset; absent: each round's seat time is when it starts. */
  readonly seatTime?: string;
}

/** GET /api/lists: the shipped OCG F/L history and the list in force on a date. */
export interface ListHistory {
  readonly date: string;
  readonly inForce: string | null;
  readonly warning: { readonly ja: string; readonly en: string } | null;
  readonly lists: readonly {
    readonly name: string;
    readonly from: string | null;
    readonly forbidden: number;
    readonly limited: number;
    readonly semiLimited: number;
  }[];
}

export type DecklistUpload = { readonly format: 'ydk' | 'ydke' | 'text'; readonly text: string };

/** The body of POST …/penalties and what a judge's report holds: the route's own types. */
export type { PenaltyBody, PenaltyChoice };
export type PenaltyReport = PenaltyBody['report'];

export type StaffRequestBody =
  | { readonly kind: 'penalty'; readonly penalty: PenaltyBody; readonly notes?: string }
  | {
      readonly kind: 'correction';
      readonly correction: { round: number; table: number; duels: readonly string[]; reason: string };
      readonly notes?: string;
    };

/** Every tournament write the console makes. `v` is the version the person saw. */
export const writes = {
  createTournament: (body: NewTournament) =>
    outbox.send({
      method: 'POST',
      path: paths.tournaments,
      body,
      label: { key: 'write.createTournament', params: { name: body.name } },
    }),
  /** A whole player list as CSV in one write, all or none (previewed first: POST …/players/import/preview). */
  importPlayers: (t: string, v: number | null, csv: string, count: number) =>
    write(t, v, 'POST', `${paths.players(t)}/import`, { csv }, { key: 'write.importPlayers', params: { count } }),
  /** `invitation`: into the phase just started (day two), with byes for the rounds before it, for this reason. */
  registerPlayer: (
    t: string,
    v: number | null,
    body: {
      id: string;
      name: string;
      reading?: string;
      decklist?: DecklistUpload;
      invitation?: { reason: string };
      filming?: boolean;
    },
  ) => write(t, v, 'POST', paths.players(t), body, { key: 'write.registerPlayer', params: { player: body.name } }),
  submitDecklist: (t: string, v: number | null, player: string, body: DecklistUpload) =>
    write(
      t,
      v,
      'PUT',
      `${paths.players(t)}/${enc(player)}/decklist`,
      { decklist: body },
      { key: 'write.submitDecklist', params: { player } },
    ),
  /** Once the player has played: the head judge's corrected list, with the reason the log keeps. */
  correctDecklist: (t: string, v: number | null, player: string, body: DecklistUpload, reason: string) =>
    write(
      t,
      v,
      'POST',
      `${paths.players(t)}/${enc(player)}/decklist-correction`,
      { decklist: body, reason },
      { key: 'write.correctDecklist', params: { player } },
    ),
  /** Only what is sent changes; `reading: null` takes the reading away. */
  changePlayerDetails: (
    t: string,
    v: number | null,
    player: string,
    body: { name?: string; reading?: string | null },
  ) =>
    write(t, v, 'POST', `${paths.players(t)}/${enc(player)}/details`, body, {
      key: 'names.writeDetails',
      params: { player },
    }),
  dropPlayer: (t: string, v: number | null, player: string, reason?: string) =>
    write(t, v, 'POST', `${paths.players(t)}/${enc(player)}/drop`, reason ? { reason } : {}, {
      key: 'write.dropPlayer',
      params: { player },
    }),
  /** `acceptDecklists`: the organizer pairs round 1 despite missing or illegal lists, for this reason. */
  /**
   * The pairings are posted; the round starts (and tardiness counts) with `startRound`.
   * `seatTime`: the seat time announced with them (ISO), shown until the start.
   * `hold`: staff only see the pairings until `publishRound`.
   */
  pairRound: (
    t: string,
    v: number | null,
    round: number,
    acceptDecklists?: { reason: string },
    seatTime?: string,
    hold = false,
  ) =>
    write(
      t,
      v,
      'POST',
      paths.rounds(t),
      {
        round,
        startLater: true,
        ...(hold ? { hold: true } : {}),
        ...(acceptDecklists ? { acceptDecklists } : {}),
        ...(seatTime ? { seatTime } : {}),
      },
      { key: 'write.pairRound', params: { round } },
    ),
  /** A held round shown to the players (paired to start later, it still waits for `startRound`). */
  publishRound: (t: string, v: number | null, round: number) =>
    write(t, v, 'POST', `${paths.rounds(t)}/${round}/publish`, {}, { key: 'write.publishRound', params: { round } }),
  /** Before a held round is published: players `a` and `b` change places. */
  fixPairing: (t: string, v: number | null, round: number, a: string, b: string) =>
    write(
      t,
      v,
      'POST',
      `${paths.rounds(t)}/${round}/swap`,
      { players: [a, b] },
      { key: 'write.fixPairing', params: { round } },
    ),
  /** A notice to everyone, or to one table of the round players see; needs no version (it changes nothing else). */
  announce: (t: string, text: { ja?: string; en?: string }, table?: number) =>
    write(
      t,
      null,
      'POST',
      paths.announcements(t),
      { text, ...(table === undefined ? {} : { table }) },
      {
        key: 'write.announce',
      },
    ),
  /** After the ended Swiss round `afterRound`: players over `maxLosses` leave, or only the `top` N stay. */
  cutSwiss: (t: string, v: number | null, afterRound: number, rule: { maxLosses: number } | { top: number }) =>
    write(t, v, 'POST', `${paths.rounds(t)}/${afterRound}/cut`, rule, {
      key: 'formats.writeCut',
      params: { round: afterRound },
    }),
  /** A new Swiss phase (day two) from the next round: its name, format, round length and first seat time. */
  startPhase: (t: string, v: number | null, body: NewPhase) =>
    write(t, v, 'POST', paths.phases(t), body, { key: 'formats.writeStartPhase', params: { name: body.name } }),
  startRound: (t: string, v: number | null, round: number) =>
    write(t, v, 'POST', `${paths.rounds(t)}/${round}/start`, {}, { key: 'write.startRound', params: { round } }),
  markAllSeated: (t: string, v: number | null, round: number, except: readonly string[]) =>
    write(
      t,
      v,
      'POST',
      `${paths.rounds(t)}/${round}/seated`,
      { except },
      { key: 'write.markAllSeated', params: { round, count: except.length } },
    ),
  endRound: (t: string, v: number | null, round: number) =>
    write(t, v, 'POST', `${paths.rounds(t)}/${round}/end`, {}, { key: 'write.endRound', params: { round } }),
  reportResult: (t: string, v: number | null, round: number, table: number, duels: readonly string[]) =>
    write(
      t,
      v,
      'POST',
      `${paths.rounds(t)}/${round}/tables/${table}/result`,
      { duels },
      { key: 'write.reportResult', params: { round, table } },
    ),
  correctResult: (
    t: string,
    v: number | null,
    round: number,
    table: number,
    duels: readonly string[],
    reason: string,
  ) =>
    write(
      t,
      v,
      'PUT',
      `${paths.rounds(t)}/${round}/tables/${table}/result`,
      { duels, reason },
      { key: 'write.correctResult', params: { round, table } },
    ),
  markSeated: (t: string, v: number | null, round: number, table: number, player: string) =>
    write(
      t,
      v,
      'POST',
      `${paths.rounds(t)}/${round}/tables/${table}/seated`,
      { player },
      { key: 'write.markSeated', params: { player, table } },
    ),
  extendTime: (t: string, v: number | null, round: number, table: number, minutes: number, reason?: string) =>
    write(
      t,
      v,
      'POST',
      `${paths.rounds(t)}/${round}/tables/${table}/extensions`,
      reason ? { minutes, reason } : { minutes },
      {
        key: 'write.extendTime',
        params: { table, minutes },
      },
    ),
  /** `expected`: the penalty the judge saw proposed; if a threshold passed meanwhile the server refuses (409 proposal-changed). */
  confirmLate: (t: string, v: number | null, round: number, player: string, expected: PenaltyId) =>
    write(
      t,
      v,
      'POST',
      `${paths.rounds(t)}/${round}/late/${enc(player)}/confirm`,
      { expectedPenalty: expected },
      { key: 'write.confirmLate', params: { player } },
    ),
  issuePenalty: (t: string, v: number | null, body: PenaltyBody) =>
    write(t, v, 'POST', paths.penalties(t), body, {
      key: 'write.issuePenalty',
      params: { player: body.player, infraction: body.report.infraction },
    }),
  appeal: (
    t: string,
    v: number | null,
    penaltyId: number,
    body:
      | {
          outcome: 'changed';
          penalty: PenaltyId;
          reason: string;
          statements?: readonly string[];
          withoutEffect?: boolean;
        }
      | { outcome: 'rescinded' | 'denied'; reason: string },
  ) =>
    write(t, v, 'POST', `${paths.penalties(t)}/${penaltyId}/appeal`, body, {
      key: 'write.appeal',
      params: { id: penaltyId },
    }),
  changeDeckRules: (
    t: string,
    v: number | null,
    body: { banlist?: string; banlistFile?: NewTournament['banlistFile']; reason: string },
  ) => write(t, v, 'PUT', `${paths.tournament(t)}/deck-rules`, body, { key: 'write.changeDeckRules' }),
  /** A floor judge's request to the head judge: the penalty as the judge would issue it, or a result correction. */
  submitRequest: (t: string, v: number | null, body: StaffRequestBody) =>
    write(t, v, 'POST', paths.requests(t), body, {
      key: body.kind === 'penalty' ? 'write.requestPenalty' : 'write.requestCorrection',
      params: { player: body.kind === 'penalty' ? body.penalty.player : '' },
    }),
  decideRequest: (
    t: string,
    v: number | null,
    requestId: number,
    body:
      | { outcome: 'approved' }
      | { outcome: 'changed'; penalty: PenaltyId; reason: string }
      | { outcome: 'refused'; reason: string },
  ) =>
    write(t, v, 'POST', `${paths.requests(t)}/${requestId}/decision`, body, {
      key: 'write.decideRequest',
      params: { id: requestId },
    }),
  finish: (t: string, v: number | null) =>
    write(t, v, 'POST', `${paths.tournament(t)}/finish`, {}, { key: 'write.finish' }),
};
