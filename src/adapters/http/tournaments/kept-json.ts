/*
 * JSON text kept from one version of a view to the next, for the public's views of the round
 * being played: at 8,192 players its pairings board and standings were serialized whole after
 * every result, 4,096 tables and 8,192 lines on the event loop (40–100 ms with making them)
 * for the one table and the few lines that changed. A board's tables are kept by object (a
 * table's view is kept by match, pairings-view.ts; the objects are never changed once made, so
 * a text kept for one stays right, and held weakly it goes with its object); the standings'
 * lines are made anew each time and are kept by player and compared (`LineTexts`).
 */

import { atOnce, type Making } from '../../../core/making.js';

const texts = new WeakMap<object, Buffer>();

/** `JSON.stringify(value)` as UTF-8, made once per object. */
export function keptJson(value: object): Buffer {
  let text = texts.get(value);
  if (text === undefined) {
    text = Buffer.from(JSON.stringify(value), 'utf8');
    texts.set(value, text);
  }
  return text;
}

/** Put where the array goes; found with its key before it, which no serialized string can hold (its quotes are escaped). */
const PLACEHOLDER = '\u0000kept\u0000';
const PLACE = JSON.stringify(PLACEHOLDER);
const COMMA = Buffer.from(',');

/** The items' texts with a comma between each two: an array's content. */
export const separated = (items: readonly Buffer[]): Buffer[] =>
  items.flatMap((item, i) => (i === 0 ? [item] : [COMMA, item]));

/**
 * The same bytes as `JSON.stringify(body)` in UTF-8 when `content` is its array under `key`
 * serialized (without the brackets): the body is serialized without it, and the parts are
 * copied together. Encoding a 2 MB answer's text to UTF-8 again cost as much as serializing it.
 */
export function jsonWithItems(body: object, key: string, content: readonly Buffer[]): Buffer {
  const head = JSON.stringify({ ...body, [key]: PLACEHOLDER });
  const marker = `${JSON.stringify(key)}:${PLACE}`;
  const at = head.lastIndexOf(marker);
  const before = Buffer.from(`${head.slice(0, at + marker.length - PLACE.length)}[`, 'utf8');
  const after = Buffer.from(`]${head.slice(at + marker.length)}`, 'utf8');
  return Buffer.concat([before, ...content, after]);
}

/** A ranked line: its rank first, then fields of plain values. */
interface Line {
  readonly rank: number | null;
  readonly player: string;
}

/** Views whose lines are kept (a tournament's standings after one round each), the oldest used dropped first. */
const MAX_LINE_VIEWS = 32;
/** Lines compared (or written) between two pauses of `contentMaking`. */
const LINES_PER_PIECE = 256;

/**
 * The lines' texts of a ranked view kept by player, for the standings of the round being
 * played: a result changes its two players' lines and their opponents' tiebreakers and moves
 * ranks, and leaves every other line as it was but for its rank. So each line's text is kept
 * without its rank, which is put in front; a line is compared with the one kept field by
 * field (a fraction of what serializing 8,192 lines again cost) and serialized only if it changed.
 */
export class LineTexts {
  readonly #views = new Map<string, Map<string, { readonly line: Line; readonly rest: Buffer }>>();

  /** The lines' `JSON.stringify` as an array's content (`jsonWithItems`), for the view `view` (one tournament's standings after one round). */
  content(view: string, lines: readonly Line[]): Buffer[] {
    return atOnce(this.contentMaking(view, lines));
  }

  /**
   * `content` made in pieces (app/in-turns.ts): the first standings of 8,192 players made by a
   * process wrote their lines in one piece for 33 ms on a quiet server, and made again after a
   * result compared them for 10–15 ms (docs/performance.md).
   */
  *contentMaking(view: string, lines: readonly Line[]): Making<Buffer[]> {
    // Changed in place: a line kept for a player is replaced when it changed (a player no longer listed stays, bounded by the players).
    // Each entry is a line and its own text, so two makings under way for one view may share the map.
    const kept = this.#views.get(view) ?? new Map<string, { readonly line: Line; readonly rest: Buffer }>();
    this.#views.set(view, kept);
    // Each line as the ASCII text before its kept bytes, copied into one buffer (8,192 small buffers cost more).
    const heads: string[] = [];
    const rests: Buffer[] = [];
    let length = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as Line;
      const comma = i === 0 ? '' : ',';
      const before = kept.get(line.player);
      const same = before !== undefined && sameBesidesRank(before.line, line);
      const rest = same ? before.rest : restOf(line);
      if (rest === null) {
        heads.push(comma);
        rests.push(Buffer.from(JSON.stringify(line), 'utf8'));
      } else {
        if (!same) kept.set(line.player, { line, rest });
        heads.push(`${comma}{"rank":${line.rank},`);
        rests.push(rest);
      }
      length += (heads[i] as string).length + (rests[i] as Buffer).length;
      if (i % LINES_PER_PIECE === LINES_PER_PIECE - 1) yield;
    }
    // Used again: moved to the newest end of the order.
    this.#views.delete(view);
    this.#views.set(view, kept);
    if (this.#views.size > MAX_LINE_VIEWS) this.#views.delete(this.#views.keys().next().value as string);
    const joined = Buffer.allocUnsafe(length);
    let at = 0;
    heads.forEach((head, i) => {
      at += joined.write(head, at, 'latin1');
      at += (rests[i] as Buffer).copy(joined, at);
    });
    return [joined];
  }
}

/** The line's text after `{"rank":…,` in UTF-8, or null for a line whose first field is not its rank. */
function restOf(line: Line): Buffer | null {
  const text = JSON.stringify(line);
  const head = `{"rank":${line.rank},`;
  return text.startsWith(head) ? Buffer.from(text.slice(head.length), 'utf8') : null;
}

function sameBesidesRank(a: Line, b: Line): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  let fields = 0;
  for (const key in y) {
    fields++;
    if (key !== 'rank' && x[key] !== y[key]) return false;
  }
  for (const _ in x) fields--;
  return fields === 0;
}
