import type { Kysely } from 'kysely';
import type { WebhookEvent } from '../../app/webhooks/webhook-events.js';
import type { StoreConfig } from '../store/open-event-store.js';
import { openSideDatabase } from '../store/side-tables.js';
import { migrateWebhooks, type WebhookSchema } from './webhook-schema.js';

export type WebhookFormat = 'json' | 'discord' | 'line';
export const WEBHOOK_FORMATS: readonly WebhookFormat[] = ['json', 'discord', 'line'];

/** An endpoint as every list shows it: never its secret. */
export interface WebhookView {
  readonly id: string;
  readonly tournament: string | null;
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly format: WebhookFormat;
  /** LINE push only: who the message goes to. */
  readonly lineTo: string | null;
  readonly lang: 'ja' | 'en';
  readonly staff: boolean;
  readonly allowPrivate: boolean;
  readonly createdAt: string;
  readonly createdBy: string;
}

export interface Webhook extends WebhookView {
  readonly secret: string;
}

export interface NewWebhook extends Omit<Webhook, 'createdAt'> {
  readonly createdAt: string;
}

export interface Delivery {
  readonly id: string;
  readonly webhook: string;
  readonly tournament: string;
  readonly seq: number;
  readonly ord: number;
  readonly event: WebhookEvent;
  readonly payload: string;
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly createdAt: string;
  readonly nextAt: number;
  readonly firstAttemptAt: number | null;
  readonly lastCode: number | null;
  readonly lastError: string | null;
  readonly deliveredAt: string | null;
}

/** A delivery made ready from the log, before it is stored. */
export interface ReadyDelivery {
  readonly id: string;
  readonly seq: number;
  readonly ord: number;
  readonly event: WebhookEvent;
  readonly payload: string;
}

type Row<T extends keyof WebhookSchema> = WebhookSchema[T];

const view = (row: Row<'shinpan_webhooks'>): Webhook => ({
  id: row.id,
  tournament: row.tournament_id,
  url: row.url,
  secret: row.secret,
  events: JSON.parse(row.events) as WebhookEvent[],
  format: row.format as WebhookFormat,
  lineTo: row.line_to,
  lang: row.lang === 'en' ? 'en' : 'ja',
  staff: row.staff === 1,
  allowPrivate: row.allow_private === 1,
  createdAt: row.created_at,
  createdBy: row.created_by,
});

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

const delivery = (row: Row<'shinpan_webhook_deliveries'>): Delivery => ({
  id: row.id,
  webhook: row.webhook_id,
  tournament: row.tournament_id,
  seq: Number(row.seq),
  ord: Number(row.ord),
  event: row.event as WebhookEvent,
  payload: row.payload,
  status: row.status as Delivery['status'],
  attempts: Number(row.attempts),
  createdAt: row.created_at,
  nextAt: Number(row.next_at),
  firstAttemptAt: num(row.first_attempt_at),
  lastCode: row.last_code,
  lastError: row.last_error,
  deliveredAt: row.delivered_at,
});

/** Hides the secret: what lists and answers carry. */
export function withoutSecret({ secret: _secret, ...rest }: Webhook): WebhookView {
  return rest;
}

/** The endpoints, their cursors over the log and their deliveries (the outbox), on SQLite or PostgreSQL. */
export class WebhookStore {
  readonly #db: Kysely<WebhookSchema>;

  constructor(db: Kysely<WebhookSchema>) {
    this.#db = db;
  }

