import type { MatchStatus, PlayerPage } from '../../../src/app/projections/player-page.js';
import type { Text } from '../../../src/core/text.js';
import { outbox } from '../api/outbox';

/*
 * The routes of players' own page (the record code is their credential) and of the staff
 * screens around it: check-in, no-shows, the judges' queue of players' reports.
 */

const enc = encodeURIComponent;
const base = (t: string) => `/api/tournaments/${enc(t)}`;

export const selfPaths = {
  page: (t: string, p: string, code?: string) => `${base(t)}/players/${enc(p)}/page${code ? `?code=${enc(code)}` : ''}`,
  checkIns: (t: string) => `${base(t)}/check-ins`,
  venueCode: (t: string) => `${base(t)}/venue-code`,
  queue: (t: string) => `${base(t)}/player-reports`,
  matchReports: (t: string, r: number, n: number) => `${base(t)}/rounds/${r}/tables/${n}/player-reports`,
  slips: (t: string) => `${base(t)}/slips`,
};

/** The address a slip's QR code opens: the player's own page with their code. */
/** The player's page; without `code` the page asks for it (the short address a slip prints to type). */
export const playerPageUrl = (origin: string, t: string, p: string, code?: string): string =>
  `${origin}/t/${enc(t)}/p/${enc(p)}${code === undefined ? '' : `?code=${enc(code)}`}`;

export const selfWrites = {
  /** A player's report of their match; equal to the opponent's, it is the result. */
  report: (t: string, p: string, code: string, round: number, table: number, duels: readonly string[]) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/players/${enc(p)}/result`,
      body: { code, round, table, duels },
      tournament: t,
      version: null,
      label: { key: 'selfService.write.report', params: { round, table } },
    }),
  /** Check-in by the player (with the code) or by staff (without). */
  checkIn: (t: string, p: string, code?: string, venueCode?: string) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/players/${enc(p)}/check-in`,
      body: { ...(code ? { code } : {}), ...(venueCode ? { venueCode } : {}) },
      tournament: t,
      version: null,
      label: { key: 'selfService.write.checkIn', params: { player: p } },
    }),
  /** The player withdraws (辞退) before round 1 with their code. */
  withdraw: (t: string, p: string, code: string) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/players/${enc(p)}/withdraw`,
      body: { code },
      tournament: t,
      version: null,
      label: { key: 'selfService.write.withdraw' },
    }),
  /** The organizer requires (or stops requiring) the venue code for a player's own check-in. */
  venueCodeRequired: (t: string, v: number | null, required: boolean) =>
    outbox.send({
      method: 'PUT',
      path: `${base(t)}/check-in-venue-code`,
      body: { required },
      tournament: t,
      version: v,
      label: { key: required ? 'selfService.write.venueCodeOn' : 'selfService.write.venueCodeOff' },
    }),
  dropNoShows: (t: string, v: number | null, count: number) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/no-shows/drop`,
      body: { count },
      tournament: t,
      version: v,
      label: { key: 'selfService.write.dropNoShows', params: { count } },
    }),
  setReporting: (t: string, v: number | null, enabled: boolean, confirmMinutes: number) =>
    outbox.send({
      method: 'PUT',
      path: `${base(t)}/player-reporting`,
      body: { enabled, confirmMinutes },
      tournament: t,
      version: v,
      label: { key: 'selfService.write.setReporting' },
    }),
  setPairingReasons: (t: string, v: number | null, shown: boolean) =>
    outbox.send({
      method: 'PUT',
      path: `${base(t)}/player-pairing-reasons`,
      body: { shown },
      tournament: t,
      version: v,
      label: { key: 'selfService.write.setPairingReasons' },
    }),
};

export interface PlayerReportView {
  readonly player: string;
  readonly duels: readonly string[];
  readonly at: string;
}

/** What a player's own page shows (the server's projection, src/app/projections/player-page.ts) and the version it is at. */
export type PlayerPageView = PlayerPage & {
  readonly tournament: {
    readonly id: string;
    readonly name: string;
    readonly date: string;
    readonly status: string;
    /** The tournament's time zone (IANA), null: the device's. */
    readonly timeZone: string | null;
  };
  /** The clock of the player's round, null without a match (src/adapters/http/routes/clock.ts playerClock). */
  readonly clock: PlayerClock | null;
  /** Where the organizer shows it: why the player's own Swiss pairing (or bye) was made. */
  readonly pairingReason: Text | null;
  readonly version: number;
};
export type { MatchStatus };

export interface PlayerClock {
  readonly seatTime: string;
  readonly endsAt: string;
  /** False while the round is published but not started: nothing counts down yet. */
  readonly started: boolean;
  readonly ended: boolean;
  /** The server's time when it answered. */
  readonly now: string;
}

export interface CheckInsView {
  readonly open: boolean;
  readonly notCheckedIn: number;
  readonly fee: {
    readonly amount: number;
    readonly currency: string;
    readonly paid: number;
    readonly unpaid: number;
    readonly paidTotal: number;
    readonly unpaidTotal: number;
  } | null;
  readonly players: readonly {
    readonly id: string;
    readonly name: string;
    readonly dropped: boolean;
    readonly checkedIn: { readonly at: string; readonly by: string } | null;
    /** `null`: no fee, or the player owes none (dropped before playing). */
    readonly paid: boolean | null;
    /** The player's answer to being filmed for the stream. */
    readonly filming: 'yes' | 'no' | 'not-asked';
  }[];
  readonly version: number;
}

export interface QueueView {
  readonly reporting: { readonly enabled: boolean; readonly confirmMinutes: number };
  /** Whether players see why they were paired on their page. */
  readonly pairingReasons: boolean;
  readonly queue: readonly {
    readonly round: number;
    readonly table: number;
    readonly reason: 'disputed' | 'unconfirmed';
    readonly since: string;
    readonly players: readonly { readonly id: string; readonly name: string }[];
    readonly reports: readonly (PlayerReportView | null)[];
    readonly history: readonly PlayerReportView[];
  }[];
}

export interface MatchReportsView {
  readonly round: number;
  readonly table: number;
  readonly players: readonly { readonly id: string; readonly name: string }[];
  readonly reports: readonly (PlayerReportView | null)[];
  readonly history: readonly PlayerReportView[];
  readonly confirmation: { readonly reportedBy: string; readonly confirmedBy: string; readonly at: string } | null;
}

export interface SlipsView {
  readonly reporting: { readonly enabled: boolean; readonly confirmMinutes: number };
  readonly players: readonly { readonly id: string; readonly name: string; readonly code: string }[];
}
