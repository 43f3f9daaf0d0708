import { messageTable, t, type Word } from '../message-table.js';

/** The words of Discord and LINE posts, in the endpoint's language. */
export const chatMessages = messageTable({
  'round.published': (d: { name: Word; round: Word }) =>
    t(`【${d.name}】第${d.round}回戦の組み合わせ`, `${d.name}: round ${d.round} pairings`),
  'round.ended': (d: { name: Word; round: Word }) =>
    t(`【${d.name}】第${d.round}回戦が終わりました`, `${d.name}: round ${d.round} is over`),
  'result.recorded': (d: { name: Word; round: Word; table: Word }) =>
    t(`【${d.name}】第${d.round}回戦 ${d.table}卓の結果`, `${d.name}: round ${d.round}, table ${d.table} result`),
  'standings.updated': (d: { name: Word; round: Word }) =>
    t(`【${d.name}】第${d.round}回戦終了時の順位`, `${d.name}: standings after round ${d.round}`),
  'tournament.finished': (d: { name: Word; rounds: Word; players: Word }) =>
    t(
      `【${d.name}】大会が終了しました（${d.players}人、${d.rounds}回戦）`,
      `${d.name} has finished (${d.players} players, ${d.rounds} rounds)`,
    ),
  'announcement.posted': (d: { name: Word }) => t(`【${d.name}】お知らせ`, `${d.name}: notice`),
  'entry.opened': (d: { name: Word; cap: Word; closes: Word }) =>
    t(
      `【${d.name}】参加受付を始めました（定員${d.cap}人、${d.closes}まで）`,
      `${d.name}: entry is open (${d.cap} places, until ${d.closes})`,
    ),
  'entry.moved-up': (d: { name: Word; player: Word }) =>
    t(
      `【${d.name}】キャンセル待ちから繰り上げ: ${d.player} さんの参加が決まりました`,
      `${d.name}: ${d.player} moved up from the waiting list and has a place`,
    ),
  'call.opened': (d: { name: Word; round: Word; table: Word }) =>
    t(
      `【${d.name}】ジャッジコール: 第${d.round}回戦 ${d.table}卓`,
      `${d.name}: judge call, round ${d.round}, table ${d.table}`,
    ),
  ping: () => t('shinpan からのテスト送信です', 'A test delivery from shinpan'),
  table: (d: { table: Word }) => t(`${d.table}卓`, `Table ${d.table}`),
  bye: () => t('不戦勝（bye）', 'Bye'),
  versus: (d: { a: Word; b: Word }) => t(`${d.a} 対 ${d.b}`, `${d.a} vs ${d.b}`),
  'more-tables': (d: { count: Word }) => t(`ほか ${d.count} 卓`, `and ${d.count} more tables`),
  'won-by': (d: { winner: Word; score: Word }) =>
    t(`${d.winner} の勝ち（${d.score}）`, `${d.winner} wins (${d.score})`),
  draw: () => t('引き分け', 'Draw'),
  'double-loss': () => t('両者敗北', 'Double loss'),
  pending: () => t('結果待ち', 'Pending'),
  'standing-row': (d: { rank: Word; name: Word; points: Word; record: Word }) =>
    t(`${d.rank}位 ${d.name} ${d.points}点 (${d.record})`, `${d.rank}. ${d.name} ${d.points} pts (${d.record})`),
  link: (d: { url: Word }) => t(`詳しくはこちら: ${d.url}`, `Details: ${d.url}`),
});