  async add(webhook: NewWebhook, cursors: readonly { readonly id: string; readonly version: number }[]): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('shinpan_webhooks')
        .values({
          id: webhook.id,
          tournament_id: webhook.tournament,
          url: webhook.url,
          secret: webhook.secret,
          events: JSON.stringify(webhook.events),
          format: webhook.format,
          line_to: webhook.lineTo,
          lang: webhook.lang,
          staff: webhook.staff ? 1 : 0,
          allow_private: webhook.allowPrivate ? 1 : 0,
          created_at: webhook.createdAt,
          created_by: webhook.createdBy,
          removed_at: null,
        })
        .execute();
      // An endpoint hears what happens from now on: the log so far is behind its cursors.
      for (let i = 0; i < cursors.length; i += 500)
        await trx
          .insertInto('shinpan_webhook_cursors')
          .values(
            cursors.slice(i, i + 500).map((c) => ({ webhook_id: webhook.id, tournament_id: c.id, seq: c.version })),
          )
          .execute();
    });
  }

  /** The endpoints not removed, oldest first. */
  async list(): Promise<readonly Webhook[]> {
    const rows = await this.#db
      .selectFrom('shinpan_webhooks')
      .selectAll()
      .where('removed_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(view);
  }

  async get(id: string): Promise<Webhook | undefined> {
    const row = await this.#db
      .selectFrom('shinpan_webhooks')
      .selectAll()
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return row ? view(row) : undefined;
  }

  /** Removes the endpoint; its pending deliveries are not sent. False when there is no such endpoint. */
  async remove(id: string, at: string): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('shinpan_webhooks')
        .set({ removed_at: at })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('shinpan_webhook_deliveries')
        .set({ status: 'failed', last_error: 'endpoint removed' })
        .where('webhook_id', '=', id)
        .where('status', '=', 'pending')
        .execute();
      return true;
    });
  }

  /** How far each endpoint has read this tournament's log (an endpoint without a cursor reads it from the start). */
  async cursors(tournamentId: string): Promise<ReadonlyMap<string, number>> {
    const rows = await this.#db
      .selectFrom('shinpan_webhook_cursors')
      .select(['webhook_id', 'seq'])
      .where('tournament_id', '=', tournamentId)
      .execute();
    return new Map(rows.map((r) => [r.webhook_id, Number(r.seq)]));
  }

  /**
   * Stores the deliveries made of the log for each endpoint (after its cursor `from`, up to `to`)
   * and moves their cursors there, in one transaction. Two processes doing the same store each
   * delivery once (the source key is unique) and a cursor only moves forward.
   */
  async ready(
    tournamentId: string,
    to: number,
    batches: readonly {
      readonly webhookId: string;
      readonly from: number;
      readonly deliveries: readonly ReadyDelivery[];
    }[],
    nowMs: number,
    at: string,
  ): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      for (const { webhookId, from, deliveries } of batches) {
        for (let i = 0; i < deliveries.length; i += 200)
          await trx
            .insertInto('shinpan_webhook_deliveries')
            .values(
              deliveries.slice(i, i + 200).map((d) => ({
                id: d.id,
                webhook_id: webhookId,
                tournament_id: tournamentId,
                seq: d.seq,
                ord: d.ord,
                event: d.event,
                payload: d.payload,
                status: 'pending',
                attempts: 0,
                created_at: at,
                next_at: nowMs,
                first_attempt_at: null,
                lease_until: 0,
                last_code: null,
                last_error: null,
                delivered_at: null,
              })),
            )
            .onConflict((oc) => oc.columns(['webhook_id', 'tournament_id', 'seq', 'ord']).doNothing())
            .execute();
        const moved = await trx
          .updateTable('shinpan_webhook_cursors')
          .set({ seq: to })
          .where('webhook_id', '=', webhookId)
          .where('tournament_id', '=', tournamentId)
          .where('seq', '<', to)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0 && from === 0)
          await trx
            .insertInto('shinpan_webhook_cursors')
            .values({ webhook_id: webhookId, tournament_id: tournamentId, seq: to })
            .onConflict((oc) => oc.columns(['webhook_id', 'tournament_id']).doNothing())
            .execute();
      }
    });
  }

  /**
   * The head of every queue (endpoint × tournament): its oldest pending delivery. Only a head is
   * ever sent, so each tournament's deliveries reach an endpoint in the log's order.
   */
  async heads(): Promise<readonly Delivery[]> {
    const rows = await this.#db
      .selectFrom('shinpan_webhook_deliveries as d')
      .selectAll('d')
      .where('d.status', '=', 'pending')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('shinpan_webhook_deliveries as e')
              .select('e.id')
              .where('e.status', '=', 'pending')
              .whereRef('e.webhook_id', '=', 'd.webhook_id')
              .whereRef('e.tournament_id', '=', 'd.tournament_id')
              .where((eb) =>
                eb.or([
                  eb('e.seq', '<', eb.ref('d.seq')),
                  eb.and([eb('e.seq', '=', eb.ref('d.seq')), eb('e.ord', '<', eb.ref('d.ord'))]),
                ]),
              ),
          ),
        ),
      )
      .execute();
    return rows.map(delivery);
  }

  /** Takes a due delivery for `leaseMs`; false when it is not due or another process holds it. */
  async claim(id: string, nowMs: number, leaseMs: number): Promise<boolean> {
    const done = await this.#db
      .updateTable('shinpan_webhook_deliveries')
      .set({ lease_until: nowMs + leaseMs })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_at', '<=', nowMs)
      .where('lease_until', '<=', nowMs)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  async delivered(id: string, code: number, at: string): Promise<void> {
    await this.#db
      .updateTable('shinpan_webhook_deliveries')
      .set((eb) => ({
        status: 'delivered',
        attempts: eb('attempts', '+', 1),
        last_code: code,
        last_error: null,
        delivered_at: at,
        lease_until: 0,
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Records a failed attempt: tried again at `nextAt`, or failed for good when `giveUp`. */
  async attemptFailed(
    id: string,
    failure: { readonly code: number | null; readonly error: string },
    firstAttemptAt: number,
    nextAt: number,
    giveUp: boolean,
  ): Promise<void> {
    await this.#db
      .updateTable('shinpan_webhook_deliveries')
      .set((eb) => ({
        status: giveUp ? 'failed' : 'pending',
        attempts: eb('attempts', '+', 1),
        last_code: failure.code,
        last_error: failure.error.slice(0, 500),
        first_attempt_at: firstAttemptAt,
        next_at: nextAt,
        lease_until: 0,
      }))
      .where('id', '=', id)
      .execute();
  }

  /** An endpoint's deliveries, newest first, at most `limit`. */
  async deliveries(webhookId: string, limit: number): Promise<readonly Delivery[]> {
    const rows = await this.#db
      .selectFrom('shinpan_webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('tournament_id')
      .orderBy('seq', 'desc')
      .orderBy('ord', 'desc')
      .limit(limit)
      .execute();
    return rows.map(delivery);
  }

  close(): Promise<void> {
    return this.#db.destroy();
  }
}

/**
 * Opens the webhooks' tables in the event log's database, on a connection of their own, and
 * migrates them. SQLite: synchronous NORMAL, not FULL: this connection's commits wait for no
 * fsync, so the dispatcher's bookkeeping never queues a venue's write behind a disk flush. A
 * crash may lose its last commits, never an event: the log (FULL) is the outbox's source, a lost
 * cursor move makes the same deliveries again (the source key keeps them once) and a lost
 * "delivered" sends one again: at least once, as promised.
 */
export async function openWebhookStore(database: StoreConfig): Promise<WebhookStore> {
  return new WebhookStore(
    await openSideDatabase<WebhookSchema>(database, migrateWebhooks, { synchronous: 'NORMAL', poolSize: 2 }),
  );
}
