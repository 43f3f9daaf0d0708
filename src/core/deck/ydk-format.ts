import { err, type Result } from '../result.js';
import { boundedDeck } from './deck-bounds.js';
import { emptyDeck, type Deck, type DeckZone } from './deck.js';
import { formatError, type FormatError } from './format-error.js';

/**
 * Reads a .ydk decklist (YGOPro/EDOPro): `#main`, `#extra`, `!side`, one passcode per line per
 * copy; other `#` lines are comments (`#created by ...`). A BOM, CRLF endings, blank lines and
 * zero-padded passcodes are accepted. Anything else is an error with its line number: a card is
 * never dropped or guessed into a zone.
 */
export function parseYdk(text: string): Result<Deck, FormatError[]> {
  const deck = emptyDeck();
  const errors: FormatError[] = [];
  let zone: DeckZone | undefined;
  let sawHeader = false;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    line++;
    const s = text.slice(start, end).trim();
    start = end + 1;
    if (s === '') continue;
    const passcode = digitsValue(s);
    if (passcode !== undefined) {
      if (!zone)
        errors.push(formatError(line, `passcode ${s} comes before #main`, `パスコード ${s} が #main より前にあります`));
      else if (passcode === 0)
        errors.push(formatError(line, 'passcode 0 names no card', 'パスコード 0 はカードを表しません'));
      else deck[zone].push(passcode);
      continue;
    }
    const header = s.toLowerCase();
    if (header === '#main' || header === '#extra' || header === '!side') {
      zone = header === '#main' ? 'main' : header === '#extra' ? 'extra' : 'side';
      sawHeader = true;
    } else if (!s.startsWith('#')) {
      const en = `not a passcode or a section (#main, #extra, !side): "${clip(s)}"`;
      errors.push(formatError(line, en, `パスコードでも区分（#main・#extra・!side）でもありません: 「${clip(s)}」`));
    }
  }
  if (!sawHeader && errors.length === 0) {
    errors.push(
      formatError(
        null,
        'no #main line: this is not a .ydk decklist',
        '#main の行がありません（.ydk のデッキリストではありません）',
      ),
    );
  }
  return errors.length > 0 ? err(errors) : boundedDeck(deck);
}

/** The number a line of 1–9 ASCII digits stands for, else undefined (passcodes have at most 9 digits). */
function digitsValue(s: string): number | undefined {
  if (s.length > 9) return undefined;
  let value = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return undefined;
    value = value * 10 + c;
  }
  return value;
}

/** Writes a deck as .ydk, the way YGOPro writes it (LF endings, no zero padding). */
export function writeYdk(deck: Deck, createdBy = 'shinpan'): string {
  return [`#created by ${createdBy}`, '#main', ...deck.main, '#extra', ...deck.extra, '!side', ...deck.side, ''].join(
    '\n',
  );
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
