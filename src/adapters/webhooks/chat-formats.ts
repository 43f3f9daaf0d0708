import type { WebhookEvent } from '../../app/webhooks/webhook-events.js';
import type { PairingsView, TableView } from '../../app/projections/pairings-view.js';
import type { StandingsRow } from '../../core/tournament/standings/standings.js';
import type { Lang } from '../../core/text.js';
import { chatMessages as M } from './chat-messages.js';

/*
 * The same deliveries as chat posts: a Discord webhook message with one embed (the round, its
 * tables, the standings' top), and a LINE Messaging API text (a short line and the link to the
 * public page). Both are made from the delivery's public payload only, and kept within each
 * API's documented bounds.
 */

/** Discord's bounds for a webhook message's embed (its documented limits). */
const DISCORD = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, total: 6000 } as const;
/** LINE's bound for one text message. */
const LINE_TEXT = 5000;
/** How many standings rows a chat post shows. */
export const CHAT_STANDINGS_TOP = 8;
/** Tables a Discord embed lists as fields (one field is kept for "and N more"). */
const DISCORD_TABLES = DISCORD.fields - 1;

const cut = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

interface Payload {
  readonly tournament: { readonly id: string; readonly name: string };
  readonly at: string;
  readonly round?: number;
  readonly table?: number;
  readonly pairings?: PairingsView | null;
  readonly match?: TableView | null;
  readonly afterRound?: number;
  readonly standings?: readonly StandingsRow[];
  readonly rounds?: number;
  readonly players?: number;
  readonly text?: { readonly ja?: string; readonly en?: string };
  readonly cap?: number;
  readonly closesAt?: string;
  readonly player?: { readonly id: string; readonly name: string };
}

/** The public page a delivery is about, under the server's public URL (none without one). */
export function pageLink(base: string | null, event: WebhookEvent | 'ping', p: Payload | null): string | null {
  if (base === null || p === null) return null;
  const root = `${base.replace(/\/+$/, '')}/t/${encodeURIComponent(p.tournament.id)}`;
  switch (event) {
    case 'round.published':
    case 'round.ended':
    case 'result.recorded':
      return p.round === undefined ? root : `${root}/rounds/${p.round}`;
    case 'standings.updated':
    case 'tournament.finished':
      return `${root}/standings`;
    case 'entry.opened':
    case 'entry.moved-up':
      return `${root}/entry`;
    default:
      return root;
  }
}

const names = (table: TableView): string[] => table.players.map((s) => s.name);

function outcome(lang: Lang, table: TableView): string {
  const o = table.outcome;
  switch (o.kind) {
    case 'win': {
      const winner = table.players.find((s) => s.id === o.winner);
      const loser = table.players.find((s) => s.id !== o.winner);
      const score = `${winner?.duelWins ?? 0}-${loser?.duelWins ?? 0}`;
      return M.say(lang, 'won-by', { winner: winner?.name ?? o.winner, score });
    }
    case 'bye':
      return M.say(lang, 'bye');
    default:
      return M.say(lang, o.kind);
  }
}

const pairingLine = (lang: Lang, table: TableView): string => {
  const [a, b] = names(table);
  return b === undefined ? `${a ?? ''} — ${M.say(lang, 'bye')}` : M.say(lang, 'versus', { a: a ?? '', b });
};

const standingLines = (lang: Lang, rows: readonly StandingsRow[]): string[] =>
  rows.slice(0, CHAT_STANDINGS_TOP).map((r) =>
    M.say(lang, 'standing-row', {
      rank: r.rank ?? '—',
      name: r.name,
      points: r.points,
      record: `${r.wins}-${r.losses}-${r.draws}`,
    }),
  );

