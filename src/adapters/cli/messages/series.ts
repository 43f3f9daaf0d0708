import { messageTable, t, type Word } from '../../message-table.js';

export const seriesMessages = messageTable({
  'top-or-at-least': () => t('--top か --at-least のどちらか1つを指定してください', 'give one of --top or --at-least'),
  created: (d: { id: Word; name: Word; from: Word; to: Word; rule: Word }) =>
    t(
      `シリーズ ${d.id}「${d.name}」を作成しました (${d.from}〜${d.to}、${d.rule})\n`,
      `Created series ${d.id} "${d.name}" (${d.from} to ${d.to}, ${d.rule})\n`,
    ),
  added: (d: { tournament: Word; id: Word; count: Word }) =>
    t(
      `大会 ${d.tournament} をシリーズ ${d.id} に追加しました (計 ${d.count} 大会)\n`,
      `Added tournament ${d.tournament} to series ${d.id} (${d.count} tournaments)\n`,
    ),
  removed: (d: { tournament: Word; id: Word }) =>
    t(
      `大会 ${d.tournament} をシリーズ ${d.id} から外しました\n`,
      `Removed tournament ${d.tournament} from series ${d.id}\n`,
    ),
  adjusted: (d: { player: Word; points: Word; reason: Word }) =>
    t(
      `${d.player} に ${d.points} ポイントの調整 (理由: ${d.reason})\n`,
      `Adjusted ${d.player} by ${d.points} points (${d.reason})\n`,
    ),
  invited: (d: { count: Word; asOf: Word }) =>
    t(
      `${d.asOf} 時点の順位で ${d.count} 名を招待しました\n`,
      `Invited ${d.count} players by the standings as of ${d.asOf}\n`,
    ),
  linked: (d: { player: Word; to: Word }) =>
    t(`${d.player} を ${d.to} と同一人物として紐付けました\n`, `Linked ${d.player} to ${d.to} as one person\n`),
  unlinked: (d: { player: Word }) => t(`${d.player} の紐付けを解除しました\n`, `Unlinked ${d.player}\n`),
  'standings-head': (d: { name: Word; asOf: Word; events: Word }) =>
    t(`${d.name} — ${d.asOf} 時点、${d.events} 大会\n`, `${d.name} — as of ${d.asOf}, ${d.events} events\n`),
  'as-of-all': () => t('全期間', 'everything played'),
  'no-series': (d: { name: Word }) => t(`${d.name} にシリーズはありません\n`, `${d.name} holds no series\n`),
  rank: () => t('順位', 'Rank'),
  id: () => t('プレイヤーID', 'ID'),
  name: () => t('名前', 'Name'),
  'series-id': () => t('シリーズID', 'Series'),
  points: () => t('ポイント', 'Points'),
  events: () => t('大会数', 'Events'),
  breakdown: () => t('内訳', 'Breakdown'),
  period: () => t('期間', 'Season'),
  rule: () => t('ポイント規定', 'Points rule'),
  tournaments: () => t('大会', 'Tournaments'),
  best: () => t('上位', 'Best'),
});
