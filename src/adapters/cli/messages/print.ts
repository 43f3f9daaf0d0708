import { messageTable, t, type Word } from '../../message-table.js';

export const printMessages = messageTable({
  'no-round': () => t('まだ組み合わせが発表された回戦がありません', 'no round has been paired yet'),
  'round-not-paired': (d: { round: Word }) =>
    t(`--round: 第${d.round}回戦はまだ組まれていません`, `--round: round ${d.round} has not been paired`),
  'round-held': (d: { round: Word }) =>
    t(
      `第${d.round}回戦は発表前（保留中）です。貼り出すのは round publish の後にしてください`,
      `round ${d.round} is held (not published): print it after round publish`,
    ),
  'out-failed': (d: { out: Word; why: Word }) =>
    t(`--out: ${d.out} に書き込めません (${d.why})`, `--out: cannot write ${d.out} (${d.why})`),
  wrote: (d: { out: Word; what: Word }) =>
    t(`${d.out} に${d.what}を書き出しました\n`, `Wrote the ${d.what} to ${d.out}\n`),
  pairings: () => t('組み合わせ', 'pairings'),
  slips: () => t('結果記入票', 'match slips'),
  'no-slips': () => t('（対戦のある卓がありません）\n', '(no table with a match)\n'),
});