/** The title of a post: what happened, in which tournament. */
function title(lang: Lang, event: WebhookEvent | 'ping', p: Payload | null): string {
  if (event === 'ping' || p === null) return M.say(lang, 'ping');
  const name = p.tournament.name;
  switch (event) {
    case 'round.published':
    case 'round.ended':
      return M.say(lang, event, { name, round: p.round ?? '' });
    case 'result.recorded':
    case 'call.opened':
      return M.say(lang, event, { name, round: p.round ?? '', table: p.table ?? '' });
    case 'standings.updated':
      return M.say(lang, event, { name, round: p.afterRound ?? '' });
    case 'tournament.finished':
      return M.say(lang, event, { name, rounds: p.rounds ?? 0, players: p.players ?? 0 });
    case 'announcement.posted':
      return M.say(lang, event, { name });
    case 'entry.opened':
      return M.say(lang, event, { name, cap: p.cap ?? 0, closes: p.closesAt ?? '' });
    case 'entry.moved-up':
      return M.say(lang, event, { name, player: p.player ? `${p.player.name} (${p.player.id})` : '' });
    default: {
      const _exhaustive: never = event;
      return String(_exhaustive);
    }
  }
}

/** The body of a post (below its title): the result, the notice, the top of the standings. */
function detail(lang: Lang, event: WebhookEvent | 'ping', p: Payload | null): string {
  if (p === null) return '';
  if (event === 'result.recorded' && p.match) return `${pairingLine(lang, p.match)}: ${outcome(lang, p.match)}`;
  if (event === 'announcement.posted') return p.text?.[lang] ?? p.text?.ja ?? p.text?.en ?? '';
  if (event === 'standings.updated') return standingLines(lang, p.standings ?? []).join('\n');
  return '';
}

export interface DiscordMessage {
  readonly username: string;
  readonly allowed_mentions: { readonly parse: readonly never[] };
  readonly embeds: readonly {
    readonly title: string;
    readonly url?: string;
    readonly description?: string;
    readonly color: number;
    readonly fields?: readonly { readonly name: string; readonly value: string; readonly inline: boolean }[];
    readonly timestamp?: string;
    readonly footer: { readonly text: string };
  }[];
}

/** A Discord webhook message: one embed; mentions off, so no name in a payload can ping a channel. */
export function discordMessage(
  lang: Lang,
  event: WebhookEvent | 'ping',
  p: Payload | null,
  link: string | null,
): DiscordMessage {
  const tables = event === 'round.published' ? (p?.pairings?.tables ?? []) : [];
  const shown = tables.slice(0, DISCORD_TABLES);
  const fields = shown.map((table) => ({
    name: cut(
      table.table === null ? M.say(lang, 'bye') : M.say(lang, 'table', { table: table.table }),
      DISCORD.fieldName,
    ),
    value: cut(pairingLine(lang, table), DISCORD.fieldValue),
    inline: true,
  }));
  if (tables.length > shown.length)
    fields.push({
      name: '…',
      value: M.say(lang, 'more-tables', { count: tables.length - shown.length }),
      inline: false,
    });
  const head = cut(title(lang, event, p), DISCORD.title);
  // The embed's text stays within Discord's total: the description gives way first.
  const used = head.length + fields.reduce((n, f) => n + f.name.length + f.value.length, 0) + 'shinpan'.length;
  const description = cut(detail(lang, event, p), Math.min(DISCORD.description, Math.max(0, DISCORD.total - used)));
  return {
    username: 'shinpan',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: head,
        ...(link === null ? {} : { url: link }),
        ...(description === '' ? {} : { description }),
        color: 0x2f6fb2,
        ...(fields.length === 0 ? {} : { fields }),
        ...(p === null ? {} : { timestamp: p.at }),
        footer: { text: 'shinpan' },
      },
    ],
  };
}

/** A LINE text message: the title, a short detail (the standings' top three) and the link. */
export function lineText(lang: Lang, event: WebhookEvent | 'ping', p: Payload | null, link: string | null): string {
  const short =
    event === 'standings.updated'
      ? standingLines(lang, (p?.standings ?? []).slice(0, 3)).join('\n')
      : detail(lang, event, p);
  return cut(
    [title(lang, event, p), short, link === null ? '' : M.say(lang, 'link', { url: link })].filter(Boolean).join('\n'),
    LINE_TEXT,
  );
}

export type { Payload as ChatPayload };
