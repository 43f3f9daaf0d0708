import { err, ok, type Result } from '../result.js';
import { listDateFromName, type Banlist } from './banlist.js';
import { formatError, textLines, type FormatError } from './format-error.js';
import { listNameProblem } from './upload-limits.js';

interface ListBuilder {
  name: string;
  whitelist: boolean;
  limits: Map<number, number>;
}

/**
 * Reads an lflist.conf file (the YGOPro/EDOPro format): several lists, each opened by a
 * `!NAME` line, `$whitelist` inside a list, entries `PASSCODE COUNT --comment`. Lines starting
 * `#`, `//` or `--` are comments (`#[A][B]` only names the lists). A passcode listed twice in
 * one list keeps its later count, as YGOPro reads it.
 */
export function parseLflist(text: string): Result<Banlist[], FormatError[]> {
  const lists: ListBuilder[] = [];
  const errors: FormatError[] = [];
  let current: ListBuilder | undefined;
  textLines(text).forEach((raw, i) => {
    const line = i + 1;
    const s = raw.trim();
    if (s === '' || s.startsWith('#') || s.startsWith('//') || s.startsWith('--')) return;
    if (s.startsWith('!')) {
      let name = s.slice(1).trim();
      if (name === '') {
        errors.push(formatError(line, 'a list header "!" needs a name', 'リストの見出し「!」には名前が必要です'));
        return;
      }
      const long = listNameProblem(name);
      if (long) {
        // The list is still opened, so its entries are not reported as coming before any header.
        errors.push({ line, message: long });
        name = clip(name);
      }
      current = { name, whitelist: false, limits: new Map() };
      lists.push(current);
      return;
    }
    if (!current) {
      errors.push(
        formatError(
          line,
          `"${clip(s)}" comes before the first list header (!NAME)`,
          `「${clip(s)}」が最初のリスト見出し（!名前）より前にあります`,
        ),
      );
      return;
    }
    if (s.startsWith('$')) {
      if (s.toLowerCase() === '$whitelist') current.whitelist = true;
      else
        errors.push(
          formatError(
            line,
            `unknown directive "${clip(s)}" (only $whitelist exists)`,
            `不明な指定「${clip(s)}」（使えるのは $whitelist のみ）`,
          ),
        );
      return;
    }
    const m = /^(\d{1,9})\s+(\d+)(?:\s+(.*))?$/.exec(s);
    if (!m || (m[3] !== undefined && !m[3].startsWith('--'))) {
      errors.push(
        formatError(
          line,
          `expected "PASSCODE COUNT --comment", got "${clip(s)}"`,
          `「パスコード 枚数 --コメント」の形ではありません: 「${clip(s)}」`,
        ),
      );
      return;
    }
    const count = Number(m[2]);
    if (count > 3) {
      errors.push(
        formatError(line, `count ${count} is not 0, 1, 2 or 3`, `枚数 ${count} は 0・1・2・3 のいずれでもありません`),
      );
      return;
    }
    current.limits.set(Number(m[1]), count);
  });
  if (errors.length > 0) return err(errors);
  if (lists.length === 0)
    return err([
      formatError(null, 'no list in the file (no "!NAME" line)', 'リストがありません（「!名前」の行がない）'),
    ]);
  return ok(
    lists.map((l) => ({ name: l.name, date: listDateFromName(l.name), whitelist: l.whitelist, limits: l.limits })),
  );
}

/** Writes lists back in the lflist.conf format, grouped forbidden / limited / semi-limited / allowed. */
export function writeLflist(
  lists: readonly Banlist[],
  cardName: (passcode: number) => string | undefined = () => undefined,
): string {
  const out = [`#${lists.map((l) => `[${l.name}]`).join('')}`];
  const groups: readonly [number, string][] = [
    [0, '#forbidden'],
    [1, '#limited'],
    [2, '#semi-limited'],
    [3, '#allowed'],
  ];
  for (const list of lists) {
    out.push(`!${list.name}`);
    if (list.whitelist) out.push('$whitelist');
    for (const [count, heading] of groups) {
      const entries = [...list.limits].filter(([, c]) => c === count);
      if (entries.length === 0) continue;
      out.push(heading);
      for (const [passcode] of entries) {
        const name = cardName(passcode);
        out.push(name ? `${passcode} ${count} --${name}` : `${passcode} ${count}`);
      }
    }
  }
  return `${out.join('\n')}\n`;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
