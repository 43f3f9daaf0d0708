import type { Text } from '../../../core/text.js';
import { messageTable, t, type Word } from '../../message-table.js';

/** The server's general answers: framework errors, request parsing, refusals any route can give. */
export const M = messageTable({
  internal: () =>
    t('サーバーで問題が起きました。もう一度お試しください。', 'Something went wrong on the server. Try again.'),
  'no-route': (v: { route: Word }) => t(`${v.route} というルートはありません。`, `No route ${v.route}.`),
  'no-ca-certificate': () =>
    t(
      'このサーバーは CA 証明書を配布していません（shinpan serve --tls-ca FILE で指定します）。',
      'This server offers no CA certificate (start it with shinpan serve --tls-ca FILE).',
    ),
  unauthenticated: () =>
    t('先にログインしてください（または API トークンを送ってください）。', 'Log in first (or send an API token).'),
  /** `action` completes "Your role may not …" (a capability's or a command's words). */
  forbidden: (v: { action: Text }) =>
    t(`あなたの役割では${v.action.ja}ことはできません。`, `Your role may not ${v.action.en}.`),
  'not-found': (v: { what: Text }) => t(`${v.what.ja}が見つかりません。`, `${v.what.en} not found.`),
  'version-conflict': (v: { expected: Word; actual: Word }) =>
    t(
      `読み込んだ後に大会が更新されました（あなたの版 ${v.expected}、現在 ${v.actual}）。再読み込みしてからやり直してください。`,
      `The tournament changed since you loaded it (you had version ${v.expected}, it is now ${v.actual}). Reload and try again.`,
    ),
  'idempotency-key-reused': (v: { key: Word }) =>
    t(
      `Idempotency-Key「${v.key}」は別の書き込みで使われています。新しい書き込みには新しいキーを使ってください。`,
      `The Idempotency-Key "${v.key}" was already used for a different request. Use a new key for a new write.`,
    ),
  'unsupported-media-type': () => t('本文は application/json で送ってください。', 'Send the body as application/json.'),
  'empty-json': () => t('JSON の本文が空です。', 'The JSON body is empty.'),
  'invalid-json': () => t('本文が正しい JSON ではありません。', 'The body is not valid JSON.'),
  'body-too-large': (v: { bytes: Word }) =>
    t(
      `本文が大きすぎます（この宛先は ${v.bytes} バイトまで）。`,
      `The body is too large (at most ${v.bytes} bytes here).`,
    ),
  'bad-content-length': () => t('Content-Length が本文と一致しません。', 'The Content-Length does not match the body.'),
  'bad-url': () =>
    t(
      'アドレスが正しい URL ではありません（% の使い方やパーセントエンコードが壊れています）。',
      'The address is not a valid URL (a stray % or broken percent-encoding).',
    ),
  /** A 4xx from the framework with only an English message. */
  'bad-request': (v: { message: Word }) => t(`リクエストが正しくありません: ${v.message}`, `${v.message}`),
  unreadable: () => t('リクエストを読み取れませんでした。', 'The request could not be read.'),
  'invalid-part': (v: { part: Word }) => t(`${v.part} が正しくありません。`, `The ${v.part} is not valid.`),
  'control-character': (v: { codePoint: Word; position: Word }) =>
    t(
      `制御文字 ${v.codePoint} が ${v.position} 文字目にあります（取り除いてください）`,
      `control character ${v.codePoint} at character ${v.position} (remove it)`,
    ),
  /** The domain names roles by id; `needed*` are the role names joined in each language. */
  'role-required': (v: { neededJa: Word; neededEn: Word; youJa: Word; youEn: Word }) =>
    t(
      `この操作は${v.neededJa}のみが行えます（あなたの役割: ${v.youJa}）。`,
      `Only a ${v.neededEn} may do this (you act as ${v.youEn}).`,
    ),
  'role-or': () => t('または', ' or '),
  'send-command': (v: { type: Word }) => t(`${v.type} を送る`, `send ${v.type}`),
  'too-many-streams': (v: { open: Word; max: Word }) =>
    t(
      `このアドレスはすでに ${v.open} 本のライブ配信を開いています（最大 ${v.max} 本）。他のタブや端末を閉じてからやり直してください。`,
      `This address already holds ${v.open} live streams (at most ${v.max}). Close another tab or device and try again.`,
    ),
});
