import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { pairLabel } from '../../web/src/screens/pair-label.js';

/* The desk's pair button names the step (issue 26: "Pair round 5" was the top 4, "Pair round 7" came after the final). */

const resources = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/${lang}.json`, import.meta.url), 'utf8')) as object;

async function translator(lang: 'en' | 'ja') {
  const instance = i18next.createInstance();
  await instance.init({ lng: lang, resources: { [lang]: { translation: resources(lang) } } });
  return instance.t;
}

describe('the pair button', () => {
  it('names the top cut, the semi-finals and the final, and Swiss rounds by number', async () => {
    const en = await translator('en');
    const ja = await translator('ja');
    expect(pairLabel(en, { kind: 'swiss' }, 3)).toBe('Pair round 3');
    expect(pairLabel(en, { kind: 'elimination', players: 4, first: true }, 5)).toBe('Pair the top cut (top 4)');
    expect(pairLabel(ja, { kind: 'elimination', players: 4, first: true }, 5)).toBe(
      '決勝トーナメントを組む（ベスト4）',
    );
    expect(pairLabel(en, { kind: 'elimination', players: 8, first: false }, 6)).toBe('Pair the quarter-finals');
    expect(pairLabel(en, { kind: 'elimination', players: 4, first: false }, 6)).toBe('Pair the semi-finals');
    expect(pairLabel(ja, { kind: 'elimination', players: 2, first: false }, 6)).toBe('決勝戦を組む');
    expect(pairLabel(en, { kind: 'elimination', players: 16, first: false }, 6)).toBe('Pair the top 16');
    expect(pairLabel(en, { kind: 'elimination', players: null, first: true }, 1)).toBe('Pair round 1');
  });
});
