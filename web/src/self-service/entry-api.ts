import type { EntryMode } from '../../../src/core/tournament/events.js';
import { outbox } from '../api/outbox';
import type { DeckFinding } from '../api/types';
import type { Text } from '../i18n/i18n';

/*
 * The routes of public entry and of the player's own decklist (the record code is the
 * player's credential), and of the staff's decklists screen.
 */

const enc = encodeURIComponent;
const base = (t: string) => `/api/tournaments/${enc(t)}`;
const own = (t: string, p: string) => `${base(t)}/players/${enc(p)}/decklist`;

export const entryPaths = {
  entry: (t: string) => `${base(t)}/entry`,
  receipt: (t: string, p: string, code?: string) => `${own(t, p)}/receipt${code ? `?code=${enc(code)}` : ''}`,
  preview: (t: string, p: string) => `${own(t, p)}/preview`,
  cards: (t: string, q: string) => `${base(t)}/cards?q=${enc(q)}`,
  decklists: (t: string) => `${base(t)}/decklists`,
  entries: (t: string) => `${base(t)}/entries`,
  published: (t: string) => `${base(t)}/published-decklists`,
  sheet: (t: string, p: string, code?: string) => `${own(t, p)}/sheet${code ? `?code=${enc(code)}` : ''}`,
};

/** A list as the builder sends it (passcodes per zone) or as pasted text. */
export type ListInput =
  | { readonly main: readonly number[]; readonly extra: readonly number[]; readonly side: readonly number[] }
  | { readonly format: 'ydk' | 'ydke' | 'text'; readonly text: string };

const write = (t: string, v: number | null, method: 'PUT' | 'POST', path: string, body: unknown, key: string) =>
  outbox.send({ method, path: `${base(t)}/${path}`, body, tournament: t, version: v, label: { key } });

export const entryWrites = {
  open: (t: string, v: number | null, body: { cap: number; closesAt: string; mode: EntryMode }) =>
    write(t, v, 'PUT', 'entry', body, 'entry.write.open'),
  close: (t: string, v: number | null, body: { seed?: number }) =>
    write(t, v, 'POST', 'entry/close', body, 'entry.write.close'),
  deadline: (t: string, v: number | null, until: string | null) =>
    write(t, v, 'PUT', 'decklist-deadline', { until }, 'entry.write.deadline'),
  publication: (t: string, v: number | null, scope: Publication) =>
    write(t, v, 'PUT', 'decklist-publication', { scope }, 'entry.write.publication'),
  enter: (t: string, body: { name: string; reading: string; cardGameId?: string; filming?: boolean }) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/entries`,
      body,
      tournament: t,
      version: null,
      label: { key: 'entry.write.enter' },
    }),
  submit: (t: string, p: string, code: string, decklist: ListInput, confirm: boolean) =>
    outbox.send({
      method: 'PUT',
      path: `${own(t, p)}/submission`,
      body: { code, decklist, confirm },
      tournament: t,
      version: null,
      label: { key: 'entry.write.submit' },
    }),
};

export interface EntryView {
  readonly tournament: { readonly name: string; readonly date: string; readonly status: string };
  readonly open: boolean;
  readonly settings: { readonly cap: number; readonly closesAt: string; readonly mode: EntryMode } | null;
  readonly closed: boolean;
  readonly seatsTaken: number;
  readonly decklistDeadline: string | null;
  readonly publication: Publication | null;
  /**
   * A lottery's draw: the SHA-256 commitment to its seed from the opening on (null in an older
   * log's lottery), the seed and nonce once drawn (anyone checks them against the commitment).
   */
  readonly lottery: {
    readonly commitment: string | null;
    readonly seed: number | null;
    readonly nonce: string | null;
    readonly at: string | null;
  } | null;
}

export type Publication = { readonly kind: 'top'; readonly top: number } | { readonly kind: 'all' };

export interface Entered {
  readonly player: string;
  readonly code: string;
  readonly status: 'registered' | 'waiting' | 'applied';
  readonly place: number | null;
}

export interface Receipt {
  readonly at: string;
  readonly hash: string;
}

export interface ReceiptView {
  readonly player: string;
  readonly receipt: Receipt | null;
  readonly open: boolean;
  readonly deadline: string | null;
}

export interface PreviewAnswer {
  readonly findings: readonly DeckFinding[];
  readonly hash: string;
}

export interface CardHit {
  readonly passcode: number;
  readonly name: Text;
  readonly zone: 'main' | 'extra';
}

export interface DecklistsView {
  readonly deadline: string | null;
  readonly submitted: number;
  readonly missing: number;
  readonly withFindings: number;
  readonly players: readonly {
    readonly id: string;
    readonly name: string;
    readonly reading: string | null;
    readonly cardGameId: string | null;
    readonly deck: 'none' | 'legal' | 'findings';
    readonly findings: number;
    readonly receipt: Receipt | null;
    readonly byPlayer: boolean;
    readonly flagged: boolean;
    /** Entries or players this one may be a duplicate of, on both sides of the warning. */
    readonly duplicates: readonly string[];
  }[];
}

/** Staff's view of public entry: the settings as the entry page shows them, and every entry. */
export interface EntriesView extends EntryView {
  readonly entries: readonly {
    readonly id: string;
    readonly status: 'registered' | 'waiting' | 'applied';
    readonly dropped: boolean;
    /** Entries or players this one may be a duplicate of, on both sides of the warning. */
    readonly duplicates: readonly string[];
  }[];
}

/** A card on the printable sheet: copies and names (null: a card the pool does not know). */
export interface SheetLine {
  readonly passcode: number;
  readonly count: number;
  readonly name: Text | null;
}

/** The registration sheet of a player's current list (`decklist/sheet`). */
export interface SheetView {
  readonly tournament: { readonly name: string; readonly date: string };
  readonly player: {
    readonly id: string;
    readonly name: string;
    readonly reading: string | null;
    readonly cardGameId: string | null;
  };
  readonly receipt: Receipt | null;
  readonly main: {
    readonly total: number;
    readonly groups: readonly {
      readonly group: 'monster' | 'spell' | 'trap' | 'other';
      readonly total: number;
      readonly cards: readonly SheetLine[];
    }[];
  };
  readonly extra: { readonly total: number; readonly cards: readonly SheetLine[] };
  readonly side: { readonly total: number; readonly cards: readonly SheetLine[] };
}
