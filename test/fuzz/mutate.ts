import fc from 'fast-check';

/*
 * Random and mutated inputs for the parsers' property tests. Mutations are the damage real files
 * take: bytes cut or repeated, lines dropped, swapped or duplicated, stray text pasted in, line
 * endings changed, a file cut short.
 */

/** Text as users and tools produce it: any Unicode, control characters, BOMs and line breaks included. */
export const anyText = (maxLength = 400): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc
      .array(
        fc.oneof(
          fc.string({ maxLength: 20 }),
          fc.constantFrom('\n', '\r\n', '\r', '\uFEFF', '\t', ' ', '\u0000', '"', ',', '#', '!', '$', '--'),
        ),
        { maxLength: 60 },
      )
      .map((parts) => parts.join('')),
  );

type TextEdit = (text: string) => string;

const clamp = (n: number, text: string) => Math.min(Math.max(0, n), text.length);

/** One edit at a position chosen as a fraction of the text's length. */
const textEdit: fc.Arbitrary<TextEdit> = fc.oneof(
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(30)).map(
    ([at, n]): TextEdit =>
      (t) => {
        const i = clamp(Math.floor(at * t.length), t);
        return t.slice(0, i) + t.slice(i + n);
      },
  ),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), anyText(30)).map(
    ([at, s]): TextEdit =>
      (t) => {
        const i = clamp(Math.floor(at * t.length), t);
        return t.slice(0, i) + s + t.slice(i);
      },
  ),
  fc.double({ min: 0, max: 1, noNaN: true }).map(
    (at): TextEdit =>
      (t) =>
        t.slice(0, Math.floor(at * t.length)),
  ),
  fc.tuple(fc.nat(), fc.nat()).map(
    ([x, y]): TextEdit =>
      (t) => {
        const lines = t.split('\n');
        if (lines.length < 2) return t;
        const a = x % lines.length;
        const b = y % lines.length;
        [lines[a], lines[b]] = [lines[b]!, lines[a]!];
        return lines.join('\n');
      },
  ),
  fc.tuple(fc.nat(), fc.boolean()).map(
    ([x, drop]): TextEdit =>
      (t) => {
        const lines = t.split('\n');
        const i = x % lines.length;
        if (drop) lines.splice(i, 1);
        else lines.splice(i, 0, lines[i]!);
        return lines.join('\n');
      },
  ),
  fc.constantFrom<TextEdit>(
    (t) => t.replaceAll('\n', '\r\n'),
    (t) => t.replaceAll('\r\n', '\n').replaceAll('\n', '\r'),
    (t) => `\uFEFF${t}`,
    (t) => t.toUpperCase(),
    (t) => t.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
    (t) => t.replace(/\d/, '-'),
    (t) => t + t,
  ),
);

/** A valid input with up to `maxEdits` random edits applied (sometimes none). */
export const mutatedText = (valid: fc.Arbitrary<string>, maxEdits = 4): fc.Arbitrary<string> =>
  fc
    .tuple(valid, fc.array(textEdit, { maxLength: maxEdits }))
    .map(([text, edits]) => edits.reduce((t, edit) => edit(t), text));

/** Values JSON can hold plus the odd ones a JavaScript caller can pass. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(undefined, Number.NaN, Number.POSITIVE_INFINITY, -0, 2 ** 53, -1, 1.5, '', ' ', '\u0000', [], {}),
);

type ValueEdit = (value: unknown) => unknown;

/** Replaces, removes or adds a field somewhere inside a JSON value (the path chosen by the numbers drawn). */
const valueEdit: fc.Arbitrary<ValueEdit> = fc
  .tuple(
    fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
    fc.constantFrom('replace', 'remove', 'add'),
    anyValue,
    fc.string({ maxLength: 12 }),
  )
  .map(
    ([steps, kind, replacement, key]): ValueEdit =>
      (root) => {
        const copy = structuredClone(root);
        let parent: unknown = null;
        let slot: string | number | null = null;
        let here: unknown = copy;
        for (const step of steps) {
          if (Array.isArray(here) && here.length > 0) {
            parent = here;
            slot = step % here.length;
            here = here[slot];
          } else if (here !== null && typeof here === 'object' && Object.keys(here).length > 0) {
            const keys = Object.keys(here);
            parent = here;
            slot = keys[step % keys.length]!;
            here = (here as Record<string, unknown>)[slot];
          } else break;
        }
        if (parent === null || slot === null) return kind === 'replace' ? replacement : copy;
        const container = parent as Record<string | number, unknown>;
        if (kind === 'replace') container[slot] = replacement;
        else if (kind === 'remove') {
          if (Array.isArray(container)) container.splice(slot as number, 1);
          else delete container[slot];
        } else if (Array.isArray(container)) container.push(replacement);
        else container[key === '' ? 'extra' : key] = replacement;
        return copy;
      },
  );

/** A valid value (a JSON document) with up to `maxEdits` random edits deep inside. */
export const mutatedValue = (valid: fc.Arbitrary<unknown>, maxEdits = 3): fc.Arbitrary<unknown> =>
  fc
    .tuple(valid, fc.array(valueEdit, { minLength: 1, maxLength: maxEdits }))
    .map(([value, edits]) => edits.reduce((v, edit) => edit(v), value));

/** Runs per property: enough to find the usual breakage, few enough that the suite stays at a few seconds. */
export const RUNS = { numRuns: 200 } as const;
