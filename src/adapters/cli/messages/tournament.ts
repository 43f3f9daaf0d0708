import { messageTable, t, type Word } from '../../message-table.js';

export const tournamentMessages = messageTable({
  'single-elimination-takes-no-rounds': () =>
    t('--single-elimination には --rounds と --top を指定しません', '--single-elimination takes no --rounds or --top'),
  'rounds-number-swiss-rounds-required': () =>
    t(
      '--rounds: スイスドローの回戦数が必要です (または --single-elimination)',
      '--rounds: the number of Swiss rounds is required (or --single-elimination)',
    ),
  'top-expected-one-got': (d: { topCutSizes: Word; top: Word }) =>
    t(
      `--top: ${d.topCutSizes} のいずれかが必要です (値: "${d.top}")`,
      `--top: expected one of ${d.topCutSizes}, got "${d.top}"`,
    ),
  'expected-one-got': (d: { name: Word; bestOf: Word; value: Word }) =>
    t(
      `${d.name}: ${d.bestOf} のいずれかが必要です (値: "${d.value}")`,
      `${d.name}: expected one of ${d.bestOf}, got "${d.value}"`,
    ),
  'single-elimination-has-no-swiss': () =>
    t(
      '--single-elimination にはスイスドローがありません (--top-best-of / --top-round-minutes を使います)',
      '--single-elimination has no Swiss: use --top-best-of / --top-round-minutes',
    ),
  'not-recorded-shipped-database-list': () =>
    t(
      '記録なし（同梱のデータベースと大会日に有効なリスト）',
      'not recorded (the shipped database and the list in force on the date)',
    ),
  'shipped-ocg-database': () => t('同梱のOCGデータベース', 'shipped OCG database'),
  none: () => t('なし', 'none'),
  'cards-list': (d: { pool: Word; cards: Word; list: Word }) =>
    t(`カード ${d.pool}（${d.cards} 枚）、リスト ${d.list}`, `cards ${d.pool} (${d.cards}), list ${d.list}`),
  note: () => t('注意', 'note'),
  'created-tournament': (d: { id: Word; name: Word; date: Word }) =>
    t(`大会を作成しました: ${d.id} (${d.name}、${d.date})\n`, `Created tournament ${d.id} (${d.name}, ${d.date})\n`),
  'reason-goes-cards-banlist': () =>
    t('--reason は --cards か --banlist と一緒に指定します', '--reason goes with --cards or --banlist'),
  'reason-say-why-card-pool': () =>
    t('--reason: 変更の理由が必要です', '--reason: say why the card pool or list changes'),
  'changed-deck-checks': () => t('デッキチェックを変更しました', 'Changed deck checks'),
  'single-elimination': () => t('シングルエリミネーション', 'single elimination'),
  'top-not-power-of-two': (d: { topCutSizes: Word; top: Word }) =>
    t(
      `--top: ${d.topCutSizes} のいずれかが必要です (値: "${d.top}")。2のべき乗でない人数には --top-byes（上位シードの1回戦不戦勝）を付けてください`,
      `--top: expected one of ${d.topCutSizes}, got "${d.top}" (not a power of two: add --top-byes for first-round byes for the top seeds)`,
    ),
  'top-cut-byes': () => t('（上位シードは1回戦不戦勝あり）', ' (byes for the top seeds)'),
  'top-cut-after-swiss': (d: { topCut: Word; byes: Word }) =>
    t(` + 上位${d.topCut}名の決勝トーナメント${d.byes}`, ` + top ${d.topCut}${d.byes}`),
  'swiss-rounds': (d: { rounds: Word; top: Word }) =>
    t(`スイスドロー ${d.rounds}回戦${d.top}`, `Swiss, ${d.rounds} rounds${d.top}`),
  'single-duel': () => t('シングル戦 (1本勝負)', 'single duel'),
  'best-of': (d: { bestOf: Word }) => t(`マッチ戦 (${d.bestOf}本勝負)`, `best of ${d.bestOf}`),
  'format-and-minutes': (d: { kind: Word; roundMinutes: Word }) =>
    t(`${d.kind}、${d.roundMinutes}分`, `${d.kind}, ${d.roundMinutes} min`),
  format: () => t('形式', 'Format'),
  policy: () => t('罰則規定', 'Policy'),
  'deck-checks': () => t('デッキチェック', 'Deck checks'),
  round: () => t('回戦', 'Round'),
  stage: () => t('段階', 'Stage'),
  matches: () => t('試合形式', 'Matches'),
  tables: () => t('卓', 'Tables'),
  reported: () => t('入力済み', 'Reported'),
  ended: () => t('終了', 'ended'),
  running: () => t('進行中', 'running'),
  'holds-no-tournament-yet': (d: { name: Word }) =>
    t(`${d.name} にはまだ大会がありません\n`, `${d.name} holds no tournament yet\n`),
  name: () => t('大会名', 'Name'),
  date: () => t('日付', 'Date'),
  players: () => t('参加者', 'Players'),
  rounds: () => t('回戦', 'Rounds'),
  status: () => t('状態', 'Status'),
  finished: () => t('終了', 'finished'),
  open: () => t('進行中', 'open'),
  'tournament-has-finished': () => t(`大会を終了しました。`, `The tournament has finished.`),
  winner: (d: { name: Word; winner: Word }) =>
    t(` 優勝: ${d.name} (${d.winner})\n`, ` Winner: ${d.name} (${d.winner})\n`),
});
