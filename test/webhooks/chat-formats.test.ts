import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableView } from '../../src/app/projections/pairings-view.js';
import { chatMessages } from '../../src/adapters/webhooks/chat-messages.js';
import { discordMessage, type DiscordMessage } from '../../src/adapters/webhooks/chat-formats.js';
import { staffOf, tournamentWithPlayers } from '../http/support/staff.js';
import { startTestServer } from '../http/support/test-server.js';
import { eventually } from './receiver.js';

/*
 * Local stand-ins for Discord's "execute webhook" and LINE's push and broadcast APIs: each
 * checks a request the way its API documents it (method, path, headers, body shape and
 * bounds) and answers as it does. Nothing leaves the machine.
 */

interface Seen {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: any;
  readonly problems: string[];
}

/** Discord's documented bounds for a webhook message. */
function discordProblems(m: DiscordMessage): string[] {
  const problems: string[] = [];
  if (!Array.isArray(m.embeds) || m.embeds.length < 1 || m.embeds.length > 10) problems.push('embeds: 1 to 10');
  let total = 0;
  for (const e of m.embeds ?? []) {
    if (typeof e.title !== 'string' || e.title.length > 256) problems.push('embed.title ≤ 256');
    if ((e.description?.length ?? 0) > 4096) problems.push('embed.description ≤ 4096');
    if ((e.fields?.length ?? 0) > 25) problems.push('embed.fields ≤ 25');
    for (const f of e.fields ?? []) {
      if (f.name.length < 1 || f.name.length > 256) problems.push('field.name 1–256');
      if (f.value.length < 1 || f.value.length > 1024) problems.push('field.value 1–1024');
      total += f.name.length + f.value.length;
    }
    if (e.footer.text.length > 2048) problems.push('footer.text ≤ 2048');
    total += e.title.length + (e.description?.length ?? 0) + e.footer.text.length;
    if (e.timestamp !== undefined && Number.isNaN(Date.parse(e.timestamp))) problems.push('timestamp ISO8601');
  }
  if (total > 6000) problems.push(`embeds' text ≤ 6000 (${total})`);
  if (m.username !== undefined && (m.username.length < 1 || m.username.length > 80)) problems.push('username 1–80');
  return problems;
}

class StandIn {
  readonly seen: Seen[] = [];
  readonly lineKeys = new Set<string>();
  /** LINE: answer 500 once after accepting a key on this path (the answer lost on the way). */
  loseNextAnswerOn: string | null = null;
  #server: Server | null = null;
  url = '';

  async up(): Promise<void> {
    this.#server = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (text += c));
      req.on('end', () => {
        const problems: string[] = [];
        let body: any = null;
        try {
          body = JSON.parse(text);
        } catch {
          problems.push('body is not JSON');
        }
        if (req.method !== 'POST') problems.push('method POST');
        if (!String(req.headers['content-type']).startsWith('application/json')) problems.push('content-type JSON');
        const path = req.url ?? '';
        if (path.startsWith('/api/webhooks/')) {
          if (!/^\/api\/webhooks\/\d+\/[\w-]+$/.test(path)) problems.push('path /api/webhooks/{id}/{token}');
          if (body) problems.push(...discordProblems(body));
          this.seen.push({ path, headers: req.headers, body, problems });
          res.statusCode = problems.length ? 400 : 204;
          return res.end();
        }
        // LINE Messaging API: Bearer channel access token, a retry key (a UUID), 1–5 messages of ≤ 5,000 characters.
        if (req.headers.authorization !== 'Bearer line-channel-access-token')
          problems.push('Authorization Bearer token');
        const key = String(req.headers['x-line-retry-key'] ?? '');
        if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key))
          problems.push('X-Line-Retry-Key UUID');
        const messages = body?.messages;
        if (!Array.isArray(messages) || messages.length < 1 || messages.length > 5) problems.push('messages: 1 to 5');
        for (const m of messages ?? [])
          if (m.type !== 'text' || typeof m.text !== 'string' || m.text.length < 1 || m.text.length > 5000)
            problems.push('text message ≤ 5000');
        if (path === '/v2/bot/message/push' && !(typeof body?.to === 'string' && body.to.length > 0))
          problems.push('push: to');
        if (path === '/v2/bot/message/broadcast' && body && 'to' in body) problems.push('broadcast: no to');
        if (path !== '/v2/bot/message/push' && path !== '/v2/bot/message/broadcast') problems.push(`path ${path}`);
        this.seen.push({ path, headers: req.headers, body, problems });
        res.setHeader('content-type', 'application/json');
        if (problems.length) {
          res.statusCode = 400;
          return res.end('{"message":"bad request"}');
        }
        // A retry of a key already accepted runs nothing and answers 409, as LINE documents.
        if (this.lineKeys.has(key)) {
          res.statusCode = 409;
          return res.end('{"message":"The retry key is already accepted"}');
        }
        this.lineKeys.add(key);
        if (this.loseNextAnswerOn === path) {
          this.loseNextAnswerOn = null;
          res.statusCode = 500;
          return res.end('{}');
        }
        res.statusCode = 200;
        res.end('{"sentMessages":[]}');
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
  }

