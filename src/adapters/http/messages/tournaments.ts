import type { Text } from '../../../core/text.js';
import { messageTable, t, type Word } from '../../message-table.js';

/** Tournaments, players, rounds, decks and the round clock. */
export const M = messageTable({
  player: () => t('選手', 'Player'),
  'player-id': (v: { player: Word }) => t(`選手 ${v.player}`, `Player ${v.player}`),
  'player-in-round': (v: { player: Word; round: Word }) =>
    t(`第${v.round}回戦の選手 ${v.player}`, `Player ${v.player} in round ${v.round}`),
  round: () => t('ラウンド', 'Round'),
  table: () => t('卓', 'Table'),
  'venue-code-needed': () =>
    t(
      'この大会のチェックインには会場コードが必要です。会場に表示されている 4 桁のコードを入力してください。',
      'Check-in at this event needs the venue code: type the 4 digits shown at the venue.',
    ),
  'venue-code-wrong': () =>
    t(
      '会場コードが違います。会場に表示されている最新のコードを入力してください（数分ごとに変わります）。',
      'That is not the venue code: type the one shown at the venue now (it changes every few minutes).',
    ),
  'bad-player-code': () =>
    t(
      '選手 ID と登録票に印刷されたコードを入力してください。',
      'Give the player id and the code printed on your registration slip.',
    ),
  'banlist-and-file': () =>
    t('body: banlist と banlistFile はどちらか一方だけ指定します', 'body: give banlist or banlistFile, not both'),
  'no-card-pool': (v: { pool: Word }) =>
    t(
      `body.cardPool: 取り込まれたカードデータベース ${v.pool} はありません`,
      `body.cardPool: no imported card database ${v.pool}`,
    ),
  'csv-line': (v: { line: Word; problem: Text; more: Text }) =>
    t(`body.csv ${v.line} 行目: ${v.problem.ja}${v.more.ja}`, `body.csv line ${v.line}: ${v.problem.en}${v.more.en}`),
  'csv-decklist-file': (v: { line: Word }) =>
    t(
      `body.csv ${v.line} 行目: HTTP ではデッキリストのファイルを読めません。"players" に各デッキリストを含めて送ってください`,
      `body.csv line ${v.line}: decklist files cannot be read over HTTP; send "players" with each decklist inline`,
    ),
  'preview-decklist-file': () =>
    t(
      'デッキリストのファイルは読めません。デッキリストは取り込み後に一人ずつ登録してください',
      'decklist files cannot be read here; register each decklist after the import',
    ),
  'preview-registered': (v: { id: Word }) =>
    t(`ID ${v.id} の選手はもう登録されています`, `player ${v.id} is already registered`),
  'name-or-reading': () => t('氏名かフリガナ（または両方）を送ってください', 'send name, reading or both'),
  'too-many-decklists': (v: { seconds: Word }) =>
    t(
      `このアドレスからのデッキリストが多すぎます。${v.seconds} 秒待つか、ログインしてください。`,
      `Too many decklists from your address. Wait ${v.seconds} s, or log in.`,
    ),
  'too-many-entries': (v: { seconds: Word }) =>
    t(
      `このアドレスからのエントリーが多すぎます。${v.seconds} 秒待ってください。`,
      `Too many entries from your address. Wait ${v.seconds} s.`,
    ),
  'published-decklists': () => t('公開されたデッキリスト', 'Published decklists'),
  'player-decklist': () => t('選手のデッキリスト', "The player's decklist"),
  'too-many-code-attempts': (v: { seconds: Word; max: Word }) =>
    t(
      `この選手の間違ったコードが多すぎます (同じアドレスから 1 分に ${v.max} 回まで)。${v.seconds} 秒待ってください。この選手のページを前に開いた端末はそのまま使えます。`,
      `Too many wrong codes for this player (at most ${v.max} a minute from one address). Wait ${v.seconds} s. A phone that opened this player's page before is not affected.`,
    ),
  'too-many-code-attempts-player': (v: { seconds: Word; max: Word }) =>
    t(
      `この選手の間違ったコードが多すぎます (どのアドレスからも合わせて 1 分に ${v.max} 回まで)。${v.seconds} 秒待ってください。この選手のページを前に開いた端末はそのまま使えます。`,
      `Too many wrong codes for this player (at most ${v.max} a minute for one player, from all addresses). Wait ${v.seconds} s. A phone that opened this player's page before is not affected.`,
    ),
  'too-many-code-attempts-address': (v: { seconds: Word; max: Word }) =>
    t(
      `このアドレスからの間違ったコードが多すぎます (選手を問わず 1 分に ${v.max} 回まで)。${v.seconds} 秒待ってください。選手のページを前に開いた端末はそのまま使えます。`,
      `Too many wrong player codes from your address (at most ${v.max} a minute, any players). Wait ${v.seconds} s. A phone that opened a player's page before is not affected.`,
    ),
  'too-many-venue-codes': (v: { seconds: Word; max: Word; minutes: Word }) =>
    t(
      `間違った会場コードが多すぎます (${v.minutes} 分に ${v.max} 回まで)。${v.seconds} 秒待ってから、会場に表示されている最新のコードを入力してください。`,
      `Too many wrong venue codes (at most ${v.max} in ${v.minutes} minutes). Wait ${v.seconds} s, then type the one shown at the venue now.`,
    ),
  'too-many-searches': (v: { seconds: Word }) =>
    t(
      `このアドレスからのカード検索が多すぎます。${v.seconds} 秒待つか、ログインしてください。`,
      `Too many card searches from your address. Wait ${v.seconds} s, or log in.`,
    ),
  'not-late': (v: { player: Word; round: Word }) =>
    t(
      `選手 ${v.player} は第${v.round}回戦の遅刻者リストにいません（着席済み・結果入力済み・集合時間前のいずれか）。`,
      `Player ${v.player} is not on the late list of round ${v.round} (seated, reported, or before the seat time).`,
    ),
  'proposal-changed': (v: { penalty: Word; minutesLate: Word; expected: Word }) =>
    t(
      `提案は ${v.expected} ではなく ${v.penalty}（${v.minutesLate} 分遅刻）になりました。確認してもう一度確定してください。`,
      `The proposal is now ${v.penalty} (${v.minutesLate} minutes late), not ${v.expected}. Check and confirm again.`,
    ),
  /** A decklist that does not parse: `line` is 'decklist-line' or empty on both sides. */
  'decklist-unreadable': (v: { path: Word; line: Text; problem: Text; more: Text }) =>
    t(
      `${v.path}.text: ${v.line.ja}${v.problem.ja}${v.more.ja}`,
      `${v.path}.text: ${v.line.en}${v.problem.en}${v.more.en}`,
    ),
  /** The line part of a decklist problem; empty when the problem has no line. */
  'decklist-line': (v: { line: Word | null }) =>
    v.line === null ? t('', '') : t(`${v.line} 行目: `, `line ${v.line}: `),
  'decklist-no-problem': () => t('読めません', 'unreadable'),
  'decklist-too-many-lines': (v: { path: Word; lines: Word; max: Word }) =>
    t(
      `${v.path}: デッキリストが ${v.lines} 行あります。読み込めるのは ${v.max} 行までです`,
      `${v.path}: the decklist has ${v.lines} lines; at most ${v.max} are read`,
    ),
  'decklist-too-many-characters': (v: { path: Word; characters: Word; max: Word }) =>
    t(
      `${v.path}: デッキリストが ${v.characters} 文字あります。読み込めるのは ${v.max} 文字までです`,
      `${v.path}: the decklist has ${v.characters} characters; at most ${v.max} are read`,
    ),
  'uploads-busy': () =>
    t(
      'サーバーが他のアップロードを読み込み中です。数秒後にやり直してください。',
      'The server is reading other uploads right now. Try again in a few seconds.',
    ),
  'csv-too-slow': (v: { seconds: Word }) =>
    t(
      `body.csv: ${v.seconds} 秒以内に読み終わりませんでした。ファイルを分けてください`,
      `body.csv: not read within ${v.seconds} seconds; split the file`,
    ),
  'decklists-busy': () =>
    t(
      'サーバーが多くのデッキリストを読み込み中です。数秒後にやり直してください。',
      'The server is reading many decklists right now. Try again in a few seconds.',
    ),
});
