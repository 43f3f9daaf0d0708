import { messageTable, t, type Word } from '../../message-table.js';

export const checkInMessages = messageTable({
  'checked-not-checked-2': (d: { name: Word; player: Word; left: Word }) =>
    t(
      `${d.name} (${d.player}) がチェックインしました。未チェックイン ${d.left} 名\n`,
      `${d.name} (${d.player}) checked in; ${d.left} not checked in\n`,
    ),
  name: () => t('氏名', 'Name'),
  checked: () => t('チェックイン', 'Checked in'),
  no: () => t('未', 'no'),
  'checked-not-checked': (d: { value: Word; size: Word }) =>
    t(
      `チェックイン済み ${d.value} 名、未チェックイン ${d.size} 名\n`,
      `${d.value} checked in, ${d.size} not checked in\n`,
    ),
  'this-drops-players-who-have': (d: { missingCount: Word; missing: Word }) =>
    t(
      `未チェックインの選手 ${d.missingCount} 名 (${d.missing}) をドロップします。確認のため --count ${d.missingCount} を付けて実行してください`,
      `this drops the ${d.missingCount} players who have not checked in (${d.missing}); run again with --count ${d.missingCount} to confirm`,
    ),
  'dropped-players-who-had-not': (d: { droppedCount: Word; dropped: Word }) =>
    t(
      `未チェックインの ${d.droppedCount} 名をドロップしました: ${d.dropped}\n`,
      `Dropped the ${d.droppedCount} players who had not checked in: ${d.dropped}\n`,
    ),
  'give-exactly-one-off': () =>
    t('--on か --off のどちらか一つを指定してください', 'give exactly one of --on and --off'),
  'players-report-their-own-results': (d: { confirmMinutes: Word }) =>
    t(
      `選手による結果報告を受け付けます。相手が ${d.confirmMinutes} 分以内に確認しない報告はジャッジに回ります\n`,
      `Players report their own results; a report the opponent has not confirmed within ${d.confirmMinutes} minutes goes to the judges\n`,
    ),
  'players-see-pairing-reasons': () =>
    t(
      '各選手のページに、自分の卓（または不戦勝）の組み合わせ理由を表示します\n',
      "Each player's page shows why their own table (or bye) was paired so\n",
    ),
  'venue-code-required': () =>
    t(
      '選手が自分でチェックインするには、スタッフのチェックイン画面に出る4桁の会場コードが必要です\n',
      "A player's own check-in needs the 4-digit venue code shown on the staff's check-in screen\n",
    ),
  'venue-code-not-required': () =>
    t('選手はどこからでも自分でチェックインできます\n', 'Players check themselves in from anywhere\n'),
  'players-do-not-see-pairing-reasons': () =>
    t('組み合わせ理由はスタッフにのみ表示します\n', 'Pairing reasons are shown to staff only\n'),
  'players-do-not-report-results': () =>
    t(
      '選手による結果報告を受け付けません (スタッフが入力します)\n',
      'Players do not report results (staff enter them)\n',
    ),
});