  async down(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }
}

describe('Discord and LINE formats', () => {
  const standIn = new StandIn();
  afterAll(() => standIn.down());

  it('posts rounds, results and standings in each API’s documented shape, ja and en', async () => {
    await standIn.up();
    const server = await startTestServer(
      { kind: 'sqlite' },
      { webhookTiming: { schedule: { delayMs: () => 20, giveUpAfterMs: 86_400_000 }, sweepMs: 250 } },
    );
    try {
      const staff = await staffOf(server);
      await tournamentWithPlayers(staff, 'chat');
      const add = async (body: Record<string, unknown>) => {
        const added = await staff.organizer.post('/api/webhooks', {
          secret: 'line-channel-access-token',
          events: ['round.published', 'result.recorded', 'standings.updated'],
          tournament: 'chat',
          allowPrivate: true,
          ...body,
        });
        expect(added.status, JSON.stringify(added.body)).toBe(201);
        return added.body.webhook.id as string;
      };
      // A push without its recipient is refused, naming the field.
      const noTo = await staff.organizer.post('/api/webhooks', {
        url: `${standIn.url}/v2/bot/message/push`,
        secret: 'line-channel-access-token',
        events: ['round.published'],
        format: 'line',
        allowPrivate: true,
      });
      expect(noTo.status).toBe(422);
      expect(noTo.body.message).toMatch(/lineTo/);
      await add({ url: `${standIn.url}/api/webhooks/123456/discord-token`, format: 'discord', lang: 'ja' });
      await add({ url: `${standIn.url}/api/webhooks/654321/discord-token-en`, format: 'discord', lang: 'en' });
      await add({ url: `${standIn.url}/v2/bot/message/push`, format: 'line', lineTo: 'U0123456789abcdef', lang: 'ja' });
      const broadcast = await add({ url: `${standIn.url}/v2/bot/message/broadcast`, format: 'line', lang: 'en' });

      const base = '/api/tournaments/chat';
      expect((await staff.scorekeeper.post(`${base}/rounds`, { round: 1 })).status).toBe(201);
      const board = (await staff.scorekeeper.get(`${base}/rounds/1/pairings`)).body.tables as {
        table: number;
        players: { id: string }[];
      }[];
      standIn.loseNextAnswerOn = '/v2/bot/message/push';
      const t1 = board[0]!;
      expect(
        (
          await staff.scorekeeper.post(`${base}/rounds/1/tables/${t1.table}/result`, {
            duels: [t1.players[0]!.id, t1.players[0]!.id],
          })
        ).status,
      ).toBe(200);
      // Every endpoint gets both events (the LINE push's lost answer retried: 409, so delivered once).
      const hooks = (await staff.organizer.get('/api/webhooks')).body.webhooks as {
        id: string;
        lineTo: string | null;
      }[];
      const all = await eventually(
        () =>
          Promise.all(
            hooks.map(async (h) => ({
              hook: h,
              deliveries: (await staff.organizer.get(`/api/webhooks/${h.id}/deliveries`)).body.deliveries as {
                status: string;
                lastCode: number;
              }[],
            })),
          ),
        (rows) => rows.every((r) => r.deliveries.length === 2 && r.deliveries.every((d) => d.status === 'delivered')),
      );
      expect(standIn.seen.flatMap((s) => s.problems)).toEqual([]);
      const discordJa = standIn.seen.filter((s) => s.path === '/api/webhooks/123456/discord-token').map((s) => s.body);
      expect(discordJa[0].embeds[0].title).toBe('【関東地区予選】第1回戦の組み合わせ');
      expect(discordJa[0].embeds[0].fields[0]).toMatchObject({ name: '1卓' });
      expect(discordJa[0].embeds[0].fields[0].value).toMatch(/ 対 /);
      expect(discordJa[0].allowed_mentions).toEqual({ parse: [] });
      expect(discordJa[1].embeds[0].title).toBe(`【関東地区予選】第1回戦 ${t1.table}卓の結果`);
      expect(discordJa[1].embeds[0].description).toMatch(/の勝ち（2-0）$/);
      const discordEn = standIn.seen
        .filter((s) => s.path === '/api/webhooks/654321/discord-token-en')
        .map((s) => s.body);
      expect(discordEn[0].embeds[0].title).toBe('関東地区予選: round 1 pairings');
      expect(discordEn[1].embeds[0].description).toMatch(/ wins \(2-0\)$/);
      const pushes = standIn.seen.filter((s) => s.path === '/v2/bot/message/push');
      expect(pushes[0]!.body).toEqual({
        to: 'U0123456789abcdef',
        messages: [{ type: 'text', text: '【関東地区予選】第1回戦の組み合わせ' }],
      });
      // The lost answer: the same retry key again, answered 409, and the delivery counted as delivered.
      const keys = pushes.map((s) => String(s.headers['x-line-retry-key']));
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(2);
      const repeated = keys.find((k, i) => keys.indexOf(k) !== i);
      expect(keys.lastIndexOf(repeated!) - keys.indexOf(repeated!)).toBe(1);
      const deliveries = all.find((r) => r.hook.lineTo !== null)!.deliveries;
      expect(deliveries.map((d) => d.lastCode).sort()).toEqual([200, 409]);
      const broadcasts = standIn.seen.filter((s) => s.path === '/v2/bot/message/broadcast');
      expect(broadcasts[0]!.body).toEqual({ messages: [{ type: 'text', text: '関東地区予選: round 1 pairings' }] });
      // The test button speaks the format too.
      const ping = await staff.organizer.post(`/api/webhooks/${broadcast}/test`, {});
      expect(ping.body).toEqual({ ok: true, code: 200, error: null });
    } finally {
      await server.close();
    }
  }, 120_000);

  it('keeps a round of 4,096 tables within Discord’s bounds', () => {
    const tables: TableView[] = Array.from({ length: 4096 }, (_, i) => ({
      table: i + 1,
      players: [
        { id: `a${i}`, name: `プレイヤー${'あ'.repeat(40)}${i}`, seatedAt: null, duelWins: 0, dropped: false },
        { id: `b${i}`, name: `Player ${'x'.repeat(40)}${i}`, seatedAt: null, duelWins: 0, dropped: false },
      ],
      outcome: { kind: 'pending' },
      duels: [],
      extensionMinutes: 0,
      needsResultAgain: false,
      noSideDeckBeforeFirstPlayedDuel: false,
      penalties: [],
    }));
    const payload = {
      tournament: { id: 'ycsj', name: 'Y'.repeat(300) },
      at: '2026-01-10T01:00:00.000Z',
      round: 3,
      pairings: { tables } as never,
    };
    const message = discordMessage('en', 'round.published', payload, 'https://cup.example.jp/t/ycsj/rounds/3');
    expect(discordProblems(message)).toEqual([]);
    expect(message.embeds[0]!.fields!.at(-1)!.value).toBe('and 4,072 more tables'.replace('4,072', '4072'));
  });

  it('words every chat message in both languages', () => {
    for (const [id, make] of Object.entries(chatMessages.entries)) {
      const text = (make as (v: never) => { ja: string; en: string })({
        name: 'N',
        round: 1,
        table: 2,
        rounds: 3,
        players: 4,
        cap: 5,
        closes: 'C',
        count: 6,
        winner: 'W',
        score: '2-0',
        a: 'A',
        b: 'B',
        rank: 1,
        points: 3,
        record: '1-0-0',
        url: 'U',
      } as never);
      expect(text.ja, id).not.toBe('');
      expect(text.en, id).not.toBe('');
      expect(text.ja, id).not.toBe(text.en);
    }
  });
});
