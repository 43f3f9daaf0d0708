import { messageTable, t, type Word } from '../../message-table.js';

/*
 * The stream overlays' words (issue 43), in the language the overlay's address names. `{n}`
 * and `{m}` are filled in by the overlay's script as the data comes in.
 */
export const M = messageTable({
  title: (d: { name: Word }) => t(`${d.name} 配信オーバーレイ`, `${d.name} stream overlay`),
  round: () => t('第{n}回戦', 'Round {n}'),
  'top-cut': () => t('決勝トーナメント 第{n}回戦', 'Top cut, round {n}'),
  table: () => t('{n}卓', 'Table {n}'),
  feature: () => t('フィーチャーマッチ', 'Feature match'),
  next: () => t('次のフィーチャーマッチ', 'Next feature match'),
  'next-later': () =>
    t('第{n}回戦のフィーチャーマッチは組み合わせ発表後にお知らせします', 'Round {n} feature match: after the pairings'),
  record: () => t('{w}勝{l}敗{d}分', '{w}-{l}-{d}'),
  'starts-at': () => t('{time} 開始', 'Starts {time}'),
  time: () => t('タイム', 'Time'),
  extension: () => t('延長 +{n}分', '+{n} min'),
  finished: () => t('試合終了', 'Match over'),
  standings: () => t('第{n}回戦終了時の順位', 'Standings after round {n}'),
  points: () => t('{n}点', '{n} pts'),
  decklist: () => t('デッキリスト', 'Decklist'),
  main: () => t('メイン', 'Main'),
  extra: () => t('エクストラ', 'Extra'),
  side: () => t('サイド', 'Side'),
  'delay-stated': (d: { seconds: Word }) => t(`${d.seconds}秒遅れで表示`, `Shown ${d.seconds} s behind`),
});
