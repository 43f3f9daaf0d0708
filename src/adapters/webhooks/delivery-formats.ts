import { jsonDelivery, type DeliveryContent, type OutgoingDelivery } from './delivery-body.js';
import type { Webhook } from './webhook-store.js';

/** The body and headers of a delivery in the endpoint's format. */
export function renderDelivery(webhook: Webhook, content: DeliveryContent, nowMs: number): OutgoingDelivery {
  switch (webhook.format) {
    case 'json':
      return jsonDelivery(webhook, content, nowMs);
    default:
      return jsonDelivery(webhook, content, nowMs);
  }
}
