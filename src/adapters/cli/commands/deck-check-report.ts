import { isAbsolute, relative } from 'node:path';
import { renderTable } from '../output.js';
import type { Banlist } from '../../../core/deck/banlist.js';
import type { Catalogue } from '../../../core/deck/catalogue.js';
import type { DeckDifference, ZoneSizeDifference } from '../../../core/deck/compare-decks.js';
import type { Deck } from '../../../core/deck/deck.js';
import { describeFinding, findingCardName, ZONE_NAMES } from '../../../core/deck/deck-texts.js';
import type { FormatError } from '../../../core/deck/format-error.js';
import type { DeckFinding } from '../../../core/deck/validate-deck.js';
import type { Lang, Text } from '../../../core/text.js';
import { deckCheckReportMessages as M } from '../messages/deck-check-report.js';

/** The check of one decklist: its findings and differences, or why it could not be read. */
export type DeckCheck =
  | {
      readonly file: string;
      readonly deck: Deck;
      readonly findings: readonly DeckFinding[];
      readonly differences: readonly DeckDifference[] | null;
      /** Zones whose size is not the list's, when the check compared the pool (after duel 1). */
      readonly sizes?: readonly ZoneSizeDifference[];
      /** The pack's infraction for a difference from the registered decklist (`settings.deckFindings`). */
      readonly mismatch: string;
    }
  | { readonly file: string; readonly errors: readonly FormatError[] };

export interface CheckContext {
  readonly catalogue: Catalogue;
  readonly cataloguePath: string;
  readonly shippedCatalogue: boolean;
  readonly skippedCards: number;
  readonly banlist: Banlist | null;
  /** Why the list may not be the one in force (gap in the history, starts after the date, none found). */
  readonly warnings: readonly Text[];
  readonly date: string;
  readonly registered: string | null;
  readonly ignored: number;
}

/** The --json form: one entry per decklist, findings with canonical passcodes (null for deck sizes). */
export function checkJson(checks: readonly DeckCheck[]): unknown[] {
  return checks.map((check) => {
    if ('errors' in check) return { file: check.file, ok: false, errors: check.errors };
    const findings: unknown[] = check.findings.map(findingJson);
    for (const d of check.differences ?? []) {
      findings.push({
        infraction: check.mismatch,
        passcode: d.passcode,
        zone: d.zone,
        count: d.presented,
        registered: d.registered,
      });
    }
    for (const z of check.sizes ?? []) {
      findings.push({
        infraction: check.mismatch,
        passcode: null,
        zone: z.zone,
        count: z.presented,
        registered: z.registered,
      });
    }
    return { file: check.file, ok: findings.length === 0, findings };
  });
}

/** One finding for --json. */
export function findingJson(f: DeckFinding): Record<string, unknown> {
  const row: Record<string, unknown> = {
    infraction: f.infraction,
    passcode: f.passcode,
    zone: f.zone,
    count: f.count,
    limit: f.limit,
    reason: f.reason,
  };
  if (f.copies) row.copies = f.copies;
  return row;
}

const WORDS = {
  en: {
    catalogue: 'Card database',
    shipped: 'shinpan OCG card database',
    cards: 'cards',
    skipped: (n: number) => `(${n} row${n === 1 ? '' : 's'} left out: see shinpan cards import)`,
    list: 'F/L list',
    noList: 'none (Forbidden/Limited counts were not checked)',
    note: 'NOTE',
    from: 'from',
    whitelist: 'whitelist',
    date: 'Tournament date',
    registered: 'Registered decklist',
    legal: 'legal',
    problems: (findings: number, differences: number) =>
      [
        findings > 0 ? `${findings} finding${findings === 1 ? '' : 's'}` : '',
        differences > 0 ? `${differences} difference${differences === 1 ? '' : 's'} from the registered decklist` : '',
      ]
        .filter(Boolean)
        .join(', '),
    unreadable: 'unreadable',
    sizes: (d: Deck) => `main ${d.main.length}, extra ${d.extra.length}, side ${d.side.length}`,
    mismatch: 'the deck differs from the registered decklist',
    zoneSize: (zone: string, registered: number, presented: number) =>
      `${zone}: ${presented} cards, the list has ${registered} (siding keeps each zone's size)`,
    head: {
      infraction: 'Infraction',
      card: 'Card',
      zone: 'Zone',
      count: 'Count',
      limit: 'Limit',
      detail: 'Detail',
      registered: 'Registered',
      presented: 'Presented',
    },
    summary: (n: number, legal: number, bad: number, broken: number) =>
      `Summary: ${n} decklist${n === 1 ? '' : 's'}, ${legal} legal, ${bad} with findings, ${broken} unreadable`,
    ignored: (n: number) =>
      n === 1
        ? '(1 other file in the folders was not a decklist and was skipped)'
        : `(${n} other files in the folders were not decklists and were skipped)`,
  },
  ja: {
    catalogue: 'カードデータベース',
    shipped: 'shinpan 同梱のOCGカードデータベース',
    cards: '枚',
    skipped: (n: number) => `（除外 ${n} 行: 詳細は shinpan cards import で）`,
    list: '禁止・制限リスト',
    noList: 'なし（禁止・制限の枚数は確認していません）',
    note: '注意',
    from: '適用開始',
    whitelist: '使用可能カードのリスト',
    date: '大会日',
    registered: '登録デッキリスト',
    legal: '問題なし',
    problems: (findings: number, differences: number) =>
      [findings > 0 ? `違反 ${findings} 件` : '', differences > 0 ? `登録デッキリストとの相違 ${differences} か所` : '']
        .filter(Boolean)
        .join('、'),
    unreadable: '読み込めません',
    sizes: (d: Deck) => `メイン${d.main.length}・エクストラ${d.extra.length}・サイド${d.side.length}`,
    mismatch: '登録デッキリストとデッキが異なります',
    zoneSize: (zone: string, registered: number, presented: number) =>
      `${zone}: ${presented}枚（リストは${registered}枚。サイドデッキとの交換で枚数は変わりません）`,
    head: {
      infraction: '違反',
      card: 'カード',
      zone: '区分',
      count: '枚数',
      limit: '上限',
      detail: '内容',
      registered: '登録',
      presented: '実際',
    },
    summary: (n: number, legal: number, bad: number, broken: number) =>
      `集計: デッキリスト ${n} 件、問題なし ${legal} 件、違反あり ${bad} 件、読み込めず ${broken} 件`,
    ignored: (n: number) => `（フォルダ内のデッキリスト以外のファイル ${n} 件は対象外）`,
  },
} as const;

