import type { Text } from '../../../core/text.js';
import type { TournamentCommandType } from '../../../core/tournament/commands.js';
import { ROLES, type Role } from '../../../core/tournament/events.js';
import { COMMAND_ROLES } from '../../../core/tournament/permissions.js';

// The domain owns the roles and who may send each command; this file only adds what the
// server does beyond commands (accounts, reading the record).
export { ROLES, type Role };

/** Each role's name in the words people use at a venue: error messages name roles with these, never with ids. */
export const ROLE_NAMES: Readonly<Record<Role, Text>> = {
  organizer: { en: 'organizer', ja: '主催者' },
  'head-judge': { en: 'head judge', ja: 'ヘッドジャッジ' },
  judge: { en: 'judge', ja: 'ジャッジ' },
  scorekeeper: { en: 'scorekeeper', ja: 'スコアキーパー' },
};

/** A role's name in both languages; an id the server does not know stays as it is. */
export function roleName(role: string): Text {
  return (ROLE_NAMES as Readonly<Record<string, Text>>)[role] ?? { en: role, ja: role };
}

interface CapabilityRule {
  readonly roles: readonly Role[];
  /** Completes "Your role may not …" in the 403 message. */
  readonly action: Text;
}

/**
 * What each role may do besides sending tournament commands (those follow the domain's
 * COMMAND_ROLES, and decide refuses the head-judge-only penalty choices of spec §5). The
 * public needs no capability: pairings, standings and a player's own record are open.
 */
export const CAPABILITIES = {
  'penalties:assess': { roles: ['head-judge', 'judge'], action: { en: 'assess infractions', ja: '違反を査定する' } },
  'cards:import': { roles: ['organizer'], action: { en: 'import card databases', ja: 'カードデータベースを取り込む' } },
  'deck-checks:run': { roles: ['head-judge', 'judge'], action: { en: 'run deck checks', ja: 'デッキチェックを行う' } },
  'staff:read': {
    roles: ['organizer', 'head-judge', 'judge', 'scorekeeper'],
    action: { en: 'read staff-only tournament data', ja: 'スタッフ専用の大会情報を見る' },
  },
  'record:read': {
    roles: ['organizer', 'head-judge', 'judge', 'scorekeeper'],
    action: { en: 'read the official record and exports', ja: '公式記録やエクスポートを見る' },
  },
  'series:manage': {
    roles: ['organizer'],
    action: { en: 'manage series, their points and player links', ja: 'シリーズ・ポイント・選手の紐付けを管理する' },
  },
  'webhooks:manage': {
    roles: ['organizer'],
    action: { en: 'manage webhooks', ja: 'Webhook を管理する' },
  },
  'reports:read': {
    roles: ['head-judge'],
    action: {
      en: "read incident reports and the event's report bundle",
      ja: 'インシデントレポートや大会の報告一式を見る',
    },
  },
} as const satisfies Record<string, CapabilityRule>;

export type Capability = keyof typeof CAPABILITIES;

