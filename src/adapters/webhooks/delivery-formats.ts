import { type ChatPayload, discordMessage, lineText, pageLink } from './chat-formats.js';
import { jsonDelivery, signedHeaders, type DeliveryContent, type OutgoingDelivery } from './delivery-body.js';
import type { Webhook } from './webhook-store.js';

/**
 * The body and headers of a delivery in the endpoint's format. `publicUrl`: where the public
 * pages are (SHINPAN_PUBLIC_URL), for the links of chat posts; none without it.
 */
export function renderDelivery(
  webhook: Webhook,
  content: DeliveryContent,
  nowMs: number,
  publicUrl: string | null = null,
): OutgoingDelivery {
  if (webhook.format === 'json') return jsonDelivery(webhook, content, nowMs);
  const payload = content.event === 'ping' ? null : (JSON.parse(content.payload) as ChatPayload);
  const link = pageLink(publicUrl, content.event, payload);
  const timestamp = Math.floor(nowMs / 1000);
  if (webhook.format === 'discord') {
    const body = JSON.stringify(discordMessage(webhook.lang, content.event, payload, link));
    // Discord reads none of shinpan's headers; they are signed all the same, for a relay in between.
    return { body, headers: signedHeaders(webhook, content, timestamp, body) };
  }
  const messages = [{ type: 'text', text: lineText(webhook.lang, content.event, payload, link) }];
  const body = JSON.stringify(webhook.lineTo === null ? { messages } : { to: webhook.lineTo, messages });
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // LINE: the endpoint's secret is the channel access token of the shop's official account.
      authorization: `Bearer ${webhook.secret}`,
      // The delivery's id on every attempt: LINE runs a retried request once (409 for the repeats).
      'x-line-retry-key': content.id,
    },
  };
}

/** Whether an answer means the delivery arrived: a 2xx, or LINE's 409 for a retry key it already accepted. */
export function accepted(webhook: Webhook, code: number): boolean {
  return (code >= 200 && code < 300) || (webhook.format === 'line' && code === 409);
}
