import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The console's two resource files must say the same things: a key missing in one language
 * would show the raw key to a judge, an empty string would show nothing.
 */

type Tree = { readonly [key: string]: string | Tree };

const load = (lang: string): Tree =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/${lang}.json`, import.meta.url), 'utf8')) as Tree;

/** Every leaf as `dotted.key` → text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const ja = leaves(load('ja'));
const en = leaves(load('en'));

// The staff screens' own texts (web/src/i18n/desk-texts.tsx), checked the same way.
const deskJa = leaves(load('desk/ja'));
const deskEn = leaves(load('desk/en'));

describe('console translations', () => {
  it('have the same keys in the desk texts, none of them empty or in English on the Japanese side', () => {
    expect([...deskJa.keys()].sort()).toEqual([...deskEn.keys()].sort());
    expect([...deskJa, ...deskEn].filter(([, text]) => text.trim() === '')).toEqual([]);
    expect([...deskJa].filter(([key, text]) => text === deskEn.get(key) && /[a-z]{4,}/.test(text))).toEqual([]);
  });

  it('have exactly the same keys in Japanese and English', () => {
    expect([...ja.keys()].sort()).toEqual([...en.keys()].sort());
    expect(ja.size).toBeGreaterThan(300);
  });

  it('have no empty text', () => {
    const empty = [...ja, ...en].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('use the same interpolation values in both languages', () => {
    const values = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const differing = [...en]
      .filter(([key, text]) => JSON.stringify(values(text)) !== JSON.stringify(values(ja.get(key) ?? '')))
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('write the Japanese file in Japanese', () => {
    // A copied English sentence in ja.json is a missed translation; short codes (OMW%) may stay.
    const untranslated = [...ja]
      .filter(([key, text]) => text === en.get(key) && /[a-z]{4,}/.test(text))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
