import { createHash } from 'node:crypto';
import { sortByName } from '../../core/names/by-name.js';
import type { Lang, Text } from '../../core/text.js';
import { cutRoundName } from '../../core/tournament/cut-round-name.js';
import type { PairingsView, TableView } from '../projections/pairings-view.js';
import { zonedTime } from '../zoned-time.js';

/*
 * The papers of a round a scorekeeper prints at the desk: the pairings (by table, then every
 * player by name with table and opponent, for the wall) and the match slips (one per table,
 * a box per duel the format can have, and the players' signatures). Each as plain text for a
 * terminal or a text printer, or as one self-contained HTML page (no script, no outside file)
 * for a browser's print. The same round the console's print pages show.
 */

const L = {
  pairings: { ja: '組み合わせ', en: 'Pairings' },
  slips: { ja: '結果記入票', en: 'Match slips' },
  byTable: { ja: '卓順', en: 'By table' },
  byName: { ja: '名前順', en: 'By name' },
  table: { ja: '卓', en: 'Table' },
  player1: { ja: 'プレイヤー1', en: 'Player 1' },
  player2: { ja: 'プレイヤー2', en: 'Player 2' },
  player: { ja: 'プレイヤー', en: 'Player' },
  opponent: { ja: '対戦相手', en: 'Opponent' },
  bye: { ja: '不戦勝', en: 'Bye' },
  round: { ja: '第{n}回戦', en: 'Round {n}' },
  topCut: { ja: '決勝トーナメント', en: 'Top cut' },
  final: { ja: '決勝', en: 'Final' },
  semifinal: { ja: '準決勝', en: 'Semi-finals' },
  quarterfinal: { ja: '準々決勝', en: 'Quarter-finals' },
  seatTime: { ja: '着席時刻 {n}', en: 'Seat time {n}' },
  plannedSeatTime: { ja: '着席予定 {n}', en: 'Seat time (planned) {n}' },
  notStarted: { ja: '開始前', en: 'Not started' },
  minutes: { ja: '{n}分', en: '{n} min' },
  duel: { ja: '第{n}デュエル', en: 'Duel {n}' },
  signature: { ja: '署名', en: 'Signature' },
  slipNote: {
    ja: '各デュエルに勝・負・分を記入し、署名してスコアキーパーに提出してください。',
    en: 'Mark W, L or D for each duel, sign, and bring the slip to the scorekeeper.',
  },
} as const satisfies Record<string, Text>;

/** What a print says about the tournament it comes from. */
export interface PrintContext {
  readonly tournamentName: string;
  readonly timeZone: string | undefined;
  readonly lang: Lang;
}

/** One line of the by-name list. */
export interface ByNameLine {
  readonly id: string;
  readonly name: string;
  readonly reading?: string;
  readonly table: number | null;
  readonly opponent: { readonly id: string; readonly name: string } | null;
}

/** Every player of the round by reading (五十音), with table and opponent: the wall's list. */
export function pairingsByName(view: PairingsView): ByNameLine[] {
  const lines = view.tables.flatMap((table) =>
    table.players.map((p): ByNameLine => {
      const other = table.players.find((o) => o.id !== p.id);
      return {
        id: p.id,
        name: p.name,
        ...(p.reading === undefined ? {} : { reading: p.reading }),
        table: table.table,
        opponent: other ? { id: other.id, name: other.name } : null,
      };
    }),
  );
  return sortByName(lines, (line) => line);
}

const say = (text: Text, lang: Lang, n?: string | number): string =>
  n === undefined ? text[lang] : text[lang].replace('{n}', String(n));

/** The round's name as players say it: 第3回戦, or 準決勝 / 決勝 in the top cut, with the day's name from day two. */
export function roundTitle(view: PairingsView, lang: Lang): string {
  if (view.stage === 'top-cut') {
    const name = cutRoundName(view.tables.length);
    return name === null ? `${say(L.topCut, lang)} ${say(L.round, lang, view.round)}` : say(L[name], lang);
  }
  const round = say(L.round, lang, view.round);
  return view.phase === null ? round : `${view.phase} ${round}`;
}

/** The line under the title: the seat time in the tournament's zone, and the round's length. */
export function seatLine(view: PairingsView, c: PrintContext): string {
  const time = (iso: string) => zonedTime(iso, c.timeZone).slice(0, 16);
  const seat = view.started
    ? say(L.seatTime, c.lang, time(view.seatTime))
    : view.plannedSeatTime
      ? say(L.plannedSeatTime, c.lang, time(view.plannedSeatTime))
      : say(L.notStarted, c.lang);
  return `${seat} · ${say(L.minutes, c.lang, view.roundMinutes)}`;
}

const person = (p: { id: string; name: string } | undefined): string => (p ? `${p.name} (${p.id})` : '');

