import { messageTable, t, type Word } from '../../message-table.js';

/** Signing in, tokens, passwords and staff accounts. */
export const M = messageTable({
  'bearer-form': () =>
    t('Authorization は「Bearer <API トークン>」の形にしてください。', 'Authorization must be "Bearer <API token>".'),
  'too-many-tokens': (d: { max: Word }) =>
    t(
      `API トークンは 1 アカウントにつき ${d.max} 個までです。使っていないトークンを取り消してから作成してください。`,
      `An account may hold at most ${d.max} API tokens. Revoke one you no longer use, then create another.`,
    ),
  'token-unknown': () => t('この API トークンは無効か取り消されています。', 'This API token is unknown or revoked.'),
  'csrf-missing': () =>
    t(
      'この書き込みにはセッションの X-CSRF-Token ヘッダーがありません。コンソールを再読み込みしてやり直してください。',
      'This write lacks the X-CSRF-Token header of your session. Reload the console and try again.',
    ),
  'password-change-required': () =>
    t(
      '先に新しいパスワードを設定してください（POST /api/auth/password）。',
      'Choose a new password first (POST /api/auth/password).',
    ),
  'sign-in-busy': () =>
    t(
      'サーバーは他のパスワードを確認中です。1 秒後にやり直してください。',
      'The server is checking other passwords right now. Try again in a second.',
    ),
  'password-blank': () =>
    t(
      'パスワードが空白だけです。文字・数字・記号を使ってください。',
      'The password is only spaces: use letters, digits or symbols.',
    ),
  'password-short': (v: { min: Word }) => t(`${v.min} 文字以上にしてください。`, `Use at least ${v.min} characters.`),
  'password-long': (v: { max: Word }) => t(`${v.max} 文字以内にしてください。`, `Use at most ${v.max} characters.`),
  'password-is-username': () =>
    t('パスワードをユーザー名と同じにしないでください。', 'The password must not be your username.'),
  'password-common': () =>
    t(
      'このパスワードはよく使われるもので、真っ先に試されます。別のものにしてください。',
      'This password is among the most common ones and is guessed first: choose another.',
    ),
  'password-few-distinct': (v: { min: Word }) =>
    t(
      `${v.min} 種類以上の文字を使ってください（「aaaaaaaaaa」や「1212121212」は不可）。`,
      `Use at least ${v.min} different characters (not "aaaaaaaaaa" or "1212121212").`,
    ),
  'too-many-logins': (v: { seconds: Word }) =>
    t(
      `ログインの試行が多すぎます。${v.seconds} 秒待ってからやり直してください。`,
      `Too many login attempts. Wait ${v.seconds} s and try again.`,
    ),
  'too-many-wrong-passwords': (v: { seconds: Word }) =>
    t(
      `現在のパスワードの誤りが多すぎます。${v.seconds} 秒待ってからやり直してください。`,
      `Too many wrong current passwords. Wait ${v.seconds} s and try again.`,
    ),
  'bad-credentials': () => t('ユーザー名またはパスワードが違います。', 'Wrong username or password.'),
  'current-password-wrong': () => t('現在のパスワードが違います。', 'The current password is wrong.'),
  'password-unchanged': () =>
    t('現在とは違うパスワードにしてください。', 'Choose a password different from the current one.'),
  'api-token': () => t('API トークン', 'API token'),
  account: () => t('アカウント', 'Account'),
  // The words below complete "Your role may not …".
  'manage-accounts': () => t('スタッフのアカウントを管理する', 'manage staff accounts'),
  'grant-global-roles': () =>
    t(
      '全大会の役割を与える（あなたは特定の大会の主催者です）',
      'give roles for every tournament (you organize only given tournaments)',
    ),
  'grant-outside-roles': (v: { tournament: Word }) =>
    t(
      `大会 ${v.tournament} の役割を与える（あなたはその大会の主催者ではありません）`,
      `give roles in tournament ${v.tournament} (you do not organize it)`,
    ),
  'rename-outside-account': () =>
    t(
      'あなたの大会以外にも役割を持つアカウントの名前を変えたり無効にしたりする',
      'rename or disable an account that also holds roles outside your tournaments',
    ),
  'reset-outside-account': () =>
    t(
      'あなたの大会以外にも役割を持つアカウントのパスワードをリセットする',
      'reset the password of an account that also holds roles outside your tournaments',
    ),
  'no-roles': () =>
    t(
      'アカウントには全大会または特定の大会の役割を1つ以上与えてください。',
      'Give the account at least one role, for every tournament or for a given one.',
    ),
  'username-taken': (v: { username: Word }) =>
    t(`ユーザー名「${v.username}」は使われています。`, `The username "${v.username}" is taken.`),
  'self-lockout': () =>
    t(
      '自分自身を無効にしたり、自分の主催者の役割を外したりはできません。',
      'You cannot disable yourself or drop your own organizer role.',
    ),
});
