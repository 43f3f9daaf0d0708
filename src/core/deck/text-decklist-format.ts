import { err, type Result } from '../result.js';
import type { Lang } from '../text.js';
import { cardName, type Card, type Catalogue } from './catalogue.js';
import { lookupCardName } from './card-names.js';
import { boundedDeck, DECK_BOUNDS } from './deck-bounds.js';
import { DECK_ZONES, emptyDeck, type Deck, type DeckZone } from './deck.js';
import { formatError, textLines, type FormatError } from './format-error.js';

// Section names as players write them; monster/spell/trap headings are parts of the main deck.
const HEADINGS: Readonly<Record<string, DeckZone>> = Object.fromEntries([
  ...[
    'main',
    'maindeck',
    'deck',
    'monster',
    'monsters',
    'monstercards',
    'spell',
    'spells',
    'spellcards',
    'magic',
    'trap',
    'traps',
    'trapcards',
  ].map((h) => [h, 'main']),
  ...[
    'メイン',
    'メインデッキ',
    'デッキ',
    'モンスター',
    'モンスターカード',
    '魔法',
    '魔法カード',
    '罠',
    '罠カード',
    'トラップ',
  ].map((h) => [h, 'main']),
  ...['extra', 'extradeck', 'fusiondeck', 'エクストラ', 'エクストラデッキ', '融合デッキ'].map((h) => [h, 'extra']),
  ...['side', 'sidedeck', 'サイド', 'サイドデッキ'].map((h) => [h, 'side']),
]);