const COMMAND_ACTIONS: Readonly<Record<TournamentCommandType, Text>> = {
  CreateTournament: { en: 'create a tournament', ja: '大会を作成する' },
  ChangeDeckRules: {
    en: 'change the card pool or Forbidden/Limited list',
    ja: 'カードプールや禁止・制限リストを変更する',
  },
  RegisterPlayer: { en: 'register players', ja: '選手を登録する' },
  SubmitDecklist: { en: 'submit decklists', ja: 'デッキリストを登録する' },
  CorrectDecklist: {
    en: 'correct a decklist after round 1 (head judge only)',
    ja: '第1回戦以降にデッキリストを訂正する（ヘッドジャッジのみ）',
  },
  DropPlayer: { en: 'drop players', ja: '選手をドロップさせる' },
  ChangePlayerDetails: { en: "correct players' names and readings", ja: '選手の氏名・フリガナを訂正する' },
  PairRound: { en: 'pair rounds', ja: 'ラウンドの組み合わせを作る' },
  MarkSeated: { en: 'mark players seated', ja: '着席を記録する' },
  StartRound: { en: 'start rounds', ja: 'ラウンドを開始する' },
  MarkAllSeated: { en: 'mark players seated', ja: '着席を記録する' },
  ExtendTime: { en: 'extend time', ja: '時間延長を記録する' },
  ReportResult: { en: 'enter results', ja: '結果を入力する' },
  CorrectResult: { en: 'correct results', ja: '結果を訂正する' },
  EndRound: { en: 'end rounds', ja: 'ラウンドを終了する' },
  PublishRound: { en: 'publish held rounds', ja: '保留中のラウンドを発表する' },
  FixPairing: { en: 'fix held pairings', ja: '保留中の組み合わせを修正する' },
  Announce: { en: 'post announcements', ja: 'アナウンスを掲示する' },
  CutSwiss: { en: 'cut the Swiss field', ja: 'スイスドローのカットを行う' },
  StartPhase: { en: 'start a phase (day two)', ja: 'フェーズ（2日目）を始める' },
  IssuePenalty: { en: 'issue penalties', ja: '罰則を出す' },
  RescindPenalty: { en: 'decide appeals (head judge only)', ja: '上訴を裁定する（ヘッドジャッジのみ）' },
  ChangePenalty: { en: 'decide appeals (head judge only)', ja: '上訴を裁定する（ヘッドジャッジのみ）' },
  DenyAppeal: { en: 'decide appeals (head judge only)', ja: '上訴を裁定する（ヘッドジャッジのみ）' },
  SubmitRequest: { en: 'send requests to the head judge', ja: 'ヘッドジャッジに依頼を送る' },
  DecideRequest: { en: 'decide requests (head judge only)', ja: '依頼を判断する（ヘッドジャッジのみ）' },
  FinishTournament: { en: 'finish the tournament', ja: '大会を終了する' },
  SetPrizeList: { en: 'set the prize list', ja: '賞品リストを設定する' },
  AwardPrize: { en: 'award prizes', ja: '賞品を授与する' },
  SetPlayerReporting: { en: 'set whether players report results', ja: '選手による結果報告を設定する' },
  SetPlayerPairingReasons: {
    en: 'set whether players see why they were paired',
    ja: '選手に対戦組み合わせの理由を表示するか設定する',
  },
  SetCheckInVenueCode: {
    en: 'set whether check-in needs the venue code',
    ja: 'チェックインに会場コードを必須にするか設定する',
  },
  SetEntryFee: { en: 'set the entry fee', ja: '参加費を設定する' },
  RecordFeePayment: { en: 'mark entry fees paid', ja: '参加費の支払いを記録する' },
  WithdrawEntry: { en: 'withdraw as a player', ja: '選手として参加を辞退する' },
  PlayerReportResult: { en: 'report a result as a player', ja: '選手として結果を報告する' },
  CheckInPlayer: { en: 'check players in', ja: '選手のチェックインを記録する' },
  DropNoShows: { en: 'drop players who did not check in', ja: 'チェックインしていない選手をドロップさせる' },
  OpenCall: { en: 'call a judge to a table', ja: 'ジャッジを卓に呼ぶ' },
  ClaimCall: { en: 'take judge calls', ja: 'ジャッジコールを受ける' },
  EscalateCall: { en: 'pass a judge call to the head judge', ja: 'ジャッジコールをヘッドジャッジに上げる' },
  ResolveCall: { en: 'resolve judge calls', ja: 'ジャッジコールを解決する' },
  SetCallRules: {
    en: 'set the rule for extensions after judge calls',
    ja: 'ジャッジコール後の時間延長の基準を設定する',
  },
  OpenEntry: { en: 'open public entry', ja: 'エントリー受付を開始する' },
  CloseEntry: { en: 'close public entry', ja: 'エントリー受付を締め切る' },
  Enter: { en: 'enter players as the entry page does', ja: 'エントリーページと同じく選手をエントリーさせる' },
  SetDecklistDeadline: { en: 'set the decklist deadline', ja: 'デッキリストの提出期限を設定する' },
  SetDecklistPublication: { en: 'choose which decklists are published', ja: 'デッキリストの公開範囲を決める' },
  SetFilmingConsent: { en: "record a player's consent to being filmed", ja: '選手の撮影への同意を記録する' },
  MarkFeatureTables: { en: 'mark feature tables', ja: 'フィーチャーテーブルを指定する' },
};

/** The roles that may do what an access names, and the words for the 403 message. */
export function accessRule(access: Capability | { readonly command: TournamentCommandType }): {
  readonly roles: readonly Role[];
  readonly action: Text;
} {
  if (typeof access === 'string') return CAPABILITIES[access];
  return { roles: COMMAND_ROLES[access.command], action: COMMAND_ACTIONS[access.command] };
}

// The acting role is the write pipeline's rule, shared with the CLI.
export { actingRole } from '../../../app/acting-role.js';
