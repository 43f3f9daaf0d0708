import type { Text } from '../text.js';
import type { Problem } from './command-problems.js';

/*
 * Every way a command can be refused, as a stable code plus a sentence in both languages.
 * Adapters map codes to statuses; people read the message.
 */

const t = (ja: string, en: string): Text => ({ ja, en });
const list = (items: readonly (string | number)[]): string => items.join(', ');

const MESSAGES = {
  'tournament-not-found': () => t(`この大会はまだ作成されていません`, `this tournament has not been created`),
  'tournament-exists': (d: { tournament: string }) =>
    t(`大会 ${d.tournament} は作成済みです`, `tournament ${d.tournament} already exists`),
  'invalid-command': (d: { field: string; problem: Problem }) =>
    t(`${d.field}: ${d.problem.ja}`, `${d.field}: ${d.problem.en}`),
  'role-required': (d: { roles: readonly string[]; actual: string }) =>
    t(
      `この操作には ${list(d.roles)} の権限が必要です (現在: ${d.actual})`,
      `this needs the role ${list(d.roles)} (you are ${d.actual})`,
    ),
  'player-not-found': (d: { player: string }) =>
    t(`選手 ${d.player} はこの大会に登録されていません`, `player ${d.player} is not registered in this tournament`),
  'duplicate-player': (d: { player: string }) =>
    t(`選手 ${d.player} は登録済みです`, `player ${d.player} is already registered`),
  'registration-closed': (d: { reason: Problem }) =>
    t(`登録は締め切られています (${d.reason.ja})`, `registration is closed (${d.reason.en})`),
  'decklists-missing': (d: { players: readonly string[] }) =>
    t(
      `デッキリストが必要な大会です。未提出: ${list(d.players)}（主催者は理由を記して続行できます）`,
      `this tournament requires decklists; missing for ${list(d.players)} (the organizer may go on with a written reason)`,
    ),
  'decklists-illegal': (d: { players: readonly string[] }) =>
    t(
      `デッキリストに問題のある選手がいます: ${list(d.players)}。修正するか、主催者が理由を記して続行してください`,
      `the decklists of ${list(d.players)} break the deck rules; fix them, or the organizer goes on with a written reason`,
    ),
  'deck-rules-locked': () =>
    t(
      '第1回戦の組み合わせが発表済みのため、カードプールと禁止・制限リストは変更できません',
      'round 1 has been paired: the card pool and the Forbidden/Limited list can no longer change',
    ),
  'decklist-locked': (d: { player: string }) =>
    t(
      `選手 ${d.player} は対戦を始めているため、デッキリストを差し替えできません（訂正はヘッドジャッジが理由を記して登録します）`,
      `player ${d.player} has started playing; the decklist can no longer be replaced (the head judge registers a correction with a reason)`,
    ),
  'decklist-not-locked': (d: { player: string }) =>
    t(
      `選手 ${d.player} はまだ対戦していません。デッキリストはそのまま差し替えられます`,
      `player ${d.player} has not played yet; replace the decklist instead`,
    ),
  'player-dropped': (d: { player: string }) =>
    t(
      `選手 ${d.player} はドロップ済みです。再エントリーはできません`,
      `player ${d.player} has dropped; re-entry is not allowed`,
    ),
  'round-not-found': (d: { round: number }) => t(`第${d.round}回戦はありません`, `there is no round ${d.round}`),
  'wrong-round': (d: { expected: number; given: number }) =>
    t(
      `次に組むのは第${d.expected}回戦です (指定: ${d.given})`,
      `the next round to pair is round ${d.expected}, not ${d.given}`,
    ),
  'round-not-finished': (d: { round: number }) =>
    t(`第${d.round}回戦がまだ終了していません`, `round ${d.round} has not ended yet`),
  'round-already-started': (d: { round: number }) =>
    t(`第${d.round}回戦は開始済みです`, `round ${d.round} has already started`),
  'round-already-ended': (d: { round: number }) =>
    t(`第${d.round}回戦は終了済みです`, `round ${d.round} has already ended`),
  'results-missing': (d: { round: number; tables: readonly number[] }) =>
    t(
      `第${d.round}回戦の卓 ${list(d.tables)} の結果が未入力です`,
      `round ${d.round} still needs results for table ${list(d.tables)}`,
    ),
  'phase-not-allowed': (d: { reason: Problem }) =>
    t(`ここでは新しいフェーズを始められません (${d.reason.ja})`, `no new phase here (${d.reason.en})`),
  'cut-not-allowed': (d: { reason: Problem }) =>
    t(`ここではカットできません (${d.reason.ja})`, `no cut here (${d.reason.en})`),
  'no-more-rounds': (d: { rounds: number }) =>
    t(
      `この大会の回戦はすべて終わっています (${d.rounds}回戦)`,
      `every round of this tournament has been played (${d.rounds} rounds)`,
    ),
  'not-enough-players': (d: { needed: number; actual: number }) =>
    t(
      `参加者が足りません (必要 ${d.needed}人、現在 ${d.actual}人)`,
      `not enough players (need ${d.needed}, have ${d.actual})`,
    ),
  'seed-required': () => t(`組み合わせには乱数シードが必要です`, `pairing needs a random seed in the command`),
  'table-not-found': (d: { round: number; table: number }) =>
    t(`第${d.round}回戦に卓 ${d.table} はありません`, `round ${d.round} has no table ${d.table}`),
  'player-not-in-match': (d: { player: string; round: number; table: number }) =>
    t(
      `選手 ${d.player} は第${d.round}回戦の卓 ${d.table} の対戦者ではありません`,
      `player ${d.player} does not play at table ${d.table} of round ${d.round}`,
    ),
  'match-already-decided': (d: { round: number; table: number }) =>
    t(
      `第${d.round}回戦の卓 ${d.table} の結果は確定済みです (訂正は結果訂正で行います)`,
      `the match at table ${d.table} of round ${d.round} already has its result (use a result correction)`,
    ),
  'invalid-duels': (d: { round: number; table: number; problem: Problem }) =>
    t(`第${d.round}回戦の卓 ${d.table}: ${d.problem.ja}`, `round ${d.round}, table ${d.table}: ${d.problem.en}`),
  'draw-not-allowed': (d: { round: number; table: number }) =>
    t(
      `決勝トーナメントの卓 ${d.table} (第${d.round}回戦) は引き分けにできません。勝者を入力してください`,
      `a top-cut match cannot be a draw (round ${d.round}, table ${d.table}): name a winner`,
    ),
  'bracket-advanced': (d: { round: number; table: number; advanced: string }) =>
    t(
      `第${d.round}回戦の卓 ${d.table} からは ${d.advanced} がすでに次の回戦に進んでいます。勝者を変える結果訂正・上訴の裁定はできません`,
      `${d.advanced} already plays the next round from table ${d.table} of round ${d.round}; neither a result correction nor an appeal can change who advanced`,
    ),
  'already-seated': (d: { player: string }) =>
    t(`選手 ${d.player} は着席済みです`, `player ${d.player} is already marked seated`),
  'no-current-match': (d: { player: string }) =>
    t(`選手 ${d.player} には進行中の対戦がありません`, `player ${d.player} has no match in progress`),
  'duel-number-required': () =>
    t(
      `現在の対戦のデュエルの敗北には、何デュエル目かの指定が必要です`,
      `a duel loss in the current match needs the duel number it lands on`,
    ),
  'duel-already-decided': (d: { duel: number }) =>
    t(
      `第${d.duel}デュエルはこの選手の罰則で決着済みです`,
      `duel ${d.duel} is already lost by this player through a penalty`,
    ),
  'landing-not-allowed': (d: { appliesTo: string; options: readonly string[] }) =>
    t(
      `適用先 ${d.appliesTo} は選べません (選択肢: ${list(d.options) || 'なし'})`,
      `the penalty cannot apply to ${d.appliesTo} (options: ${list(d.options) || 'none'})`,
    ),
  'infraction-not-applicable': (d: { infraction: string; reason: Problem }) =>
    t(
      `違反 ${d.infraction} はこの場合には適用できません (${d.reason.ja})`,
      `the infraction ${d.infraction} does not apply here (${d.reason.en})`,
    ),
  'no-seat': (d: { player: string; round: number; reason: string; why: Problem }) =>
    t(
      `選手 ${d.player} の遅刻は記録できません: ${d.why.ja}`,
      `tardiness for player ${d.player} cannot be recorded: ${d.why.en}`,
    ),
  'no-match-left': (d: { player: string }) =>
    t(
      `選手 ${d.player} にはこの罰則を適用できる次のマッチが残っていません。対戦結果への影響なしで記録するには、そのことを確認して発行してください`,
      `player ${d.player} has no match left for this penalty to land on; to record it without an effect on any result, confirm that when issuing it`,
    ),
  'guideline-changed': (d: { decided: Text; now: Text }) =>
    t(
      `オフラインで端末が出した指針は${d.decided.ja}でしたが、サーバーの記録では${d.now.ja}です。罰則は発行されていません。もう一度判断してください`,
      `the phone decided offline on the guideline ${d.decided.en}, but on the server's log it is ${d.now.en}; the penalty was not issued: decide again`,
    ),
  'additional-penalty-not-allowed': (d: { infraction: string }) =>
    t(
      `違反 ${d.infraction} では、マッチの結果に影響した場合にだけ追加の罰則を与えられます`,
      `a further penalty for ${d.infraction} is allowed only where the rules allow one and the infraction affected the match result`,
    ),
  'deviation-reason-required': () =>
    t(`指針と異なる罰則には理由の記入が必要です`, `a penalty other than the guideline needs a written reason`),
  'statements-required': () => t(`失格には調査記録 (陳述書) が必要です`, `a disqualification needs written statements`),
  'reason-required': () => t(`理由の記入が必要です`, `a reason is required`),
  'assess-failed': (d: { field: string; message: string }) =>
    t(`違反報告の誤り: ${d.message}`, `the infraction report is wrong: ${d.message}`),
  'penalty-not-found': (d: { penalty: string }) =>
    t(`罰則 ${d.penalty} はありません`, `there is no penalty ${d.penalty}`),
  'penalty-rescinded': (d: { penalty: string }) =>
    t(`罰則 ${d.penalty} は取り消し済みです`, `penalty ${d.penalty} has already been rescinded`),
  'lateness-already-penalized': (d: { player: string; penalty: string; issued: string }) =>
    t(
      `選手 ${d.player} のこの回戦の遅刻には罰則 ${d.penalty} (${d.issued}) が出ています。同じ遅刻に罰則は一つだけで、より重い罰則になったときだけ置き換わります`,
      `player ${d.player}'s lateness in this round already has penalty ${d.penalty} (${d.issued}); one lateness gets one penalty, replaced only by a heavier one`,
    ),
  'request-not-found': (d: { request: string }) =>
    t(`依頼 ${d.request} はありません`, `there is no request ${d.request}`),
  'request-already-decided': (d: { request: string }) =>
    t(`依頼 ${d.request} は判断済みです`, `request ${d.request} has already been decided`),
  'tournament-finished': () => t(`大会は終了しています`, `the tournament has finished`),
  'tournament-not-finished': (d: { reason: Problem }) =>
    t(`大会はまだ終了できません (${d.reason.ja})`, `the tournament cannot finish yet (${d.reason.en})`),
  'prize-not-found': (d: { prize: string }) => t(`賞品 ${d.prize} はありません`, `there is no prize ${d.prize}`),
  'prize-already-awarded': (d: { prize: string }) =>
    t(`賞品 ${d.prize} は授与済みです`, `prize ${d.prize} has already been awarded`),
  'prize-not-ready': (d: { prize: string; reason: Problem }) =>
    t(
      `賞品 ${d.prize} はまだ授与できません (${d.reason.ja})`,
      `prize ${d.prize} cannot be awarded yet (${d.reason.en})`,
    ),
  'player-reports-off': () =>
    t(
      `この大会では選手による結果報告を受け付けていません。スタッフに結果を伝えてください`,
      `players do not report results in this tournament; tell the staff your result`,
    ),
  'not-your-table': (d: { round: number; table: number; player: string }) =>
    t(
      `選手 ${d.player} は第${d.round}回戦の ${d.table} 卓の選手ではありません`,
      `player ${d.player} does not play at table ${d.table} in round ${d.round}`,
    ),
  'result-already-entered': (d: { round: number; table: number }) =>
    t(
      `第${d.round}回戦 ${d.table} 卓の結果は記録済みです。訂正はスタッフに依頼してください`,
      `the result of round ${d.round} table ${d.table} is already recorded; ask the staff for a correction`,
    ),
  'too-many-player-reports': (d: { round: number; table: number; max: number }) =>
    t(
      `第${d.round}回戦 ${d.table} 卓の報告は 1 人 ${d.max} 回までです。変更はジャッジに依頼してください`,
      `a player may report round ${d.round} table ${d.table} at most ${d.max} times; ask a judge to change it`,
    ),
  'round-not-started': (d: { round: number }) =>
    t(
      `第${d.round}回戦はまだ始まっていません。開始後に報告してください`,
      `round ${d.round} has not started yet; report once it has`,
    ),
  'match-has-penalty': (d: { round: number; table: number }) =>
    t(
      `第${d.round}回戦 ${d.table} 卓には罰則が出ているため、結果はジャッジが入力します`,
      `round ${d.round} table ${d.table} has a penalty on it; a judge enters its result`,
    ),
  'withdrawal-closed': () =>
    t(
      '第1回戦の組み合わせ後は辞退できません。やめる場合はスタッフにドロップを申し出てください',
      'withdrawing closes when round 1 is paired: to leave now, ask the staff to drop you',
    ),
  'no-entry-fee': () => t('参加費が設定されていません', 'this tournament has no entry fee'),
  'check-in-closed': () => t(`第1回戦の組み合わせ後はチェックインできません`, `check-in closes when round 1 is paired`),
  'already-checked-in': (d: { player: string }) =>
    t(`選手 ${d.player} はチェックイン済みです`, `player ${d.player} has already checked in`),
  'no-show-count-changed': (d: { given: number; expected: number }) =>
    t(
      `未チェックインの選手は ${d.given} 人ではなく ${d.expected} 人です。一覧を見直してやり直してください`,
      `${d.expected} players have not checked in, not ${d.given}; look at the list again and retry`,
    ),
  'no-no-shows': () => t(`未チェックインの選手はいません`, `every player still in has checked in`),
  'call-not-found': (d: { call: number }) =>
    t(`ジャッジコール ${d.call} はありません`, `there is no judge call ${d.call}`),
  'call-already-claimed': (d: { call: number; by: string }) =>
    t(`ジャッジコール ${d.call} は ${d.by} が対応中です`, `judge call ${d.call} is already taken by ${d.by}`),
  'call-already-escalated': (d: { call: number }) =>
    t(
      `ジャッジコール ${d.call} はヘッドジャッジに上げ済みです`,
      `judge call ${d.call} has already gone to the head judge`,
    ),
  'call-not-yours': (d: { call: number; holder: string | null }) =>
    d.holder === null
      ? t(
          `ジャッジコール ${d.call} はまだ誰も受けていません。先に受けてください（ヘッドジャッジは受けずに解決できます）`,
          `nobody has taken judge call ${d.call} yet; take it first (the head judge may resolve it without)`,
        )
      : t(
          `ジャッジコール ${d.call} は ${d.holder} が対応中です。解決できるのは対応中のジャッジかヘッドジャッジです`,
          `judge call ${d.call} is held by ${d.holder}; only that judge or the head judge may act on it`,
        ),
  'call-already-resolved': (d: { call: number }) =>
    t(`ジャッジコール ${d.call} は解決済みです`, `judge call ${d.call} has already been resolved`),
  'too-many-calls': (d: { round: number; max: number }) =>
    t(
      `第${d.round}回戦でジャッジを呼べるのは 1 人 ${d.max} 回までです。近くのジャッジに手を挙げてください`,
      `a player may call a judge at most ${d.max} times in round ${d.round}; raise your hand for a judge nearby`,
    ),
  'penalty-not-of-call': (d: { penalty: number; round: number; table: number }) =>
    t(
      `罰則 ${d.penalty} は第${d.round}回戦 ${d.table} 卓の選手への罰則ではありません`,
      `penalty ${d.penalty} is not for a player of round ${d.round} table ${d.table}`,
    ),
  'round-held': (d: { round: number }) =>
    t(
      `第${d.round}回戦は保留中です（選手にはまだ見えていません）。先に発表してください`,
      `round ${d.round} is held (players cannot see it yet); publish it first`,
    ),
  'round-not-held': (d: { round: number }) =>
    t(
      `第${d.round}回戦は保留されていません（すでに選手に発表されています）`,
      `round ${d.round} is not held (the players can already see it)`,
    ),
  'entry-not-open': () =>
    t('この大会は現在エントリーを受け付けていません', 'this tournament is not taking entries now'),
  'entry-closed': (d: { closesAt: string }) =>
    t(`エントリーは ${d.closesAt} に締め切られました`, `entry closed at ${d.closesAt}`),
  'entry-full': (d: { cap: number }) =>
    t(`定員 (${d.cap} 名) に達したため、エントリーできません`, `the tournament is full (${d.cap} players)`),
  'entry-already-open': () => t('エントリーは受付中です。先に締め切ってください', 'entry is open; close it first'),
  'too-many-entrants': (d: { max: number }) =>
    t(`エントリーは1大会 ${d.max} 件までです`, `a tournament takes at most ${d.max} entries`),
  'lottery-drawn': () =>
    t('抽選は実施済みです。エントリーを再開できません', 'the lottery has been drawn; entry cannot reopen'),
  'decklist-deadline-passed': (d: { player: string; deadline: string | null }) =>
    t(
      `デッキリストの提出期限 (${d.deadline ?? '第1回戦の組み合わせ発表'}) を過ぎています。変更はスタッフにお申し出ください`,
      `the decklist deadline (${d.deadline ?? 'round 1 pairings'}) has passed; ask the staff to change the list`,
    ),
  'decklist-findings-unconfirmed': (d: { findings: number }) =>
    t(
      `このデッキリストには指摘が ${d.findings} 件あります。内容を確認のうえ、確認して提出してください`,
      `this decklist has ${d.findings} findings; look at them, then confirm to submit it anyway`,
    ),
  'too-many-decklists': (d: { player: string; max: number }) =>
    t(
      `選手 ${d.player} のデッキリスト提出は ${d.max} 回までです。スタッフにお申し出ください`,
      `player ${d.player} may submit a decklist at most ${d.max} times; ask the staff`,
    ),
  'publication-fixed': () =>
    t(
      'デッキリストの公開範囲はエントリー開始前に決めます (開始後は変更できません)',
      'which decklists are published is chosen before entry opens, and cannot change after',
    ),
  'filming-consent-missing': (d: {
    round: number;
    table: number;
    player: string;
    name: string;
    answer: 'no' | 'not-asked';
  }) =>
    t(
      `第${d.round}回戦 ${d.table}卓はフィーチャーテーブルにできません: ${d.name} (${d.player}) は撮影に${d.answer === 'no' ? '同意していません' : 'ついてまだ聞かれていません (未確認は不同意として扱います)'}`,
      `table ${d.table} of round ${d.round} cannot be a feature table: ${d.name} (${d.player}) ${d.answer === 'no' ? 'declined to be filmed' : 'has not been asked about filming (not asked counts as no)'}`,
    ),
  'version-conflict': (d: { expected: number; actual: number }) =>
    t(
      `他の操作で大会が更新されました (版 ${d.expected} → ${d.actual})。再読み込みしてやり直してください`,
      `someone else changed the tournament (version ${d.expected} is now ${d.actual}); reload and try again`,
    ),
} satisfies Record<string, (details: never) => Text>;

export type DomainErrorCode = keyof typeof MESSAGES;

/** A refused command: a stable code for programs, a sentence for people, and the values it names. */
export interface DomainError {
  readonly code: DomainErrorCode;
  readonly message: Text;
  readonly details: Readonly<Record<string, unknown>>;
}

/** Builds the error for `code` with its message in both languages. */
export function domainError<C extends DomainErrorCode>(
  code: C,
  ...details: Parameters<(typeof MESSAGES)[C]>
): DomainError {
  const detail = (details[0] ?? {}) as Record<string, unknown>;
  const message = (MESSAGES[code] as (d: unknown) => Text)(detail);
  return { code, message, details: detail };
}

/** Every code, for adapters that map codes to statuses and for tests that check each has both texts. */
export const DOMAIN_ERROR_CODES = Object.keys(MESSAGES) as DomainErrorCode[];
