import type { EventStore } from '../../app/event-store.js';
import {
  isWebhookEvent,
  STAFF_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '../../app/webhooks/webhook-events.js';
import type { Text } from '../../core/text.js';
import { urlProblem } from './outbound-address.js';
import {
  WEBHOOK_FORMATS,
  type Webhook,
  type WebhookFormat,
  type WebhookStore,
  type WebhookView,
  withoutSecret,
} from './webhook-store.js';

/** Bounds of an endpoint (stated in the errors). */
export const WEBHOOK_LIMITS = { urlChars: 2000, secretMin: 16, secretMax: 256, endpoints: 100 } as const;

/** What is wrong with an endpoint being added, in both languages (a 422 or a CLI error). */
export class WebhookInputError extends Error {
  constructor(readonly text: Text) {
    super(text.en);
    this.name = 'WebhookInputError';
  }
}

export interface WebhookInput {
  readonly url: string;
  readonly secret: string;
  readonly events: readonly string[];
  readonly tournament?: string | null | undefined;
  readonly format?: string | undefined;
  readonly lineTo?: string | null | undefined;
  readonly lang?: string | undefined;
  readonly staff?: boolean | undefined;
  readonly allowPrivate?: boolean | undefined;
}

const fail = (en: string, ja: string): never => {
  throw new WebhookInputError({ en, ja });
};

/** Checks an endpoint and stores it with its cursors at the log's current end; answers it without its secret. */
export async function addWebhook(
  store: WebhookStore,
  events: EventStore,
  input: WebhookInput,
  by: string,
  at: Date,
  newId: () => string,
): Promise<WebhookView> {
  const allowPrivate = input.allowPrivate === true;
  const staff = input.staff === true;
  if (input.url.length > WEBHOOK_LIMITS.urlChars)
    fail(
      `url: at most ${WEBHOOK_LIMITS.urlChars} characters`,
      `url: ${WEBHOOK_LIMITS.urlChars} 文字以内にしてください`,
    );
  const problem = urlProblem(input.url, allowPrivate);
  if (problem) throw new WebhookInputError(problem);
  if (input.secret.length < WEBHOOK_LIMITS.secretMin || input.secret.length > WEBHOOK_LIMITS.secretMax)
    fail(
      `secret: ${WEBHOOK_LIMITS.secretMin} to ${WEBHOOK_LIMITS.secretMax} characters (got ${input.secret.length})`,
      `secret: ${WEBHOOK_LIMITS.secretMin}〜${WEBHOOK_LIMITS.secretMax} 文字にしてください (${input.secret.length} 文字)`,
    );
  const names = [...new Set(input.events.map((e) => e.trim()).filter((e) => e !== ''))];
  if (names.length === 0)
    fail(
      `events: name at least one of ${WEBHOOK_EVENTS.join(', ')}`,
      `events: ${WEBHOOK_EVENTS.join(', ')} から1つ以上指定してください`,
    );
  const unknown = names.filter((n) => !isWebhookEvent(n));
  if (unknown.length > 0)
    fail(
      `events: unknown ${unknown.join(', ')} (known: ${WEBHOOK_EVENTS.join(', ')})`,
      `events: ${unknown.join(', ')} は知らないイベントです (使えるもの: ${WEBHOOK_EVENTS.join(', ')})`,
    );
  const wanted = names as WebhookEvent[];
  const staffOnly = wanted.filter((n) => STAFF_WEBHOOK_EVENTS.has(n));
  if (staffOnly.length > 0 && !staff)
    fail(
      `events: ${staffOnly.join(', ')} is for staff endpoints only (mark the endpoint staff)`,
      `events: ${staffOnly.join(', ')} はスタッフ用の送信先だけが受け取れます (staff を指定してください)`,
    );
  const format = (input.format ?? 'json') as WebhookFormat;
  if (!WEBHOOK_FORMATS.includes(format))
    fail(
      `format: one of ${WEBHOOK_FORMATS.join(', ')} (got ${input.format})`,
      `format: ${WEBHOOK_FORMATS.join(', ')} のいずれかにしてください (指定: ${input.format})`,
    );
  const lineTo = input.lineTo ?? null;
  if (format === 'line') {
    const path = new URL(input.url).pathname;
    if (path.endsWith('/message/push') && lineTo === null)
      fail(
        'lineTo: a LINE push needs the user, group or room to send to (--line-to)',
        'lineTo: LINE のプッシュには送り先のユーザー・グループ・トークルームの ID が必要です (--line-to)',
      );
    if (!path.endsWith('/message/push') && !path.endsWith('/message/broadcast'))
      fail(
        'url: a LINE endpoint is the Messaging API push or broadcast URL (…/v2/bot/message/push or …/broadcast)',
        'url: LINE の送信先は Messaging API のプッシュかブロードキャストの URL にしてください (…/v2/bot/message/push か …/broadcast)',
      );
  } else if (lineTo !== null) fail('lineTo: only for the line format', 'lineTo: line 形式のときだけ指定できます');
  if (lineTo !== null && !/^[A-Za-z0-9]{1,100}$/.test(lineTo))
    fail(
      'lineTo: a LINE user, group or room ID (letters and digits)',
      'lineTo: LINE のユーザー・グループ・トークルーム ID（英数字）にしてください',
    );
  const lang = input.lang ?? 'ja';
  if (lang !== 'ja' && lang !== 'en')
    fail(`lang: ja or en (got ${lang})`, `lang: ja か en にしてください (指定: ${lang})`);
  const tournament = input.tournament ?? null;
  const versions = await events.streamVersions();
  if (tournament !== null && !versions.some((v) => v.id === tournament))
    fail(`tournament: no tournament ${tournament}`, `tournament: 大会 ${tournament} はありません`);
  if ((await store.list()).length >= WEBHOOK_LIMITS.endpoints)
    fail(
      `at most ${WEBHOOK_LIMITS.endpoints} endpoints: remove one first`,
      `送信先は ${WEBHOOK_LIMITS.endpoints} 件までです。先に1つ削除してください`,
    );
  const webhook: Webhook = {
    id: newId(),
    tournament,
    url: input.url,
    secret: input.secret,
    events: wanted,
    format,
    lineTo,
    lang: lang === 'en' ? 'en' : 'ja',
    staff,
    allowPrivate,
    createdAt: at.toISOString(),
    createdBy: by,
  };
  const cursors = tournament === null ? versions : versions.filter((v) => v.id === tournament);
  await store.add(webhook, cursors);
  return withoutSecret(webhook);
}
