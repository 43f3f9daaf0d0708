import i18next from 'i18next';
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

/*
 * Each language's texts are a chunk of their own, loaded when that language is first used: a
 * phone downloads the texts it shows (about 15 KB compressed), not both languages' (issue 44).
 * The JSON files stay whole, one per language, so that parts adding keys merge as before.
 */
const TEXTS: Readonly<Record<Lang, () => Promise<{ default: Record<string, unknown> }>>> = {
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
};
const loading = new Map<Lang, Promise<void>>();

/** Loads a language's texts into i18next (once; a failed load is tried again on the next ask). */
function loadTexts(lang: Lang): Promise<void> {
  let load = loading.get(lang);
  if (!load) {
    load = TEXTS[lang]().then(
      (texts) => void i18next.addResourceBundle(lang, 'translation', texts.default, true, true),
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, load);
  }
  return load;
}

/**
 * Starts i18next in the device's language and loads that language's texts; the console renders
 * once they are in (main.tsx awaits this). Called at once on start, beside the route's reads.
 */
export async function initI18n(): Promise<void> {
  const lang = initialLang();
  document.documentElement.lang = lang;
  const texts = loadTexts(lang);
  await i18next.init({
    resources: {},
    partialBundledLanguages: true,
    lng: lang,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await texts;
}

/** Switches the language (once its texts are loaded) and remembers the choice on this device. */
export async function setLang(lang: Lang): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lang);
  await loadTexts(lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
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

/**
 * A console text in both languages, for values that carry a bilingual Text (an error made
 * outside React). A language whose texts were never loaded on this device gets the text in the
 * one shown (loading it only for this would cost every phone the other language's file).
 */
export function inBothLangs(key: string, values: Record<string, unknown> = {}): Text {
  const shown: Lang = i18next.language === 'ja' ? 'ja' : 'en';
  const inLang = (lang: Lang) =>
    i18next.t(key, { ...values, lng: i18next.hasResourceBundle(lang, 'translation') ? lang : shown });
  return { ja: inLang('ja'), en: inLang('en') };
}

/** The current language and a picker for the API's and the pack's bilingual texts. */
export function useLang(): { lang: Lang; pick: (text: Text | null | undefined) => string } {
  const { lang } = useT();
  return { lang, pick: (text) => (text ? text[lang] : '') };
}
