import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/*
 * English counts through i18next's plural forms: "Drop the 1 players", "within 1 minutes"
 * were shown to an organizer (issue 26). Japanese has one form.
 */

const resources = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/${lang}.json`, import.meta.url), 'utf8')) as object;

async function translator(lang: 'en' | 'ja') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    resources: { [lang]: { translation: resources(lang) } },
    interpolation: { escapeValue: false },
  });
  return instance.t.bind(instance);
}

describe('console plurals', () => {
  it('say one player and one minute in English, and more in the plural', async () => {
    const t = await translator('en');
    expect(t('selfService.checkInView.drop', { count: 1 })).toBe('Drop the 1 player not checked in');
    expect(t('selfService.checkInView.drop', { count: 3 })).toBe('Drop the 3 players not checked in');
    expect(t('selfService.checkInView.dropConfirm', { count: 1 })).toMatch(/^Drop the 1 player who has not/);
    expect(t('selfService.write.dropNoShows', { count: 1 })).toBe('Drop 1 no-show');
    expect(t('selfService.setting.on', { count: 1 })).toContain('within 1 minute,');
    expect(t('selfService.setting.on', { count: 10 })).toContain('within 10 minutes,');
    expect(t('clock.confirmPenalty', { count: 1, penalty: 'Warning' })).toBe('1 minute late: Warning');
    expect(t('clock.confirmPenalty', { count: 6, penalty: 'Duel loss' })).toBe('6 minutes late: Duel loss');
    expect(t('entry.list.confirm', { count: 1 })).toBe('I have read the 1 finding and send this list anyway');
    expect(t('entry.list.cards', { count: 40 })).toBe('40 cards');
    expect(t('entry.staff.findings', { count: 1 })).toBe('1 finding');
  });

  it('keep the one Japanese form', async () => {
    const t = await translator('ja');
    expect(t('clock.confirmPenalty', { count: 6, penalty: 'デュエル敗北' })).toBe('6分の遅刻: デュエル敗北');
    expect(t('selfService.checkInView.drop', { count: 1 })).toBe('未チェックインの 1 名をドロップ');
  });
});
