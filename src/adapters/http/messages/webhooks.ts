import { messageTable, t, type Word } from '../../message-table.js';

/** Webhook endpoints and their deliveries. */
export const M = messageTable({
  webhook: (v: { id: Word }) => t(`Webhook 送信先 ${v.id}`, `Webhook endpoint ${v.id}`),
});
