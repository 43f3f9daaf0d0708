import type { CallView, FloorView } from '../../../src/app/projections/judge-call-views.js';
import { outbox } from '../api/outbox';

/*
 * Judge calls: the routes the player's page calls a judge with (the record code is the
 * credential) and those of the judges' queue and the head judge's floor view.
 */

const enc = encodeURIComponent;
const base = (t: string) => `/api/tournaments/${enc(t)}/calls`;

export const callPaths = {
  calls: (t: string) => base(t),
  floor: (t: string) => `${base(t)}/floor`,
};

const label = (key: string, params?: Record<string, string | number>) => ({ key, ...(params ? { params } : {}) });

export const callWrites = {
  /** A player calls for their own table with the code on their slip; pressing again answers the table's call. */
  open: (t: string, table: number, round: number, player: string, code: string | undefined, note: string) =>
    outbox.send({
      method: 'POST',
      path: base(t),
      body: { table, round, player, ...(code ? { code } : {}), ...(note.trim() ? { note: note.trim() } : {}) },
      tournament: t,
      version: null,
      label: label('calls.write.open', { table }),
    }),
  claim: (t: string, id: number) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/${id}/claim`,
      body: {},
      tournament: t,
      version: null,
      label: label('calls.write.claim', { id }),
    }),
  escalate: (t: string, id: number, note: string) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/${id}/escalate`,
      body: note.trim() ? { note: note.trim() } : {},
      tournament: t,
      version: null,
      label: label('calls.write.escalate', { id }),
    }),
  setRules: (t: string, minimumMinutes: number) =>
    outbox.send({
      method: 'PUT',
      path: `${base(t)}/rules`,
      body: { minimumMinutes },
      tournament: t,
      version: null,
      label: label('calls.write.rules', { minutes: minimumMinutes }),
    }),
  resolve: (t: string, id: number, body: { ruling?: string; penaltyIds?: number[]; extensionMinutes?: number }) =>
    outbox.send({
      method: 'POST',
      path: `${base(t)}/${id}/resolve`,
      body,
      tournament: t,
      version: null,
      label: label('calls.write.resolve', { id }),
    }),
};

export interface CallsView {
  /** The organizer's rule: the shortest call, claim to resolve, that earns a proposed extension. */
  readonly minimumMinutes: number;
  readonly calls: readonly CallView[];
  readonly version: number;
}

export type { CallView, FloorView };
