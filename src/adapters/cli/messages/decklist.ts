import { messageTable, t, type Word } from '../../message-table.js';

export const decklistMessages = messageTable({
  'compared-zones': (d: { duel: Word; from: Word }) =>
    t(
      `第${d.duel}デュエルの確認${d.from}: 区分ごとに比較（サイドデッキとの交換前）\n`,
      `Compared for duel ${d.duel}${d.from}: zone by zone (before any siding)\n`,
    ),
  'compared-pool': (d: { duel: Word; from: Word }) =>
    t(
      `第${d.duel}デュエルの確認${d.from}: デッキとサイドデッキを一つとして比較（3-B「サイドデッキを含む」）。各区分の枚数はリストのとおりであること\n`,
      `Compared for duel ${d.duel}${d.from}: the deck and side deck as one pool (rule 3-B, side deck included), each zone the size of the list\n`,
    ),
  'duel-from-results': () =>
    t('（結果から。別のデュエルは --duel で指定）', ' (from the results; name another with --duel)'),
  'registered-decklist-main-extra-side': (d: { player: Word; main: Word; extra: Word; side: Word }) =>
    t(
      `${d.player} のデッキリストを登録しました (メイン${d.main}・エクストラ${d.extra}・サイド${d.side})\n`,
      `Registered the decklist of ${d.player} (main ${d.main}, extra ${d.extra}, side ${d.side})\n`,
    ),
  'player-not-registered-this-tournament': (d: { id: Word }) =>
    t(
      `--player: 選手 ${d.id} はこの大会に登録されていません`,
      `--player: ${d.id} is not registered in this tournament`,
    ),
  'has-no-registered-decklist': (d: { id: Word }) =>
    t(`${d.id} はデッキリストを登録していません`, `${d.id} has no registered decklist`),
  'list-registered': (d: { name: Word; id: Word }) =>
    t(`${d.name} (${d.id}) の登録デッキリスト`, `the list ${d.name} (${d.id}) registered`),
  'issue-penalty-shinpan-penalty-issue': (d: { id: Word; infraction: Word }) =>
    t(
      `\n罰則を出すには: shinpan penalty issue --player ${d.id} --infraction ${d.infraction} --phase between-matches\n`,
      `\nTo issue the penalty: shinpan penalty issue --player ${d.id} --infraction ${d.infraction} --phase between-matches\n`,
    ),
  'deck-has-findings': (d: { infractions: Word }) =>
    t(`デッキに問題があります: ${d.infractions}`, `the deck has findings: ${d.infractions}`),
});
