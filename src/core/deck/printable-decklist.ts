import type { Lang } from '../text.js';
import { cardName, type Card, type CardCategory, type Catalogue } from './catalogue.js';
import type { Deck } from './deck.js';
import { countInOrder } from './text-decklist-format.js';

export interface SheetDetails {
  readonly player?: string;
  readonly playerId?: string;
  readonly event?: string;
  readonly date?: string;
}

const WORDS = {
  ja: {
    title: 'デッキリスト（登録用）',
    event: '大会名',
    date: '日付',
    player: '氏名',
    playerId: 'プレイヤーID',
    main: 'メインデッキ',
    extra: 'エクストラデッキ',
    side: 'サイドデッキ',
    monster: 'モンスターカード',
    spell: '魔法カード',
    trap: '罠カード',
    other: '種類不明のカード',
    none: '（なし）',
    cards: (n: number) => `${n}枚`,
    unknown: (p: number) => `不明なカード（${p}）`,
    sign: '署名',
  },
  en: {
    title: 'Decklist (registration)',
    event: 'Event',
    date: 'Date',
    player: 'Name',
    playerId: 'Player ID',
    main: 'Main Deck',
    extra: 'Extra Deck',
    side: 'Side Deck',
    monster: 'Monster cards',
    spell: 'Spell cards',
    trap: 'Trap cards',
    other: 'Cards of unknown type',
    none: '(none)',
    cards: (n: number) => (n === 1 ? '1 card' : `${n} cards`),
    unknown: (p: number) => `unknown card (${p})`,
    sign: 'Signature',
  },
} as const;

/** A card on the sheet: its (canonical) passcode, copies, and the card when the catalogue knows it. */
export interface SheetLine {
  readonly passcode: number;
  readonly count: number;
  readonly card: Card | undefined;
}

export type SheetGroup = CardCategory | 'other';

/**
 * What the registration sheet lists, whatever it is printed on (text here, the console's A4
 * page through the HTTP API): the main deck split into monster / spell / trap cards (cards of
 * unknown type last, only when there are some), the extra and side decks, each with its total.
 * Alternate artworks count under their card.
 */
export interface DecklistSheet {
  readonly main: {
    readonly total: number;
    readonly groups: readonly {
      readonly group: SheetGroup;
      readonly total: number;
      readonly cards: readonly SheetLine[];
    }[];
  };
  readonly extra: { readonly total: number; readonly cards: readonly SheetLine[] };
  readonly side: { readonly total: number; readonly cards: readonly SheetLine[] };
}

export function decklistSheet(deck: Deck, catalogue: Catalogue): DecklistSheet {
  const line = ([passcode, count]: [number, number]): SheetLine => ({
    passcode,
    count,
    card: catalogue.byPasscode.get(passcode),
  });
  const groups: Record<SheetGroup, SheetLine[]> = { monster: [], spell: [], trap: [], other: [] };
  for (const entry of countInOrder(canonical(deck.main, catalogue))) {
    const l = line(entry);
    groups[l.card?.category ?? 'other'].push(l);
  }
  const total = (cards: readonly SheetLine[]) => cards.reduce((sum, c) => sum + c.count, 0);
  const zone = (cards: readonly number[]) => {
    const lines = [...countInOrder(canonical(cards, catalogue))].map(line);
    return { total: total(lines), cards: lines };
  };
  return {
    main: {
      total: deck.main.length,
      groups: (['monster', 'spell', 'trap', 'other'] as const)
        .filter((group) => group !== 'other' || groups.other.length > 0)
        .map((group) => ({ group, total: total(groups[group]), cards: groups[group] })),
    },
    extra: zone(deck.extra),
    side: zone(deck.side),
  };
}

/**
 * The registration sheet as plain text to print: event, date, player, then the sheet's zones
 * and groups with counts and totals. Blank fields are lines to fill in by hand.
 */
export function printableDecklist(deck: Deck, catalogue: Catalogue, lang: Lang, details: SheetDetails = {}): string {
  const w = WORDS[lang];
  const blank = '______________________';
  const sheet = decklistSheet(deck, catalogue);
  const out = [
    w.title,
    '',
    `${w.event}: ${details.event ?? blank}`,
    `${w.date}: ${details.date ?? blank}`,
    `${w.player}: ${details.player ?? blank}`,
    `${w.playerId}: ${details.playerId ?? blank}`,
    '',
    `${w.main} (${w.cards(sheet.main.total)})`,
  ];
  for (const { group, total, cards } of sheet.main.groups) {
    out.push(`  ${w[group]} (${w.cards(total)})`);
    out.push(...lines(cards, lang, '    '));
  }
  for (const zone of ['extra', 'side'] as const) {
    out.push('', `${w[zone]} (${w.cards(sheet[zone].total)})`);
    out.push(...lines(sheet[zone].cards, lang, '  '));
  }
  out.push('', `${w.sign}: ${blank}`, '');
  return out.join('\n');
}

function canonical(passcodes: readonly number[], catalogue: Catalogue): number[] {
  return passcodes.map((p) => catalogue.byPasscode.get(p)?.passcode ?? p);
}

function lines(entries: readonly SheetLine[], lang: Lang, indent: string): string[] {
  if (entries.length === 0) return [`${indent}${WORDS[lang].none}`];
  return entries.map(
    ({ passcode, count, card }) =>
      `${indent}${String(count).padStart(2)}  ${card ? cardName(card, lang) : WORDS[lang].unknown(passcode)}`,
  );
}