/** The pairings as rows of words, for the CLI's text table and the HTML page alike. */
export function pairingsLines(view: PairingsView, c: PrintContext) {
  const lang = c.lang;
  const byTable = view.tables.map((t) => ({
    table: t.table === null ? say(L.bye, lang) : String(t.table),
    first: person(t.players[0]),
    second: t.table === null ? say(L.bye, lang) : person(t.players[1]),
  }));
  const byName = pairingsByName(view).map((l) => ({
    player: person(l),
    table: l.table === null ? say(L.bye, lang) : String(l.table),
    opponent: l.opponent ? person(l.opponent) : '—',
  }));
  return {
    title: `${c.tournamentName} — ${roundTitle(view, lang)} ${say(L.pairings, lang)}`,
    seat: seatLine(view, c),
    headers: {
      byTable: say(L.byTable, lang),
      byName: say(L.byName, lang),
      table: say(L.table, lang),
      player1: say(L.player1, lang),
      player2: say(L.player2, lang),
      player: say(L.player, lang),
      opponent: say(L.opponent, lang),
    },
    byTable,
    byName,
  };
}

/** One slip per table with a match (byes need none). */
export function slipLines(view: PairingsView, c: PrintContext) {
  const lang = c.lang;
  const title = roundTitle(view, lang);
  return {
    duels: Array.from({ length: view.bestOf }, (_, i) => say(L.duel, lang, i + 1)),
    signature: say(L.signature, lang),
    note: say(L.slipNote, lang),
    player: say(L.player, lang),
    slips: view.tables
      .filter((t): t is TableView & { table: number } => t.table !== null)
      .map((t) => ({
        heading: `${c.tournamentName} — ${title} · ${say(L.table, lang)} ${t.table}`,
        players: t.players.map(person),
      })),
  };
}

const PRINT_STYLE = `
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic", sans-serif; font-size: 10.5pt; color: #000; background: #fff; overflow-wrap: anywhere; }
main { max-width: 190mm; margin: 0 auto; padding: 4mm; }
h1 { font-size: 15pt; margin: 0 0 1mm; }
h2 { font-size: 12pt; margin: 4mm 0 1mm; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 1mm 2mm; border: 1px solid #999; }
td.num, th.num { text-align: right; width: 14mm; }
.page-break { break-before: page; }
.slip { break-inside: avoid; border: 1px dashed #000; padding: 3mm; margin-bottom: 4mm; }
.slip td.box { height: 10mm; min-width: 16mm; }
.small { color: #444; font-size: 8.5pt; }
`;

/** Nothing may load or run from a printed page, only this one style block (by its hash). */
export const PRINT_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PRINT_STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'`;

const html = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const page = (lang: Lang, title: string, body: string): string =>
  `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${html(PRINT_CSP)}"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title><style>${PRINT_STYLE}</style></head><body><main>${body}</main></body></html>\n`;

const row = (cells: readonly string[], head = false): string =>
  `<tr>${cells.map((c, i) => (head ? `<th${i === 0 ? ' class="num"' : ''}>${html(c)}</th>` : `<td${i === 0 ? ' class="num"' : ''}>${html(c)}</td>`)).join('')}</tr>`;

/** The pairings as a printable page: by table, then (on a new sheet) by name. */
export function pairingsHtml(view: PairingsView, c: PrintContext): string {
  const p = pairingsLines(view, c);
  const h = p.headers;
  const byTable = `<table><thead>${row([h.table, h.player1, h.player2], true)}</thead><tbody>${p.byTable.map((r) => row([r.table, r.first, r.second])).join('')}</tbody></table>`;
  const byName = `<table><thead><tr><th>${html(h.player)}</th><th class="num">${html(h.table)}</th><th>${html(h.opponent)}</th></tr></thead><tbody>${p.byName
    .map((r) => `<tr><td>${html(r.player)}</td><td class="num">${html(r.table)}</td><td>${html(r.opponent)}</td></tr>`)
    .join('')}</tbody></table>`;
  return page(
    c.lang,
    p.title,
    `<h1>${html(p.title)}</h1><p>${html(p.seat)}</p><h2>${html(h.byTable)}</h2>${byTable}<h2 class="page-break">${html(h.byName)}</h2>${byName}`,
  );
}

/** The match slips as a printable page, as many to a sheet as fit. */
export function slipsHtml(view: PairingsView, c: PrintContext): string {
  const s = slipLines(view, c);
  const head = `<tr><th>${html(s.player)}</th>${s.duels.map((d) => `<th>${html(d)}</th>`).join('')}<th>${html(s.signature)}</th></tr>`;
  const boxes = `${s.duels.map(() => '<td class="box"></td>').join('')}<td class="box"></td>`;
  const slips = s.slips
    .map(
      (slip) =>
        `<section class="slip"><h2>${html(slip.heading)}</h2><table><thead>${head}</thead><tbody>${slip.players
          .map((p) => `<tr><th>${html(p)}</th>${boxes}</tr>`)
          .join('')}</tbody></table><p class="small">${html(s.note)}</p></section>`,
    )
    .join('');
  const title = `${c.tournamentName} — ${roundTitle(view, c.lang)} ${say(L.slips, c.lang)}`;
  return page(c.lang, title, `<h1>${html(title)}</h1>${slips}`);
}
