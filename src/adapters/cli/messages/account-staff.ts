import { messageTable, t, type Word } from '../../message-table.js';

export const staffMessages = messageTable({
  'bad-username': (d: { user: Word; rule: Word }) =>
    t(`--user: 「${d.user}」は使えません（${d.rule}）`, `--user: "${d.user}" is not a username (${d.rule})`),
  'bad-name': (d: { max: Word }) => t(`--name: 1〜${d.max}文字で指定します`, `--name: 1-${d.max} characters`),
  'control-character': (d: { codePoint: Word; position: Word }) =>
    t(
      `--name: ${d.position}文字目に制御文字 ${d.codePoint} があります`,
      `--name: a control character ${d.codePoint} at character ${d.position}`,
    ),
  'bad-role': (d: { role: Word; roles: Word }) =>
    t(`--roles: 「${d.role}」という役割はありません（${d.roles}）`, `--roles: no role "${d.role}" (${d.roles})`),
  'no-roles': () =>
    t(
      '--roles: 役割を1つ以上指定します（例: judge,scorekeeper）',
      '--roles: give at least one role (e.g. judge,scorekeeper)',
    ),
  'username-taken': (d: { user: Word }) =>
    t(`ユーザー名「${d.user}」はもう使われています`, `the username "${d.user}" is taken`),
  'last-organizer': (d: { user: Word }) =>
    t(
      `「${d.user}」は有効な最後の主催者です。スタッフを管理する人がいなくなるため変更しません`,
      `"${d.user}" is the last enabled organizer: nobody would be left to manage staff, so nothing was changed`,
    ),
  created: (d: { user: Word; name: Word; roles: Word; password: Word }) =>
    t(
      `${d.user}（${d.name}、${d.roles}）を作成しました。一回限りのパスワード: ${d.password}\n最初のサインインで新しいパスワードを決めます。\n`,
      `Created ${d.user} (${d.name}, ${d.roles}). One-time password: ${d.password}\nIt is changed at the first sign-in.\n`,
    ),
  'roles-set': (d: { user: Word; roles: Word }) =>
    t(`${d.user} の役割: ${d.roles}\n`, `${d.user} now holds: ${d.roles}\n`),
  disabled: (d: { user: Word }) =>
    t(
      `${d.user} を無効にしました（セッションは終了、API トークンは使えなくなります）\n`,
      `${d.user} is disabled (its sessions ended; its API tokens stop working)\n`,
    ),
  enabled: (d: { user: Word }) => t(`${d.user} を有効にしました\n`, `${d.user} is enabled again\n`),
  'no-accounts': () => t('アカウントはまだありません\n', 'No account yet\n'),
  user: () => t('ユーザー名', 'Username'),
  name: () => t('表示名', 'Display name'),
  roles: () => t('役割', 'Roles'),
  state: () => t('状態', 'State'),
  active: () => t('有効', 'enabled'),
  off: () => t('無効', 'disabled'),
  'must-change': () => t('（初回パスワード）', ' (one-time password)'),
  'in-tournament': (d: { id: Word; roles: Word }) => t(`${d.id} で ${d.roles}`, `in ${d.id}: ${d.roles}`),
});
