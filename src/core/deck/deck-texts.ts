import type { Lang, Text } from '../text.js';
import type { Banlist } from './banlist.js';
import { cardName, type CardZone, type Catalogue } from './catalogue.js';
import type { DeckDifference } from './compare-decks.js';
import type { DeckZone } from './deck.js';
import type { DeckFinding } from './validate-deck.js';

export const ZONE_NAMES: Readonly<Record<DeckZone, Text>> = {
  main: { en: 'main', ja: 'メイン' },
  extra: { en: 'extra', ja: 'エクストラ' },
  side: { en: 'side', ja: 'サイド' },
};

const LIST_STATUS: Readonly<Record<number, Text>> = {
  0: { en: 'Forbidden', ja: '禁止' },
  1: { en: 'Limited', ja: '制限' },
  2: { en: 'Semi-Limited', ja: '準制限' },
};

/** Where a card belongs, as a judge says it. */
export const CARD_ZONE_NAMES: Readonly<Record<CardZone, Text>> = {
  main: { en: 'main deck', ja: 'メインデッキ' },
  fusion: { en: 'Fusion', ja: '融合' },
  synchro: { en: 'Synchro', ja: 'シンクロ' },
  xyz: { en: 'Xyz', ja: 'エクシーズ' },
  link: { en: 'Link', ja: 'リンク' },
};

export interface FindingContext {
  readonly catalogue: Catalogue;
  readonly banlist: Banlist | null;
  readonly date: string;
}

/** One sentence saying what is wrong and why, in `lang`. */
export function describeFinding(f: DeckFinding, context: FindingContext, lang: Lang): string {
  const ja = lang === 'ja';
  const card = f.passcode === null ? undefined : context.catalogue.byPasscode.get(f.passcode);
  const split = f.copies ? splitCopies(f.copies, lang) : '';
  switch (f.reason) {
    case 'main-under-min':
      return ja
        ? `メインデッキが${f.count}枚（${f.limit}枚以上必要）`
        : `main deck has ${f.count} cards, needs at least ${f.limit}`;
    case 'main-over-max':
    case 'extra-over-max':
    case 'side-over-max': {
      const zone = ZONE_NAMES[f.zone][lang];
      return ja
        ? `${zone}デッキが${f.count}枚（上限${f.limit}枚）`
        : `${zone} deck has ${f.count} cards, at most ${f.limit}`;
    }
    case 'over-copies':
      return ja
        ? `${f.count}枚（${split}）、同名カードは${f.limit}枚まで`
        : `${copies(f.count)} (${split}), at most ${f.limit}`;
    case 'over-list-limit': {
      const status = (LIST_STATUS[f.limit] ?? LIST_STATUS[0] ?? { en: '', ja: '' })[lang];
      const list = context.banlist?.name ?? '';
      return ja
        ? `${status}カード（${list}）: ${f.count}枚（${split}）、${f.limit}枚まで`
        : `${status} on ${list}: ${copies(f.count)} (${split}), ${f.limit} allowed`;
    }
    case 'not-in-catalogue':
      return ja ? `カードデータベースにないパスコード（${split}）` : `passcode not in the card database (${split})`;
    case 'not-yet-released': {
      const released = typeof card?.ocg === 'string' ? card.ocg : '?';
      return ja
        ? `OCG発売日 ${released} は大会日 ${context.date} より後`
        : `OCG release ${released} is after the tournament date ${context.date}`;
    }
    case 'no-ocg-release':
      return ja ? 'OCGで発売された記録がない' : 'no OCG release on record';
    case 'not-on-whitelist':
      return ja
        ? `使用可能カードのリスト「${context.banlist?.name ?? ''}」にない`
        : `not on the list "${context.banlist?.name ?? ''}", which names the only cards allowed`;
    case 'extra-deck-card-in-main': {
      const kind = card ? CARD_ZONE_NAMES[card.zone][lang] : '';
      return ja
        ? `${kind}モンスター${f.count}枚がメインデッキにある`
        : `${f.count} ${kind} monster(s) in the main deck`;
    }
    case 'main-deck-card-in-extra':
      return ja
        ? `メインデッキのカード${f.count}枚がエクストラデッキにある`
        : `${f.count} main deck card(s) in the extra deck`;
  }
}

/** The card a finding is about, named in `lang` ("—" for deck sizes). */
export function findingCardName(f: { readonly passcode: number | null }, catalogue: Catalogue, lang: Lang): string {
  if (f.passcode === null) return '—';
  const card = catalogue.byPasscode.get(f.passcode);
  return card ? cardName(card, lang) : lang === 'ja' ? `不明なカード ${f.passcode}` : `unknown card ${f.passcode}`;
}

/** One sentence for a decklist difference. */
export function describeDifference(d: DeckDifference, lang: Lang): string {
  const zone = ZONE_NAMES[d.zone][lang];
  return lang === 'ja'
    ? `${zone}: 登録${d.registered}枚、実際${d.presented}枚`
    : `${zone}: registered ${d.registered}, presented ${d.presented}`;
}

const copies = (n: number): string => `${n} ${n === 1 ? 'copy' : 'copies'}`;

function splitCopies(
  copies: { readonly main: number; readonly extra: number; readonly side: number },
  lang: Lang,
): string {
  const parts: string[] = [];
  for (const zone of ['main', 'extra', 'side'] as const) {
    if (copies[zone] > 0)
      parts.push(lang === 'ja' ? `${ZONE_NAMES[zone].ja}${copies[zone]}` : `${ZONE_NAMES[zone].en} ${copies[zone]}`);
  }
  return parts.join(lang === 'ja' ? '・' : ', ');
}
