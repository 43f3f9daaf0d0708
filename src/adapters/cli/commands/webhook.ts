import type { Command } from 'commander';
import type { EventStore } from '../../../app/event-store.js';
import type { Lang } from '../../../core/text.js';
import { StoreOpenError } from '../../store/store-open-error.js';
import { addWebhook, WebhookInputError } from '../../webhooks/webhook-admin.js';
import { openWebhookStore, withoutSecret, type WebhookStore } from '../../webhooks/webhook-store.js';
import { CliError } from '../cli-error.js';
import { openStore, storeConfig } from '../db-options.js';
import { pickLang } from '../lang.js';
import { webhookMessages as M } from '../messages/webhook.js';
import { printJson, renderTable, type Io } from '../output.js';

interface Common {
  readonly db?: string;
  readonly json?: boolean;
  readonly lang?: string;
}

interface AddOptions extends Common {
  readonly url: string;
  readonly secret: string;
  readonly events: string;
  readonly tournament?: string;
  readonly format?: string;
  readonly messageLang?: string;
  readonly lineTo?: string;
  readonly staff?: boolean;
  readonly allowPrivate?: boolean;
}

/** Opens the webhook tables of the database (an SQLite file must exist: a mistyped --db creates nothing). */
async function withWebhooks<T>(
  options: Common,
  work: (store: WebhookStore, lang: Lang, events: EventStore) => Promise<T>,
): Promise<T> {
  const lang = pickLang(options.lang);
  const config = storeConfig(options.db, lang);
  // Opening the event store first refuses a missing file, and migrates the log beside the webhooks.
  const events = await openStore(config, lang, false);
  let store: WebhookStore;
  try {
    store = await openWebhookStore(config);
  } catch (error) {
    await events.close();
    if (error instanceof StoreOpenError) throw new CliError(error.text[lang]);
    throw error;
  }
  try {
    return await work(store, lang, events);
  } finally {
    await store.close();
    await events.close();
  }
}

async function add(options: AddOptions, io: Io): Promise<void> {
  await withWebhooks(options, async (store, lang, events) => {
    try {
      const webhook = await addWebhook(
        store,
        events,
        {
          url: options.url,
          secret: options.secret,
          events: options.events.split(','),
          tournament: options.tournament ?? null,
          format: options.format,
          lineTo: options.lineTo,
          lang: options.messageLang,
          staff: options.staff,
          allowPrivate: options.allowPrivate,
        },
        `cli:${process.env.USER ?? 'unknown'}`,
        new Date(),
        () => crypto.randomUUID(),
      );
      if (options.json) return printJson(io, { webhook });
      io.stdout.write(M.say(lang, 'added', { id: webhook.id, url: webhook.url, events: webhook.events.join(', ') }));
    } catch (error) {
      if (error instanceof WebhookInputError) throw new CliError(error.text[lang]);
      throw error;
    }
  });
}

async function list(options: Common, io: Io): Promise<void> {
  await withWebhooks(options, async (store, lang) => {
    const webhooks = (await store.list()).map(withoutSecret);
    if (options.json) return printJson(io, { webhooks });
    if (webhooks.length === 0) return void io.stdout.write(M.say(lang, 'none'));
    io.stdout.write(
      renderTable(
        [
          { header: M.say(lang, 'col-id'), value: (w) => w.id },
          { header: M.say(lang, 'col-tournament'), value: (w) => w.tournament ?? M.say(lang, 'every-tournament') },
          { header: M.say(lang, 'col-url'), value: (w) => w.url },
          { header: M.say(lang, 'col-events'), value: (w) => w.events.join(',') },
          { header: M.say(lang, 'col-format'), value: (w) => (w.staff ? `${w.format} (staff)` : w.format) },
        ],
        webhooks,
      ),
    );
  });
}