/** The text form: what was checked against, then each decklist with an aligned table of findings. */
export function checkText(checks: readonly DeckCheck[], context: CheckContext, lang: Lang): string {
  const w = WORDS[lang];
  const out: string[] = [];
  const source = context.shippedCatalogue
    ? `${w.shipped} (${shortPath(context.cataloguePath)})`
    : context.cataloguePath;
  const skipped = context.skippedCards > 0 ? ` ${w.skipped(context.skippedCards)}` : '';
  out.push(`${w.catalogue}: ${source}, ${context.catalogue.cards.length.toLocaleString('en')} ${w.cards}${skipped}`);
  if (context.banlist) {
    const list = context.banlist;
    const extra = [list.date ? `${w.from} ${list.date}` : null, list.whitelist ? w.whitelist : null]
      .filter(Boolean)
      .join(', ');
    out.push(`${w.list}: ${list.name}${extra ? ` (${extra})` : ''}`);
  } else out.push(`${w.list}: ${w.noList}`);
  for (const warning of context.warnings) out.push(`${w.note}: ${warning[lang]}`);
  out.push(`${w.date}: ${context.date}`);
  if (context.registered) out.push(`${w.registered}: ${context.registered}`);
  let legal = 0;
  let bad = 0;
  let broken = 0;
  for (const check of checks) {
    out.push('');
    if ('errors' in check) {
      broken++;
      out.push(`${check.file}: ${w.unreadable}`);
      for (const e of check.errors.slice(0, 10))
        out.push(`  ${e.line === null ? '' : `${M.say(lang, 'line')} ${e.line}: `}${e.message[lang]}`);
      continue;
    }
    const sizes = check.sizes ?? [];
    const differences = (check.differences?.length ?? 0) + sizes.length;
    const problems = check.findings.length + differences;
    if (problems === 0) legal++;
    else bad++;
    out.push(
      `${check.file}: ${problems === 0 ? w.legal : w.problems(check.findings.length, differences)} (${w.sizes(check.deck)})`,
    );
    if (check.findings.length > 0) out.push(indent(findingsTable(check.findings, context, lang)));
    if (differences > 0) out.push(`  ${check.mismatch}: ${w.mismatch}`);
    if (check.differences && check.differences.length > 0)
      out.push(indent(differencesTable(check.differences, context.catalogue, lang)));
    for (const z of sizes) out.push(`  ${w.zoneSize(ZONE_NAMES[z.zone][lang], z.registered, z.presented)}`);
  }
  out.push('', w.summary(checks.length, legal, bad, broken));
  if (context.ignored > 0) out.push(w.ignored(context.ignored));
  return `${out.join('\n')}\n`;
}

function findingsTable(findings: readonly DeckFinding[], context: CheckContext, lang: Lang): string {
  const h = WORDS[lang].head;
  return renderTable<DeckFinding>(
    [
      { header: h.infraction, value: (f) => f.infraction },
      { header: h.card, value: (f) => findingCardName(f, context.catalogue, lang) },
      { header: h.zone, value: (f) => ZONE_NAMES[f.zone][lang] },
      { header: h.count, value: (f) => String(f.count), align: 'right' },
      { header: h.limit, value: (f) => String(f.limit), align: 'right' },
      { header: h.detail, value: (f) => describeFinding(f, context, lang) },
    ],
    findings,
  );
}

function differencesTable(differences: readonly DeckDifference[], catalogue: Catalogue, lang: Lang): string {
  const h = WORDS[lang].head;
  return renderTable<DeckDifference>(
    [
      { header: h.card, value: (d) => findingCardName(d, catalogue, lang) },
      { header: h.zone, value: (d) => ZONE_NAMES[d.zone][lang] },
      { header: h.registered, value: (d) => String(d.registered), align: 'right' },
      { header: h.presented, value: (d) => String(d.presented), align: 'right' },
    ],
    differences,
  );
}

/** A path below the working folder written relative to it, else as is. */
function shortPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
