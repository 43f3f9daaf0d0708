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

const t = (ja: string, en: string): Text => ({ ja, en });

/** One sentence saying what is wrong and why, in both languages. */
export function findingText(f: DeckFinding, context: FindingContext): Text {
  const card = f.passcode === null ? undefined : context.catalogue.byPasscode.get(f.passcode);
  const split = f.copies ? splitCopies(f.copies) : t('', '');
  switch (f.reason) {
    case 'main-under-min':
      return t(
        `メインデッキが${f.count}枚（${f.limit}枚以上必要）`,
        `main deck has ${f.count} cards, needs at least ${f.limit}`,
      );
    case 'main-over-max':
    case 'extra-over-max':
    case 'side-over-max': {
      const zone = ZONE_NAMES[f.zone];
      return t(
        `${zone.ja}デッキが${f.count}枚（上限${f.limit}枚）`,
        `${zone.en} deck has ${f.count} cards, at most ${f.limit}`,
      );
    }
    case 'over-copies':
      return t(
        `${f.count}枚（${split.ja}）、同名カードは${f.limit}枚まで`,
        `${copies(f.count)} (${split.en}), at most ${f.limit}`,
      );
    case 'over-list-limit': {
      const status = LIST_STATUS[f.limit] ?? LIST_STATUS[0] ?? t('', '');
      const list = context.banlist?.name ?? '';
      return t(
        `${status.ja}カード（${list}）: ${f.count}枚（${split.ja}）、${f.limit}枚まで`,
        `${status.en} on ${list}: ${copies(f.count)} (${split.en}), ${f.limit} allowed`,
      );
    }
    case 'not-in-catalogue':
      return t(`カードデータベースにないパスコード（${split.ja}）`, `passcode not in the card database (${split.en})`);
    case 'not-yet-released': {
      const released = typeof card?.ocg === 'string' ? card.ocg : '?';
      return t(
        `OCG発売日 ${released} は大会日 ${context.date} より後`,
        `OCG release ${released} is after the tournament date ${context.date}`,
      );
    }
    case 'no-ocg-release':
      return t('OCGで発売された記録がない', 'no OCG release on record');
    case 'not-on-whitelist': {
      const list = context.banlist?.name ?? '';
      return t(
        `使用可能カードのリスト「${list}」にない`,
        `not on the list "${list}", which names the only cards allowed`,
      );
    }
    case 'extra-deck-card-in-main': {
      const kind = card ? CARD_ZONE_NAMES[card.zone] : t('', '');
      return t(
        `${kind.ja}モンスター${f.count}枚がメインデッキにある`,
        `${f.count} ${kind.en} monster(s) in the main deck`,
      );
    }
    case 'main-deck-card-in-extra':
      return t(
        `メインデッキのカード${f.count}枚がエクストラデッキにある`,
        `${f.count} main deck card(s) in the extra deck`,
      );
  }
}

/** One sentence saying what is wrong and why, in `lang`. */
export const describeFinding = (f: DeckFinding, context: FindingContext, lang: Lang): string =>
  findingText(f, context)[lang];

/** The card a finding is about, named in `lang` ("—" for deck sizes). */
export function findingCardName(f: { readonly passcode: number | null }, catalogue: Catalogue, lang: Lang): string {
  if (f.passcode === null) return '—';
  const card = catalogue.byPasscode.get(f.passcode);
  return card ? cardName(card, lang) : t(`不明なカード ${f.passcode}`, `unknown card ${f.passcode}`)[lang];
}

/** One sentence for a decklist difference, in both languages. */
export function differenceText(d: DeckDifference): Text {
  const zone = ZONE_NAMES[d.zone];
  return t(
    `${zone.ja}: 登録${d.registered}枚、実際${d.presented}枚`,
    `${zone.en}: registered ${d.registered}, presented ${d.presented}`,
  );
}

/** One sentence for a decklist difference. */
export const describeDifference = (d: DeckDifference, lang: Lang): string => differenceText(d)[lang];

const copies = (n: number): string => `${n} ${n === 1 ? 'copy' : 'copies'}`;

function splitCopies(copies: { readonly main: number; readonly extra: number; readonly side: number }): Text {
  const zones = (['main', 'extra', 'side'] as const).filter((zone) => copies[zone] > 0);
  return t(
    zones.map((zone) => `${ZONE_NAMES[zone].ja}${copies[zone]}`).join('・'),
    zones.map((zone) => `${ZONE_NAMES[zone].en} ${copies[zone]}`).join(', '),
  );
}
