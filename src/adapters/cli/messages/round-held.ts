import { messageTable, t, type Word } from '../../message-table.js';

export const roundHeldMessages = messageTable({
  'held-note': (d: { round: Word }) =>
    t(
      `第${d.round}回戦は保留中です: 選手・会場表示・公開ページには見えません。確認・修正のうえ shinpan round publish --round ${d.round} で発表してください\n`,
      `Round ${d.round} is held: players, the wall display and public pages see nothing of it. Check it, fix it, then: shinpan round publish --round ${d.round}\n`,
    ),
  published: (d: { round: Word }) => t(`第${d.round}回戦を発表しました`, `Round ${d.round} is published`),
  'published-started': (d: { seatTime: Word }) => t(`（着席 ${d.seatTime}）\n`, ` (seat time ${d.seatTime})\n`),
  'published-moved': (d: { seatTime: Word; named: Word }) =>
    t(
      `（着席 ${d.seatTime}: 組み合わせ時の着席時刻 ${d.named} は発表前に過ぎたため、遅刻は発表から数えます）\n`,
      ` (seat time ${d.seatTime}: the seat time named at pairing, ${d.named}, passed before the publish, so lateness counts from the publish)\n`,
    ),
  'published-later': () =>
    t(
      '（開始は着席後に shinpan round start またはコンソールの「開始」で）\n',
      ' (start it once the players are seated: shinpan round start, or the console)\n',
    ),
  'start-later-note': (d: { round: Word }) =>
    t(
      `第${d.round}回戦は組み合わせだけ発表しました。着席後に shinpan round start --round ${d.round} で開始します（遅刻はそこから数えます）\n`,
      `Round ${d.round} is posted, not started: once players are seated, shinpan round start --round ${d.round} (lateness counts from then)\n`,
    ),
  started: (d: { round: Word; seatTime: Word }) =>
    t(
      `第${d.round}回戦を開始しました（着席 ${d.seatTime}）\n`,
      `Round ${d.round} has started (seat time ${d.seatTime})\n`,
    ),
  swapped: (d: { a: Word; b: Word; round: Word }) =>
    t(`第${d.round}回戦: ${d.a} と ${d.b} を入れ替えました\n`, `Round ${d.round}: ${d.a} and ${d.b} changed places\n`),
  'swap-two': () =>
    t(
      '--players: 入れ替える2人の選手IDをカンマで区切って指定します (例: 1001,1002)',
      '--players: give the two player ids to swap, separated by a comma (e.g. 1001,1002)',
    ),
  'no-round': () => t('まだ組み合わせが発表された回戦がありません', 'no round has been paired yet'),
  'text-required': () =>
    t(
      '--text（--lang の言語）、--text-ja、--text-en のいずれかで本文を指定します',
      'give the text with --text (in the --lang language), --text-ja or --text-en',
    ),
  'text-twice': (d: { lang: Word }) =>
    t(
      `--text と --text-${d.lang} の両方で同じ言語を指定しています`,
      `--text and --text-${d.lang} both give the ${d.lang} text`,
    ),
  announced: (d: { id: Word; to: Word }) =>
    t(`アナウンス #${d.id} を掲示しました（${d.to}）\n`, `Announcement #${d.id} posted (${d.to})\n`),
  everyone: () => t('全員', 'everyone'),
  'to-table': (d: { round: Word; table: Word }) =>
    t(`第${d.round}回戦 ${d.table} 卓`, `round ${d.round}, table ${d.table}`),
});