/** The zone a heading line names ("Extra Deck (15)", "【サイドデッキ】", "## Monsters:"), if it is one. */
function headingZone(line: string): DeckZone | undefined {
  const core = line
    .replace(/^[#=*\-[【「<\s]+/, '')
    .replace(/[\]】」>:=*\-\s]+$/, '')
    .replace(/\s*[(（]?\s*\d+\s*(?:枚|cards?)?\s*[)）]?$/i, '')
    .replace(/[\s:]+/g, '')
    .toLowerCase();
  return HEADINGS[core];
}

const COUNT_FIRST = /^(\d{1,2})\s*(?:[x×*]|枚)?\s+(.+)$|^(\d{1,2})\s*[x×*]\s*(.+)$/i;
const COUNT_LAST = /^(.+?)\s*[x×*]\s*(\d{1,2})$|^(.+?)\s+(\d{1,2})\s*枚$/i;

/**
 * Reads a plain-text decklist: "3 スターダスト・ドラゴン", "3x Stardust Dragon", "Stardust Dragon x3",
 * "カード名 3枚", by Japanese or English name (or an 8-digit passcode), under headings such as
 * "Main Deck", "Monsters", "エクストラデッキ", "Side". Cards before any heading are in the main deck.
 * Lines starting `#` or `//` that are not headings are comments. Every other line must be a card:
 * a missing count or an unknown name is an error with its line number, the closest names suggested.
 */
export function parseTextDecklist(text: string, catalogue: Catalogue): Result<Deck, FormatError[]> {
  const deck = emptyDeck();
  const errors: FormatError[] = [];
  let zone: DeckZone = 'main';
  textLines(text).forEach((raw, i) => {
    const line = i + 1;
    const s = raw.normalize('NFKC').trim();
    if (s === '') return;
    const heading = headingZone(s);
    if (heading) {
      zone = heading;
      return;
    }
    if (s.startsWith('#') || s.startsWith('//')) return;
    const entry = splitCount(s);
    if (!entry) {
      const whole = lookupCardName(catalogue, s);
      errors.push(
        whole.kind === 'found'
          ? formatError(
              line,
              `no count for "${s}" (write "3 ${s}" or "3x ${s}")`,
              `「${s}」に枚数がありません（「3 ${s}」のように書いてください）`,
            )
          : formatError(
              line,
              `not a card line: "${s}" (write "3 Card Name")`,
              `カードの行ではありません: 「${s}」（「3 カード名」のように書いてください）`,
            ),
      );
      return;
    }
    if (entry.count < 1 || entry.count > DECK_BOUNDS.copies) {
      errors.push(
        formatError(
          line,
          `count ${entry.count} for "${entry.name}": 1 to ${DECK_BOUNDS.copies}`,
          `「${entry.name}」の枚数 ${entry.count}: 1〜${DECK_BOUNDS.copies} 枚で書いてください`,
        ),
      );
      return;
    }
    const passcode = resolveName(entry.name, catalogue, line, errors);
    if (passcode === undefined) return;
    for (let n = 0; n < entry.count; n++) deck[zone].push(passcode);
  });
  return errors.length > 0 ? err(errors) : boundedDeck(deck);
}

function splitCount(s: string): { count: number; name: string } | undefined {
  const first = COUNT_FIRST.exec(s);
  if (first) return { count: Number(first[1] ?? first[3]), name: (first[2] ?? first[4] ?? '').trim() };
  const last = COUNT_LAST.exec(s);
  if (last) return { count: Number(last[2] ?? last[4]), name: (last[1] ?? last[3] ?? '').trim() };
  return undefined;
}

function resolveName(name: string, catalogue: Catalogue, line: number, errors: FormatError[]): number | undefined {
  if (/^\d{5,9}$/.test(name)) return Number(name);
  const found = lookupCardName(catalogue, name);
  if (found.kind === 'found') return found.card.passcode;
  if (found.kind === 'ambiguous') {
    errors.push(
      formatError(
        line,
        `"${name}" names several cards: ${listCards(found.cards, 'en')}; write the passcode instead`,
        `「${name}」は複数のカードに当たります: ${listCards(found.cards, 'ja')}。パスコードで書いてください`,
      ),
    );
    return undefined;
  }
  const hint = found.closest.length > 0;
  errors.push(
    formatError(
      line,
      `no card named "${name}"${hint ? `; closest: ${listCards(found.closest, 'en')}` : ''}`,
      `「${name}」という名前のカードはありません${hint ? `。近い名前: ${listCards(found.closest, 'ja')}` : ''}`,
    ),
  );
  return undefined;
}

function listCards(cards: readonly Card[], lang: Lang): string {
  return cards.map((c) => `${cardName(c, lang)} (${c.passcode})`).join(', ');
}

const ZONE_HEADINGS: Readonly<Record<Lang, Readonly<Record<DeckZone, string>>>> = {
  en: { main: 'Main Deck', extra: 'Extra Deck', side: 'Side Deck' },
  ja: { main: 'メインデッキ', extra: 'エクストラデッキ', side: 'サイドデッキ' },
};

/**
 * Writes a deck as a plain-text list in `lang` that parseTextDecklist reads back: one line per
 * card ("3 Name"), in order of first appearance; a passcode the catalogue lacks is written as is.
 */
export function writeTextDecklist(deck: Deck, catalogue: Catalogue, lang: Lang): string {
  const out: string[] = [];
  for (const zone of DECK_ZONES) {
    out.push(`${ZONE_HEADINGS[lang][zone]} (${deck[zone].length})`);
    for (const [passcode, count] of countInOrder(deck[zone])) {
      const card = catalogue.byPasscode.get(passcode);
      out.push(`${count} ${writtenName(passcode, card, catalogue, lang)}`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** The name when it leads back to this exact passcode; else the passcode (alternate artworks, shared names). */
function writtenName(passcode: number, card: Card | undefined, catalogue: Catalogue, lang: Lang): string {
  if (!card || card.passcode !== passcode) return String(passcode);
  const name = cardName(card, lang);
  const back = lookupCardName(catalogue, name, 0);
  return back.kind === 'found' && back.card === card ? name : String(passcode);
}

/** Copies per passcode, in order of first appearance. */
export function countInOrder(passcodes: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const p of passcodes) counts.set(p, (counts.get(p) ?? 0) + 1);
  return counts;
}
