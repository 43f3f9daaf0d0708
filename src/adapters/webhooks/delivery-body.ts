import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signBody,
} from '../../app/webhooks/signature.js';
import type { WebhookEvent } from '../../app/webhooks/webhook-events.js';
import type { Webhook } from './webhook-store.js';

/** One delivery as it leaves: the body and its headers, signed anew for each attempt (a fresh timestamp). */
export interface OutgoingDelivery {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface DeliveryContent {
  readonly id: string;
  readonly event: WebhookEvent | 'ping';
  /** The payload as stored (JSON text). */
  readonly payload: string;
}

/**
 * The shinpan JSON format: `{ id, event, timestamp, data }`; the timestamp and the id are in
 * the body, so inside the HMAC (replay protection).
 */
export function jsonDelivery(webhook: Webhook, content: DeliveryContent, nowMs: number): OutgoingDelivery {
  const timestamp = Math.floor(nowMs / 1000);
  const body = `{"id":${JSON.stringify(content.id)},"event":${JSON.stringify(content.event)},"timestamp":${timestamp},"data":${content.payload}}`;
  return { body, headers: signedHeaders(webhook, content, timestamp, body) };
}

/** The headers of every format: what it is, which delivery, and the signature of the body. */
export function signedHeaders(
  webhook: Webhook,
  content: DeliveryContent,
  timestamp: number,
  body: string,
  extra: Readonly<Record<string, string>> = {},
): Readonly<Record<string, string>> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'shinpan-webhooks',
    [EVENT_HEADER]: content.event,
    [DELIVERY_HEADER]: content.id,
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signBody(webhook.secret, body),
    ...extra,
  };
}
