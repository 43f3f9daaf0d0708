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

/**
 * The registration sheet as plain text to print: event, date, player, then the main deck split
 * into monster / spell / trap cards, the extra deck and the side deck, with counts and totals.
 * Blank fields are lines to fill in by hand. Alternate artworks are listed under their card.
 */
export function printableDecklist(deck: Deck, catalogue: Catalogue, lang: Lang, details: SheetDetails = {}): string {
  const w = WORDS[lang];
  const blank = '______________________';
  const out = [
    w.title,
    '',
    `${w.event}: ${details.event ?? blank}`,
    `${w.date}: ${details.date ?? blank}`,
    `${w.player}: ${details.player ?? blank}`,
    `${w.playerId}: ${details.playerId ?? blank}`,
    '',
    `${w.main} (${w.cards(deck.main.length)})`,
  ];
  const groups: Record<CardCategory | 'other', [number, number][]> = { monster: [], spell: [], trap: [], other: [] };
  for (const entry of countInOrder(canonical(deck.main, catalogue)))
    groups[catalogue.byPasscode.get(entry[0])?.category ?? 'other'].push(entry);
  for (const group of ['monster', 'spell', 'trap', 'other'] as const) {
    const entries = groups[group];
    if (entries.length === 0 && group === 'other') continue;
    out.push(`  ${w[group]} (${w.cards(entries.reduce((sum, [, n]) => sum + n, 0))})`);
    out.push(...lines(entries, catalogue, lang, '    '));
  }
  for (const zone of ['extra', 'side'] as const) {
    out.push('', `${w[zone]} (${w.cards(deck[zone].length)})`);
    out.push(...lines([...countInOrder(canonical(deck[zone], catalogue))], catalogue, lang, '  '));
  }
  out.push('', `${w.sign}: ${blank}`, '');
  return out.join('\n');
}

function canonical(passcodes: readonly number[], catalogue: Catalogue): number[] {
  return passcodes.map((p) => catalogue.byPasscode.get(p)?.passcode ?? p);
}

function lines(entries: readonly [number, number][], catalogue: Catalogue, lang: Lang, indent: string): string[] {
  if (entries.length === 0) return [`${indent}${WORDS[lang].none}`];
  return entries.map(([passcode, count]) => {
    const card: Card | undefined = catalogue.byPasscode.get(passcode);
    return `${indent}${String(count).padStart(2)}  ${card ? cardName(card, lang) : WORDS[lang].unknown(passcode)}`;
  });
}