async function remove(options: Common & { readonly id: string }, io: Io): Promise<void> {
  await withWebhooks(options, async (store, lang) => {
    if (!(await store.remove(options.id, new Date().toISOString())))
      throw new CliError(M.say(lang, 'no-such-webhook', { id: options.id }));
    if (options.json) return printJson(io, { removed: options.id });
    io.stdout.write(M.say(lang, 'removed', { id: options.id }));
  });
}

async function deliveries(options: Common & { readonly id: string; readonly limit?: string }, io: Io): Promise<void> {
  await withWebhooks(options, async (store, lang) => {
    if (!(await store.get(options.id))) throw new CliError(M.say(lang, 'no-such-webhook', { id: options.id }));
    const rows = await store.deliveries(options.id, 100);
    if (options.json) return printJson(io, { deliveries: rows.map(({ payload: _payload, ...rest }) => rest) });
    io.stdout.write(
      renderTable(
        [
          { header: M.say(lang, 'col-tournament'), value: (d) => `${d.tournament} #${d.seq}` },
          { header: M.say(lang, 'col-events'), value: (d) => d.event },
          { header: M.say(lang, 'col-status'), value: (d) => d.status },
          { header: M.say(lang, 'col-attempts'), value: (d) => String(d.attempts), align: 'right' },
          {
            header: M.say(lang, 'col-last'),
            value: (d) => d.lastError ?? (d.lastCode === null ? '' : String(d.lastCode)),
          },
        ],
        rows,
      ),
    );
  });
}

const db = (command: Command): Command =>
  command
    .option(
      '--db <file>',
      'database: an SQLite file or a postgres:// URL (default DATABASE_URL, SHINPAN_DB, then ./shinpan.db) / データベースファイル',
    )
    .option('--json', 'print JSON for scripts / スクリプト向けに JSON で出力')
    .option('--lang <lang>', 'ja or en (default SHINPAN_LANG or the locale) / 表示言語');

export function registerWebhookCommands(program: Command, io: Io): void {
  const webhook = program
    .command('webhook')
    .description('signed webhooks sent by the running server (docs/webhooks.md) / Webhook（起動中のサーバーが送信）');
  db(
    webhook
      .command('add')
      .description('add an endpoint / 送信先を追加')
      .requiredOption(
        '--url <url>',
        'https:// address (http:// and private addresses need --allow-private) / 送信先 URL',
      )
      .requiredOption('--secret <secret>', 'signs every delivery (16–256 characters) / 署名用の秘密（16〜256文字）')
      .requiredOption(
        '--events <list>',
        'comma-separated: round.published,result.recorded,… / イベント（カンマ区切り）',
      )
      .option('--tournament <id>', 'one tournament (default: every tournament) / 大会ID（省略時は全大会）')
      .option('--format <format>', 'json, discord or line (default json) / 形式')
      .option('--line-to <id>', 'LINE push: the user, group or room ID to send to / LINE プッシュの送り先 ID')
      .option('--message-lang <lang>', 'ja or en: the language of Discord and LINE messages (default ja) / 投稿の言語')
      .option('--staff', 'staff endpoint: may receive call.opened / スタッフ用（call.opened を受け取れる）')
      .option('--allow-private', 'allow http:// and this machine or private networks / プライベートアドレスを許可'),
  ).action((options: AddOptions) => add(options, io));
  db(
    webhook.command('list').description('the endpoints (never their secrets) / 送信先の一覧（秘密は表示しない）'),
  ).action((options: Common) => list(options, io));
  db(
    webhook
      .command('remove')
      .description('remove an endpoint; what it has not received is not sent / 送信先を削除')
      .requiredOption('--id <id>', 'endpoint id (webhook list) / 送信先 ID'),
  ).action((options: Common & { id: string }) => remove(options, io));
  db(
    webhook
      .command('deliveries')
      .description("an endpoint's newest deliveries and failures / 送信先の配信と失敗")
      .requiredOption('--id <id>', 'endpoint id (webhook list) / 送信先 ID'),
  ).action((options: Common & { id: string }) => deliveries(options, io));
}
