import { messageTable, t } from '../../message-table.js';

/** The first start's organizer account and the notice that shows its password once. */
export const M = messageTable({
  'organizer-name': () => t('主催者', 'Organizer'),
  created: () => t('初回起動: 主催者アカウントを作成しました。', 'First start: an organizer account was created.'),
  username: () => t('ユーザー名', 'username'),
  password: () => t('パスワード', 'password'),
  'shown-once': () =>
    t(
      'この一回限りのパスワードは今だけ表示されます。最初のログインで変更してください。',
      'This one-time password is shown only now; you must change it at the first login.',
    ),
  lost: () =>
    t(
      'なくしたときは、このコンピューターで: npx shinpan account reset-password --user organizer',
      'Lost it? On this computer: npx shinpan account reset-password --user organizer',
    ),
});
