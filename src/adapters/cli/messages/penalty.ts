import { messageTable, t, type Word } from '../../message-table.js';

export const penaltyMessages = messageTable({
  'fact-expected-name-value-got': (d: { raw: Word }) =>
    t(`--fact: 名前=値 の形で指定してください (値: "${d.raw}")`, `--fact: expected name=value, got "${d.raw}"`),
  'fact-given-twice': (d: { name: Word }) =>
    t(`--fact: ${d.name} が2回指定されています`, `--fact: ${d.name} is given twice`),
  'fact-expected-number-true-false': (d: { name: Word; value: Word }) =>
    t(
      `--fact ${d.name}: 数値か true/false が必要です (値: "${d.value}")`,
      `--fact ${d.name}: expected a number or true/false, got "${d.value}"`,
    ),
  'reason-goes-penalty-penalty-other': () =>
    t(
      '--reason は --penalty (指針と異なる罰則・繰り返しによる引き上げ) と一緒に指定します',
      '--reason goes with --penalty (a penalty other than the guideline, or the repeat upgrade)',
    ),
  'add-reason-goes-add-penalty': () =>
    t('--add-reason は --add-penalty と一緒に指定します', '--add-reason goes with --add-penalty'),
  'add-penalty-needs-add-reason': () =>
    t(
      '--add-penalty には --add-reason (追加する理由) が必要です',
      '--add-penalty needs --add-reason (why the penalty is added)',
    ),
  'penalty-2': (d: { id: Word; name: Word; player: Word; penaltyName: Word; infractionName: Word }) =>
    t(
      `罰則 #${d.id}: ${d.name} (${d.player}) に${d.penaltyName} — ${d.infractionName}`,
      `Penalty #${d.id}: ${d.penaltyName} for ${d.name} (${d.player}) — ${d.infractionName}`,
    ),
  'penalty-raised': (d: { id: Word; name: Word; player: Word; penaltyName: Word; infractionName: Word }) =>
    t(
      `罰則 #${d.id}: ${d.name} (${d.player}) に${d.penaltyName} (引き上げ) — ${d.infractionName}`,
      `Penalty #${d.id}: raised to ${d.penaltyName} for ${d.name} (${d.player}) — ${d.infractionName}`,
    ),
  'replaces-lateness-penalty': (d: { id: Word; penaltyName: Word }) =>
    t(
      `  同じ遅刻の罰則 #${d.id} (${d.penaltyName}) を置き換えました (繰り返しではありません)`,
      `  Replaces penalty #${d.id} (${d.penaltyName}) for the same lateness (not a repeat)`,
    ),
  'guideline-2': (d: { penaltyName: Word; value: Word }) =>
    t(`  指針: ${d.penaltyName} (§${d.value})`, `  Guideline: ${d.penaltyName} (§${d.value})`),
  'deviation-reason': (d: { deviationReason: Word }) =>
    t(`  指針と異なる罰則の理由: ${d.deviationReason}`, `  Deviation, reason: ${d.deviationReason}`),
  'raised-one-step-repeated-infraction': () =>
    t('  繰り返しの違反のため一段階上げました', '  Raised one step for a repeated infraction'),
  'added-penalty-match-result-was': (d: { addedTo: Word }) =>
    t(
      `  罰則 #${d.addedTo} に追加 (マッチの結果に影響したため)`,
      `  Added to penalty #${d.addedTo} (the match result was affected)`,
    ),
  'repeat-this-time-this-infraction': (d: { count: Word; penaltyName: Word; upgradeTo: Word }) =>
    t(
      `  繰り返し: この違反は${d.count}回目です。${d.penaltyName}に上げることができます (--penalty ${d.upgradeTo})`,
      `  Repeat: this is time ${d.count} for this infraction; it may be raised to ${d.penaltyName} (--penalty ${d.upgradeTo})`,
    ),
  'it-affected-result-so-judge': () =>
    t(
      '  結果に影響した場合、ジャッジは追加の罰則を与えられます',
      '  It affected the result, so the judge may add a penalty',
    ),
  remedy: (d: { text: Word; text2: Word }) => t(`  処置: ${d.text}`, `  Remedy: ${d.text2}`),
  'goes-official-record': () => t('  公式記録に残ります', '  Goes on the official record'),
  'not-official-record-kept-tournament': () =>
    t('  公式記録には残りません (大会のログには残ります)', '  Not on the official record (kept in the tournament log)'),
  'disqualified-leaves-tournament-loses-rank': () =>
    t(
      '  失格: 大会から外れ、順位と賞品の資格を失います',
      '  Disqualified: leaves the tournament, loses rank and prizes',
    ),
  'disqualified-leaves-tournament-keeps-prizes': () =>
    t(
      '  失格: 大会から外れます (獲得済みの賞品は残ります)',
      '  Disqualified: leaves the tournament (keeps prizes already won)',
    ),
  'lands-no-match-left-so': () =>
    t(
      '  適用先: 残りのマッチがないため、対戦結果への影響なしで記録しました',
      '  Lands on: no match is left, so it is recorded without an effect on any result',
    ),
  lands: (d: { landedOn: Word }) => t(`  適用先: ${d.landedOn}`, `  Lands on: ${d.landedOn}`),
  'lands-could-not-land-it': (d: { text: Word; text2: Word }) =>
    t(
      `  適用先: 適用できませんでした (${d.text})。記録には残り、対戦結果への影響はありません`,
      `  Lands on: could not land (${d.text2}); it stays on the record with no effect on any result`,
    ),
  'lands-player-next-match-from': (d: { fromRound: Word }) =>
    t(
      `  適用先: 第${d.fromRound}回戦以降の次のマッチ (組み合わせ後に決まります)`,
      `  Lands on: the player's next match from round ${d.fromRound} (once paired)`,
    ),
  'without-effect-not-needed': () =>
    t(
      '  --without-effect は不要でした: 残りのマッチがあるため、罰則はそのマッチに適用されます',
      '  --without-effect was not needed: a match is left, so the penalty lands on it',
    ),
  'rescinded-undoes': (d: { effect: Word }) =>
    t(
      `  取り消しにより、罰則による負けがなくなりました: ${d.effect}`,
      `  Undone: the loss by this penalty is gone from ${d.effect}`,
    ),
  'rescinded-no-result-changed': () =>
    t(
      '  どの対戦結果も変わりません (この罰則はどのデュエル・マッチにも適用されていませんでした)',
      '  No result changes (this penalty had taken no duel or match)',
    ),
  'before-appeal': (d: { effect: Word }) => t(`  上訴前の適用先: ${d.effect}`, `  Before the appeal: ${d.effect}`),
  'waiting-next-match': (d: { fromRound: Word }) =>
    t(
      `第${d.fromRound}回戦以降の次のマッチ (組み合わせ待ち)`,
      `the player's next match from round ${d.fromRound} (waiting to be paired)`,
    ),
  'no-effect-result': () => t('  対戦結果への影響はありません', '  No effect on a result'),
  'penalty-goes-outcome-changed-only': () =>
    t('--penalty は --outcome changed のときだけ指定します', '--penalty goes with --outcome changed only'),
  'outcome-changed-needs-penalty-new': () =>
    t(
      '--outcome changed には --penalty (変更後の罰則) が必要です',
      '--outcome changed needs --penalty (the new penalty)',
    ),
  'penalty-rescinded': (d: { penaltyId: Word; name: Word; penaltyName: Word }) =>
    t(
      `罰則 #${d.penaltyId} (${d.name}、${d.penaltyName}) を取り消しました`,
      `Penalty #${d.penaltyId} (${d.name}, ${d.penaltyName}) is rescinded`,
    ),
  'penalty-changed-from': (d: { penaltyId: Word; name: Word; penaltyName: Word; penaltyName2: Word }) =>
    t(
      `罰則 #${d.penaltyId} (${d.name}) を${d.penaltyName}から${d.penaltyName2}に変更しました`,
      `Penalty #${d.penaltyId} (${d.name}) is changed from ${d.penaltyName} to ${d.penaltyName2}`,
    ),
  'reason-2': (d: { reason: Word }) => t(`  理由: ${d.reason}`, `  Reason: ${d.reason}`),
  'these-matches-need-their-result': (d: { stale: Word; stale2: Word }) =>
    t(`  結果の再入力が必要な対戦: ${d.stale}`, `  These matches need their result again: ${d.stale2}`),
  'round-table': (d: { round: Word; table: Word }) =>
    t(`第${d.round}回戦 卓${d.table}`, `round ${d.round}, table ${d.table}`),
  'no-penalties-yet': () => t('罰則はまだありません\n', 'No penalties yet\n'),
  rd: () => t('回戦', 'Rd'),
  player: () => t('選手', 'Player'),
  infraction: () => t('違反', 'Infraction'),
  found: () => t('発見', 'Found'),
  penalty: () => t('罰則', 'Penalty'),
  landed: () => t('適用先', 'Landed on'),
  notes: () => t('備考', 'Notes'),
  guideline: (d: { penaltyName: Word; deviationReason: Word }) =>
    t(`指針は${d.penaltyName}: ${d.deviationReason}`, `guideline ${d.penaltyName}: ${d.deviationReason}`),
  'raised-repeat': () => t('繰り返しで一段階上げ', 'raised for a repeat'),
  added: (d: { addedTo: Word }) => t(`#${d.addedTo} に追加`, `added to #${d.addedTo}`),
  reason: (d: { reason: Word }) => t(`理由: ${d.reason}`, `reason: ${d.reason}`),
  'no-match-left-no-result': () => t('残りのマッチなし (結果への影響なし)', 'no match left (no result effect)'),
  'could-not-land': (d: { text: Word; text2: Word }) => t(`適用できず: ${d.text}`, `could not land: ${d.text2}`),
  'rescinded-appeal': (d: { reason: Word }) => t(`上訴で取り消し: ${d.reason}`, `rescinded on appeal: ${d.reason}`),
  'denied-appeal': (d: { reason: Word }) => t(`上訴は棄却: ${d.reason}`, `appeal denied: ${d.reason}`),
  'appeal-denied': (d: { penaltyId: Word; name: Word; penaltyName: Word }) =>
    t(
      `罰則 #${d.penaltyId} (${d.name}、${d.penaltyName}) への上訴を棄却しました。罰則はそのままです`,
      `The appeal against penalty #${d.penaltyId} (${d.name}, ${d.penaltyName}) is denied; the penalty stands`,
    ),
  'changed-appeal-from': (d: { penaltyName: Word; reason: Word }) =>
    t(`上訴で${d.penaltyName}から変更: ${d.reason}`, `changed on appeal from ${d.penaltyName}: ${d.reason}`),
  'not-recorded': () => t('公式記録なし', 'not recorded'),
});
