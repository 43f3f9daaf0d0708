import { messageTable, t, type Word } from '../../message-table.js';

/** `shinpan serve`: why it could not start. Printed in both languages on one line (the listening line is bilingual too). */
export const serveMessages = messageTable({
  lan: () => t('会場のネットワークのスマートフォンから', 'phones on the venue network'),
  'plain-port': () => t('選手のスマートフォン（HTTP）', "players' phones (plain HTTP)"),
  'redirect-port': () => t('HTTPS へ転送する HTTP', 'plain HTTP, redirecting to HTTPS'),
  'public-url': () => t('公開アドレス（リンクと QR コード）', 'public address (links and QR codes)'),
  'port-in-use': (d: { port: Word; next: Word }) =>
    t(
      `ポート ${d.port} は使用中です（別の shinpan が起動中？）。何も書き込んでいません。そちらを止めるか、別のポートで起動してください: PORT=${d.next} npm start`,
      `port ${d.port} is already in use (is another shinpan running?); nothing was written. Stop it, or start on another port: PORT=${d.next} npm start`,
    ),
  'port-denied': (d: { port: Word; next: Word }) =>
    t(
      `ポート ${d.port} で待ち受ける権限がありません。何も書き込んでいません。1024 以上のポートで起動してください: PORT=3000 npm start`,
      `not allowed to listen on port ${d.port}; nothing was written. Start on a port from 1024 up: PORT=3000 npm start`,
    ),
});
