import { messageTable, t, type Word } from '../../message-table.js';

export const callMessages = messageTable({
  'no-round-paired': () => t('まだ組み合わせのある回戦がありません', 'no round has been paired yet'),
  opened: (d: { id: Word; round: Word; table: Word }) =>
    t(
      `ジャッジコール ${d.id}: 第${d.round}回戦 ${d.table} 卓\n`,
      `Judge call ${d.id}: round ${d.round}, table ${d.table}\n`,
    ),
  'already-open': (d: { id: Word; round: Word; table: Word; state: Word }) =>
    t(
      `第${d.round}回戦 ${d.table} 卓にはジャッジコール ${d.id} (${d.state}) が出ています。新しいコールは作りません\n`,
      `Round ${d.round}, table ${d.table} already has judge call ${d.id} (${d.state}); no new call\n`,
    ),
  claimed: (d: { id: Word; by: Word }) =>
    t(`ジャッジコール ${d.id} は ${d.by} が対応します\n`, `Judge call ${d.id} is taken by ${d.by}\n`),
  escalated: (d: { id: Word }) =>
    t(`ジャッジコール ${d.id} をヘッドジャッジに上げました\n`, `Judge call ${d.id} went to the head judge\n`),
  resolved: (d: { id: Word }) => t(`ジャッジコール ${d.id} を解決しました`, `Judge call ${d.id} resolved`),
  'with-extension': (d: { minutes: Word; table: Word }) =>
    t(`。${d.table} 卓に ${d.minutes} 分の延長`, `; table ${d.table} gets ${d.minutes} minutes`),
  'with-penalties': (d: { ids: Word }) => t(`。罰則 ${d.ids}`, `; penalties ${d.ids}`),
  'proposed-was': (d: { minutes: Word }) =>
    t(`（コールの時間から提案される延長: ${d.minutes} 分）`, ` (the call's length proposed ${d.minutes} minutes)`),
  rules: (d: { minutes: Word }) =>
    t(
      `コールを受けてから解決まで ${d.minutes} 分以上かかったら、その分の延長を提案します\n`,
      `A call of ${d.minutes} minutes or more, from claim to resolve, proposes that many minutes for the table\n`,
    ),
  'no-calls': () => t('ジャッジコールはありません\n', 'No judge calls\n'),
  round: () => t('回戦', 'Rd'),
  table: () => t('卓', 'Table'),
  state: () => t('状態', 'State'),
  'called-at': () => t('発生', 'Called'),
  by: () => t('呼んだ人', 'By'),
  holder: () => t('対応', 'Judge'),
  extension: () => t('延長', 'Ext.'),
  note: () => t('内容', 'Note'),
  'state-open': () => t('未対応', 'open'),
  'state-claimed': () => t('対応中', 'claimed'),
  'state-escalated': () => t('HJへ', 'escalated'),
  'state-resolved': () => t('解決', 'resolved'),
  proposed: (d: { minutes: Word }) => t(`提案 ${d.minutes}分`, `proposed ${d.minutes} min`),
  minutes: (d: { minutes: Word }) => t(`${d.minutes}分`, `${d.minutes} min`),
});
