import { messageTable, t, type Word } from '../../message-table.js';

export const roundMessages = messageTable({
  'penalty-could-not-land-it': (d: { id: Word; name: Word; why: Word }) =>
    t(
      `罰則 #${d.id} (${d.name}): 適用できませんでした (${d.why})。記録には残り、対戦結果への影響はありません\n`,
      `Penalty #${d.id} (${d.name}) could not land: ${d.why}; it stays on the record with no effect on any result\n`,
    ),
  'round-has-ended': (d: { round: Word }) => t(`第${d.round}回戦を終了しました\n`, `Round ${d.round} has ended\n`),
  'give-either-max-losses-by': () =>
    t(
      '--max-losses（成績）か --top（順位）のどちらか一方を指定します',
      'give either --max-losses (by record) or --top (by rank)',
    ),
  'more-than-losses-leave': (d: { value: Word; maxLosses: Word }) =>
    t(`${d.value}敗以上は敗退`, `more than ${d.maxLosses} losses leave`),
  'top-stay': (d: { top: Word }) => t(`上位${d.top}名が残る`, `the top ${d.top} stay`),
  'cut-after-round-players-leave': (d: { afterRound: Word; rule: Word; outCount: Word }) =>
    t(
      `第${d.afterRound}回戦後のカット (${d.rule}): ${d.outCount}名がスイスドローを抜けます\n`,
      `Cut after round ${d.afterRound} (${d.rule}): ${d.outCount} players leave the Swiss\n`,
    ),
  'no-round-has-been-paired': () => t('まだ組み合わせが発表された回戦がありません', 'no round has been paired yet'),
  'round-round-has-not-been': (d: { round: Word }) =>
    t(`--round: 第${d.round}回戦はまだ組まれていません`, `--round: round ${d.round} has not been paired`),
  'so-far-penalty': (d: { a: Word; b: Word }) => t(`途中 ${d.a}-${d.b} (罰則)`, `${d.a}-${d.b} so far (penalty)`),
  round: (d: { phase: Word; round: Word; value: Word; value2: Word }) =>
    t(`${d.phase}第${d.round}回戦 (${d.value})`, `${d.phase}Round ${d.round} (${d.value2})`),
  ended: () => t('終了', 'ended'),
  'seat-time': (d: { seatTime: Word }) => t(`着席 ${d.seatTime}`, `seat time ${d.seatTime}`),
  table: () => t('卓', 'Table'),
  bye: () => t('不戦勝', 'bye'),
  'player-1': () => t('プレイヤー1', 'Player 1'),
  'player-2': () => t('プレイヤー2', 'Player 2'),
  result: () => t('結果', 'Result'),
  'explain-only-swiss': (d: { round: Word }) =>
    t(
      `--explain: 第${d.round}回戦はスイスドローではありません（決勝トーナメントは組み合わせ表の位置で決まります）`,
      `--explain: round ${d.round} is not a Swiss round (the top cut's bracket decides who meets whom)`,
    ),
  'why-this-pairing': () => t('■ この組み合わせの理由', '■ Why this pairing'),
  'needs-its-result-again': () => t(' ※再入力が必要', ' (needs its result again)'),
});
