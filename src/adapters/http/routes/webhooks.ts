import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../../app/webhooks/webhook-events.js';
import { accepted, renderDelivery } from '../../webhooks/delivery-formats.js';
import { postDelivery } from '../../webhooks/send-request.js';
import { addWebhook, WEBHOOK_LIMITS, WebhookInputError } from '../../webhooks/webhook-admin.js';
import type { WebhookDispatcher } from '../../webhooks/webhook-dispatcher.js';
import { WEBHOOK_FORMATS, withoutSecret, type Delivery, type WebhookStore } from '../../webhooks/webhook-store.js';
import { HttpError, notFound } from '../errors.js';
import { M } from '../messages/webhooks.js';
import { defineRoute } from '../route.js';
import type { ServerContext } from '../server-context.js';

export interface WebhookServices {
  readonly store: WebhookStore;
  readonly dispatcher: WebhookDispatcher;
  /** Where the public pages are, for chat posts' links. */
  readonly publicUrl: string | null;
}

const webhookParams = z.object({ webhookId: z.string().min(1).max(100) });

const webhookView = z.object({
  id: z.string(),
  tournament: z.string().nullable(),
  url: z.string(),
  events: z.array(z.string()),
  format: z.enum(WEBHOOK_FORMATS as [string, ...string[]]),
  lineTo: z.string().nullable(),
  lang: z.enum(['ja', 'en']),
  staff: z.boolean(),
  allowPrivate: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
});

/** A delivery as staff see it: what, when, and how its attempts went (the payload stays in the outbox). */
const deliveryView = (d: Delivery) => ({
  id: d.id,
  tournament: d.tournament,
  seq: d.seq,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  createdAt: d.createdAt,
  nextAttemptAt: d.status === 'pending' ? new Date(d.nextAt).toISOString() : null,
  lastCode: d.lastCode,
  lastError: d.lastError,
  deliveredAt: d.deliveredAt,
});

/** The organizer's webhooks: endpoints, their deliveries, a test delivery. */
export function webhookRoutes(app: FastifyInstance, context: ServerContext, webhooks: WebhookServices): void {
  const found = async (id: string) => {
    const webhook = await webhooks.store.get(id);
    if (!webhook) throw notFound(M.text('webhook', { id }));
    return webhook;
  };

  defineRoute(app, {
    method: 'GET',
    url: '/api/webhooks',
    summary: 'Every webhook endpoint (never its secret).',
    tags: ['webhooks'],
    access: 'webhooks:manage',
    response: z.object({ webhooks: z.array(webhookView) }),
    async handler() {
      return { webhooks: (await webhooks.store.list()).map(withoutSecret) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/webhooks',
    summary: `Adds a webhook endpoint for one tournament or (without \`tournament\`) every tournament. \`events\`: ${WEBHOOK_EVENTS.join(', ')} (call.opened for \`staff\` endpoints only). \`url\` must be https:// and public unless \`allowPrivate\`. It hears what happens from now on. See docs/webhooks.md.`,
    tags: ['webhooks'],
    access: 'webhooks:manage',
    body: z.strictObject({
      url: z.string().min(1).max(WEBHOOK_LIMITS.urlChars),
      secret: z.string().min(WEBHOOK_LIMITS.secretMin).max(WEBHOOK_LIMITS.secretMax),
      events: z.array(z.string().max(50)).min(1).max(WEBHOOK_EVENTS.length),
      tournament: z.string().min(1).max(100).nullable().optional(),
      format: z.enum(WEBHOOK_FORMATS as [string, ...string[]]).optional(),
      lineTo: z.string().min(1).max(100).nullable().optional(),
      lang: z.enum(['ja', 'en']).optional(),
      staff: z.boolean().optional(),
      allowPrivate: z.boolean().optional(),
    }),
    response: z.object({ webhook: webhookView }),
    successStatus: 201,
    async handler({ body, principal }) {
      try {
        const by = principal.kind === 'staff' ? principal.account.id : 'unknown';
        const webhook = await addWebhook(
          webhooks.store,
          context.gateway.store,
          body,
          by,
          context.clock(),
          context.newId,
        );
        webhooks.dispatcher.kick();
        return { webhook };
      } catch (error) {
        if (error instanceof WebhookInputError) throw new HttpError(422, 'bad-webhook', error.text);
        throw error;
      }
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/webhooks/:webhookId',
    summary: 'Removes an endpoint; its deliveries not yet made are not sent.',
    tags: ['webhooks'],
    access: 'webhooks:manage',
    params: webhookParams,
    response: z.object({ removed: z.literal(true) }),
    async handler({ params }) {
      if (!(await webhooks.store.remove(params.webhookId, context.clock().toISOString())))
        throw notFound(M.text('webhook', { id: params.webhookId }));
      return { removed: true as const };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/webhooks/:webhookId/deliveries',
    summary:
      "An endpoint's deliveries, newest first: pending (with the next attempt's time), delivered, failed (given up after a day, or the endpoint removed), each with its attempts and last answer.",
    tags: ['webhooks'],
    access: 'webhooks:manage',
    params: webhookParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional() }),
    async handler({ params, query }) {
      await found(params.webhookId);
      const deliveries = await webhooks.store.deliveries(params.webhookId, query.limit ?? 100);
      return { deliveries: deliveries.map(deliveryView) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/webhooks/:webhookId/test',
    summary:
      'Sends one `ping` delivery now (signed like the others, not queued, not retried) and answers how the endpoint answered.',
    tags: ['webhooks'],
    access: 'webhooks:manage',
    params: webhookParams,
    response: z.object({ ok: z.boolean(), code: z.number().nullable(), error: z.string().nullable() }),
    async handler({ params }) {
      const webhook = await found(params.webhookId);
      const ping = { id: randomUUID(), event: 'ping' as const, payload: JSON.stringify({ webhook: webhook.id }) };
      const outgoing = renderDelivery(webhook, ping, context.clock().getTime(), webhooks.publicUrl);
      const result = await postDelivery(webhook.url, outgoing.body, outgoing.headers, {
        allowPrivate: webhook.allowPrivate,
        timeoutMs: 10_000,
        accepted: (code) => accepted(webhook, code),
      });
      return result.ok
        ? { ok: true, code: result.code, error: null }
        : { ok: false, code: result.code, error: result.error };
    },
  });
}
