import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The console's stylesheets write every rule at the top level or inside an at-rule (@media,
 * @supports…), never nested in another rule. A rule left without its closing brace is still
 * valid CSS (nesting), so neither the build nor the browser says anything: every rule after it
 * silently applies only inside the unclosed one. A merge once did that twice, and the lists'
 * `content-visibility` (what keeps a 4,096-player round light on a phone) and the page buttons'
 * layout stopped applying.
 */

const dir = new URL('../../web/src/styles/', import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith('.css'));
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');

/** Where a rule opens inside another style rule (line numbers), and the braces left open at the end. */
function nesting(text: string): { nested: number[]; open: number } {
  const nested: number[] = [];
  const stack: ('at-rule' | 'rule')[] = [];
  let prelude = '';
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      line += (text.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop - 1;
      continue;
    }
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      i = end === -1 ? text.length : end;
      continue;
    }
    if (c === '{') {
      if (stack.at(-1) === 'rule') nested.push(line);
      stack.push(prelude.trim().startsWith('@') ? 'at-rule' : 'rule');
      prelude = '';
    } else if (c === '}') {
      stack.pop();
      prelude = '';
    } else if (c === ';') prelude = '';
    else prelude += c;
  }
  return { nested, open: stack.length };
}

describe('console stylesheet', () => {
  it('closes every rule before the next one starts', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect({ name, ...nesting(read(name)) }).toEqual({ name, nested: [], open: 0 });
  });

  it('is imported whole by the console entry, each file once', () => {
    // A file left out of main.tsx would build and simply never apply.
    const entry = readFileSync(new URL('../../web/src/main.tsx', import.meta.url), 'utf8');
    const imported = [...entry.matchAll(/^import '\.\/styles\/([^']+)';$/gm)].map((m) => m[1]);
    expect([...imported].sort()).toEqual([...files].sort());
  });

  it('finds a rule left open, and the line of the rule caught inside it', () => {
    expect(nesting('a { color: red;\n/* b */\n.b { width: 1px; }\n@media (x) { .c { top: 0 } }')).toEqual({
      nested: [3, 4],
      open: 1,
    });
    expect(nesting("@media (x) { .c { content: '{'; } }\n.d { top: 0 }")).toEqual({ nested: [], open: 0 });
  });
});
