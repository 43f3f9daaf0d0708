import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ja from './ja.json';
import { useT } from './use-t';
import { displayTimeZone } from './time-zone';

export type Lang = 'ja' | 'en';
/** A text in both languages, as the API and the policy pack send them. */
export interface Text {
  readonly ja: string;
  readonly en: string;
}

const STORAGE_KEY = 'shinpan.lang';

/** The language chosen on this device, else the browser's (Japanese for any ja-* locale). */
export function initialLang(): Lang {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'ja' || stored === 'en') return stored;
  const browser = navigator.languages?.[0] ?? navigator.language ?? 'en';
  return browser.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/** Starts i18next with both resource files; call once before the first render. */
export function initI18n(): void {
  const lang = initialLang();
  void i18next.use(initReactI18next).init({
    resources: { ja: { translation: ja }, en: { translation: en } },
    lng: lang,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
}

/** Switches the language and remembers the choice on this device. */
export function setLang(lang: Lang): void {
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18next.changeLanguage(lang);
}

/** A clock time (hours:minutes, or with seconds) in the console's language and the tournament's time zone, not the device's. */
export function formatTime(time: string | number, lang: Lang, seconds = false): string {
  const zone = displayTimeZone();
  return new Date(time).toLocaleTimeString(lang === 'ja' ? 'ja-JP' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    ...(zone ? { timeZone: zone } : {}),
  });
}

/** A console text in both languages, for values that carry a bilingual Text (an error made outside React). */
export function inBothLangs(key: string, values: Record<string, unknown> = {}): Text {
  return { ja: i18next.t(key, { ...values, lng: 'ja' }), en: i18next.t(key, { ...values, lng: 'en' }) };
}

/** The current language and a picker for the API's and the pack's bilingual texts. */
export function useLang(): { lang: Lang; pick: (text: Text | null | undefined) => string } {
  const { lang } = useT();
  return { lang, pick: (text) => (text ? text[lang] : '') };
}
