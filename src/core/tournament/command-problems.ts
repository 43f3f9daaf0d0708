import type { Text } from '../text.js';

/*
 * What is wrong with a command, by id, in both languages: the `problem` of an
 * `invalid-command` or `invalid-duels` error (a field), and the `reason` of a refusal (the
 * state the command meets); domain-errors.ts words the sentence around it.
 * Every such text lives here; a `Problem` can only be made by `explain()`, so the compiler
 * refuses a free-text pair written at the place of the check.
 */

const t = (ja: string, en: string): Text => ({ ja, en });
const list = (items: readonly (string | number)[]): string => items.join(', ');

const PROBLEMS = {
  'text-required': () => t('空でない文字列が必要です', 'expected a non-empty text'),
  'control-character': (d: { codePoint: string; position: number }) =>
    t(
      `制御文字 ${d.codePoint} が ${d.position} 文字目にあります（取り除いてください）`,
      `control character ${d.codePoint} at character ${d.position} (remove it)`,
    ),
  'text-invisible': (d: { codePoint: string }) =>
    t(
      `表示されない文字 (${d.codePoint} など) と空白だけです。見える文字で書いてください`,
      `only spaces and characters that show nothing (such as ${d.codePoint}): write it in visible characters`,
    ),
  'ids-twice': (d: { id: number }) => t(`${d.id} が重複しています`, `${d.id} is given twice`),
  'penalty-id-list': () => t('罰則番号の一覧が必要です', 'expected a list of penalty numbers'),
  'too-many-items': (d: { max: number }) => t(`${d.max}件までです`, `at most ${d.max} items`),
  'currency-code': () => t('通貨は英大文字3字です（例: JPY）', 'a currency is 3 capital letters (e.g. JPY)'),
  'true-or-false': () => t('true か false が必要です', 'expected true or false'),
  'top-cut-not-power-of-two': (d: { size: number; sizes: readonly number[] }) =>
    t(
      `上位${d.size}名は2のべき乗ではありません: ${list(d.sizes)} のいずれかにするか、上位シードの1回戦不戦勝（byes）を指定してください`,
      `a top ${d.size} is not a power of two: choose ${list(d.sizes)}, or ask for first-round byes for the top seeds`,
    ),
  'top-cut-size': (d: { max: number }) =>
    t(
      `0（決勝トーナメントなし）か 2〜${d.max} の整数が必要です`,
      `expected 0 (no top cut) or a whole number from 2 to ${d.max}`,
    ),
  'details-unchanged': () => t('氏名もフリガナも今のままです', 'neither the name nor the reading changes'),
  'reading-empty': () =>
    t('空のフリガナです (省略するか、かなで書いてください)', 'the reading is empty (leave it out or write it in kana)'),
  'reading-not-kana': (d: { char: string; position: number }) =>
    t(
      `フリガナはかな (ひらがな・カタカナ) で書いてください: ${d.position} 文字目の "${d.char}" はかなではありません`,
      `a reading is written in kana (hiragana or katakana): "${d.char}" at character ${d.position} is not kana`,
    ),
  'whole-number': () => t('整数が必要です', 'expected a whole number'),
  'lottery-seed-committed': () =>
    t(
      '抽選のシードは受付開始時に決まっています（公開したハッシュで検証できます）。指定できません',
      'the lottery seed was fixed when entry opened (its published hash checks it); it cannot be given',
    ),
  'text-too-long': (d: { max: number; length: number }) =>
    t(`${d.max} 文字までです（${d.length} 文字あります）`, `at most ${d.max} characters (this has ${d.length})`),
  'announcement-text-required': () =>
    t('日本語 (ja) か英語 (en) の本文が必要です', 'expected a text in Japanese (ja) or English (en), or both'),
  'no-published-round': () =>
    t(
      '選手に発表された回戦がまだありません（全員宛てにしてください）',
      'no round has been published to the players yet (announce to everyone)',
    ),
  'swap-not-in-round': (d: { round: number; players: readonly string[] }) =>
    t(
      `第${d.round}回戦の組み合わせにいない選手です: ${list(d.players)}`,
      `not paired in round ${d.round}: ${list(d.players)}`,
    ),
  'swap-same-table': () =>
    t(
      '同じ卓の2人を入れ替えても組み合わせは変わりません',
      'two players at the same table: swapping them changes nothing',
    ),
  'swap-elimination': () =>
    t(
      '決勝トーナメントの組み合わせはシードで決まるため入れ替えられません',
      'an elimination round follows the seeds; its pairings are not swapped',
    ),
  'whole-number-between': (d: { min: number; max: number }) =>
    t(`${d.min}〜${d.max} の整数が必要です`, `expected a whole number from ${d.min} to ${d.max}`),
  date: () => t('2009-03-01 の形式の日付が必要です', 'expected a date like 2009-03-01'),
  time: () =>
    t('2009-03-01T10:00:00+09:00 の形式の時刻が必要です', 'expected an ISO time like 2009-03-01T10:00:00+09:00'),
  'time-zone': (d: { max: number }) =>
    t(
      `Asia/Tokyo のような IANA のタイムゾーン名が必要です（${d.max}文字まで）`,
      `expected an IANA time zone like Asia/Tokyo (at most ${d.max} characters)`,
    ),
  'table-list': () => t('卓番号の一覧が必要です', 'expected a list of table numbers'),
  'one-of': (d: { choices: readonly (string | number)[] }) =>
    t(`${list(d.choices)} のいずれかが必要です`, `expected one of ${list(d.choices)}`),
  'stage-formats': () => t('swiss / top-cut ごとの形式が必要です', 'expected a format for swiss and/or top-cut'),
  'unknown-stage': (d: { choices: readonly string[] }) =>
    t(`段階は ${list(d.choices)} のいずれかです`, `a stage is one of ${list(d.choices)}`),
  'pack-identity': (d: { id: string; version: string }) =>
    t(
      `記録する id/版 ${d.id} ${d.version} が規定パック自身のものと違います`,
      `the recorded id/version ${d.id} ${d.version} differ from the pack's own`,
    ),
  'player-id-shape': () =>
    t(
      '半角の英数字・ドット・ハイフン・アンダースコアだけで書いてください（空白や / は使えません）',
      'letters, digits, dot, dash and underscore only (no spaces or /)',
    ),
  'tournament-id-shape': () =>
    t(
      '半角の英小文字・数字・ハイフンで、英小文字か数字から書いてください',
      'lower-case letters, digits and dashes, starting with a letter or digit',
    ),
  'reserved-id': (d: { id: string }) =>
    t(`"${d.id}" は引き分けのデュエルを表すため使えません`, `"${d.id}" is reserved for drawn duels`),
  'banlist-entry': () => t('[パスコード, 0〜3枚] が必要です', 'expected [passcode, 0–3 copies]'),
  'duel-winners': () => t('各デュエルの勝者の一覧が必要です', 'expected a list of duel winners'),
  'too-many-duels': (d: { most: number; given: number }) =>
    t(`デュエルは ${d.most} 件までです (${d.given} 件)`, `at most ${d.most} duels; ${d.given} given`),
  'not-of-match': (d: { player: string; draw: string }) =>
    t(
      `"${d.player}" はこの対戦の選手でも "${d.draw}" でもありません`,
      `"${d.player}" is neither a player of this match nor "${d.draw}"`,
    ),
  'duels-after-decision': (d: { decidedAfter: number; extra: number }) =>
    t(
      `マッチは第${d.decidedAfter}デュエルで決着しています (余分に ${d.extra} 件)`,
      `the match was decided after duel ${d.decidedAfter}; ${d.extra} more given`,
    ),
  'not-playing-in-round': (d: { round: number; players: readonly string[] }) =>
    t(
      `第${d.round}回戦の対戦者ではありません: ${list(d.players)}`,
      `not playing in round ${d.round}: ${list(d.players)}`,
    ),
  'cut-by-one': () =>
    t(
      'maxLosses（成績）か top（順位）のどちらか一方を指定します',
      'give either maxLosses (by record) or top (by rank), not both or neither',
    ),
  'prize-id-twice': (d: { id: string }) => t(`"${d.id}" が重複しています`, `"${d.id}" is used twice`),
  'played-or-won': () => t('"played" か "won" が必要です', 'expected "played" or "won"'),
  'rank-or-round': () => t('"rank" か "round" が必要です', 'expected "rank" or "round"'),
  'request-kind': () => t('penalty か correction が必要です', 'expected penalty or correction'),
  'correction-decision': () => t('訂正の依頼は承認か却下のみです', 'a correction request is approved or refused'),
  'request-outcome': () =>
    t('approved, changed, refused のいずれかが必要です', 'expected approved, changed or refused'),
  'guideline-or-penalty': (d: { penalties: readonly string[] }) =>
    t(
      `指針どおりか、${list(d.penalties)} のいずれかを選んでください`,
      `expected the guideline, or another penalty among ${list(d.penalties)}`,
    ),
  'additional-above': (d: { penalty: string; above: readonly string[] }) =>
    t(`追加の罰則は ${list(d.above)} のいずれかです`, `expected a penalty above ${d.penalty}: ${list(d.above)}`),
  'round-and-table': () =>
    t('回戦と卓は両方指定するか、どちらも省略してください', 'give both round and table, or neither'),
  'table-in-current-round': (d: { round: number }) =>
    t(
      `マッチ間の違反で卓を書くときは、今の回戦 (第${d.round}回戦) の席です`,
      `a table between matches is the player's seat in the current round (round ${d.round})`,
    ),
  'next-match-rounds': (d: { rounds: readonly number[] }) =>
    t(
      `次のマッチは第${d.rounds.join('・')}回戦のいずれかです`,
      `the next match can only be in round ${d.rounds.join(' or ')}`,
    ),
  'duel-number-without-duel-loss': () =>
    t(
      'デュエル番号は、進行中のマッチでのデュエルの敗北にだけ指定します',
      "a duel number goes only with a duel loss in the player's current match",
    ),
  'single-duel-next': () =>
    t(
      'シングル戦の「次のデュエル」は次のマッチの最初のデュエルです。デュエル番号は指定しません',
      'in a single-duel match the next duel is the first duel of the next match: give no duel number',
    ),
  'duel-number-range': (d: { most: number; duel: number }) =>
    t(
      `デュエル番号は 1〜${d.most} です (${d.most}本勝負)`,
      `a match has duels 1 to ${d.most}; there is no duel ${d.duel}`,
    ),
  'next-duel-after-played': (d: { duel: number }) =>
    t(
      `デュエルとデュエルの間では少なくとも1つのデュエルが終わっています。次のデュエルは第2デュエル以降です (指定: 第${d.duel}デュエル)`,
      `between duels at least one duel is over: the next duel is duel 2 or later, not duel ${d.duel}`,
    ),
  'deviation-reduce-or-add': (d: { penalty: string }) =>
    t(
      `この大会の規定 (2-A: 軽減もしくは追加) では、指針 (${d.penalty}) より重い罰則に置き換えることはできません。指針の罰則に追加してください`,
      `under this tournament's rule 2-A (reduce, or add a penalty) a penalty heavier than the guideline (${d.penalty}) is not given instead of it: add it to the guideline penalty`,
    ),
  'seat-time-before-publish': (d: { seatTime: string; published: string }) =>
    t(
      `着席時刻 ${d.seatTime} は回戦の発表 (${d.published}) より前です。組み合わせの発表前には誰も着席できません`,
      `the seat time ${d.seatTime} is before the round is published (${d.published}): nobody can be seated before the pairings are public`,
    ),
  'no-seat-no-round': () =>
    t(
      'まだどの回戦も組み合わせていません。遅刻の基準となる着席時刻がありません',
      'no round has been paired: there is no seat time to be late for',
    ),
  'no-seat-held': (d: { round: number }) =>
    t(
      `第${d.round}回戦は保留中です。組み合わせが公開されていないため、遅刻の対象となる席はまだ誰にもありません`,
      `round ${d.round} is held: its pairings are not public, so nobody has a seat to be late for yet`,
    ),
  'no-seat-between-rounds': (d: { round: number }) =>
    t(
      `第${d.round}回戦は終了し、次の回戦はまだ組み合わせていません。遅刻の基準となる着席時刻がありません`,
      `round ${d.round} has ended and the next round is not paired: there is no seat time to be late for`,
    ),
  'no-seat-bye': (d: { round: number }) =>
    t(
      `この選手は第${d.round}回戦が不戦勝で、着席すべき席も着席時刻もありません`,
      `the player has a bye in round ${d.round}: there is no seat and no seat time to be late for`,
    ),
  'no-seat-not-paired': (d: { round: number }) =>
    t(
      `この選手には第${d.round}回戦の卓がありません（組み合わせに入っていません）`,
      `the player has no table in round ${d.round} (not paired in it)`,
    ),
  'no-seat-dropped': () =>
    t('この選手は大会を棄権（ドロップ）しています', 'the player has dropped from the tournament'),
  'lateness-raise-to-guideline': () =>
    t(
      'すでに罰則が出ている遅刻は指針どおりにのみ重くできます（変更は上訴で行います）',
      'a lateness already penalized can only be raised to the guideline (other changes are an appeal)',
    ),

  // Why a command cannot be done in the state it meets: the `reason` of a refusal.
  'no-swiss-rounds': () => t('スイスドローのない大会です', 'this tournament has no Swiss rounds'),
  'no-round-for-phase': () =>
    t(
      '第1回戦がまだです（最初のフェーズは大会の設定で決まります）',
      'no round has been played (the first phase is the tournament settings)',
    ),
  'top-cut-begun': () => t('決勝トーナメントが始まっています', 'the top cut has begun'),
  'swiss-rounds-played': (d: { rounds: number }) =>
    t(`スイスドロー ${d.rounds}回戦はすべて終わっています`, `all ${d.rounds} Swiss rounds have been played`),
  'phase-already-started': (d: { round: number }) =>
    t(`第${d.round}回戦からのフェーズは開始済みです`, `a phase from round ${d.round} has already started`),
  'cut-after-latest-round': (d: { round: number }) =>
    t(`カットは最新の回戦 (第${d.round}回戦) の後だけです`, `a cut comes after the latest round (round ${d.round})`),
  'no-round-played': () => t('まだ1回戦も行われていません', 'no round has been played'),
  'round-still-to-play': (d: { round: number }) =>
    t(`第${d.round}回戦が残っています`, `round ${d.round} is still to play`),
  'decklists-not-required': () =>
    t('この大会はデッキリストの提出を求めていません', 'this tournament does not require decklists'),
  'no-registered-decklist': () =>
    t('この選手のデッキリストは登録されていません', 'this player has no registered decklist'),
  'tournament-running': () => t('大会が終了していません', 'the tournament has not finished'),
  'round-running': (d: { round: number }) => t(`第${d.round}回戦が終了していません`, `round ${d.round} has not ended`),
  'round-1-paired': () => t('第1回戦の組み合わせが発表済み', 'round 1 has been paired'),
  'round-2-paired': () => t('第2回戦の組み合わせが発表済み', 'round 2 has been paired'),
  'elimination-started': () => t('シングルエリミネーションが始まっている', 'single elimination has started'),
  'card-game-id': (d: { digits: number }) =>
    t(
      `KONAMI ID (カードゲームID) は ${d.digits} 桁の数字です (間の空白やハイフンは無視します)`,
      `a KONAMI Card Game ID is ${d.digits} digits (spaces and dashes between them are left out)`,
    ),
  'time-passed': () => t('過去の時刻です', 'that time has passed'),
  'invitation-window': () =>
    t(
      '招待は新しいフェーズの開始後、その最初の回戦の組み合わせ前だけです',
      'an invitation goes into a phase just started, before its first round is paired',
    ),
} satisfies Record<string, (details: never) => Text>;

export type ProblemId = keyof typeof PROBLEMS;

declare const problemBrand: unique symbol;
/** A problem's text, made only from the table (the brand exists for the compiler alone). */
export type Problem = Text & { readonly [problemBrand]: ProblemId };

/** The text of problem `id` with the values it names. */
export function explain<K extends ProblemId>(id: K, ...details: Parameters<(typeof PROBLEMS)[K]>): Problem {
  return (PROBLEMS[id] as (d: unknown) => Text)(details[0] ?? {}) as Problem;
}

/** Every id, for the test that each has both languages. */
export const PROBLEM_IDS = Object.keys(PROBLEMS) as ProblemId[];
