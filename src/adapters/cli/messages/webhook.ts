import { messageTable, t, type Word } from '../../message-table.js';

export const webhookMessages = messageTable({
  added: (d: { id: Word; url: Word; events: Word }) =>
    t(
      `Webhook 送信先 ${d.id} を追加しました: ${d.url}（${d.events}）。これから起きることを送ります（送るのは起動中のサーバーです）\n`,
      `Added webhook endpoint ${d.id}: ${d.url} (${d.events}). It hears what happens from now on (the running server sends).\n`,
    ),
  removed: (d: { id: Word }) => t(`Webhook 送信先 ${d.id} を削除しました\n`, `Removed webhook endpoint ${d.id}\n`),
  'no-such-webhook': (d: { id: Word }) =>
    t(
      `Webhook 送信先 ${d.id} はありません（webhook list で確認できます）`,
      `no webhook endpoint ${d.id} (see webhook list)`,
    ),
  none: () => t('Webhook 送信先はありません\n', 'No webhook endpoints\n'),
  'every-tournament': () => t('全大会', 'every tournament'),
  'col-id': () => t('送信先ID', 'ID'),
  'col-tournament': () => t('大会', 'Tournament'),
  'col-url': () => t('送信先URL', 'URL'),
  'col-events': () => t('イベント', 'Events'),
  'col-format': () => t('形式', 'Format'),
  'col-status': () => t('状態', 'Status'),
  'col-attempts': () => t('試行', 'Tries'),
  'col-last': () => t('最後の応答', 'Last answer'),
});
