import i18next, { type TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import type { Lang } from './i18n';

/*
 * The console's texts through one subscription: the provider listens for i18next's language
 * changes, and components read the translator and the language from its context; they render
 * again when the language changes. One listener for the whole console, not one per component
 * (a round page of 50 table cards had several hundred, about a tenth of its time to show on a
 * slowed phone), and no binding library between i18next and the screens: the player's page
 * loads the least code it can before it draws (issue 44).
 */

interface Texts {
  readonly t: TFunction;
  readonly lang: Lang;
}

const TextsContext = createContext<Texts | null>(null);

function onLanguageChanged(listener: () => void): () => void {
  i18next.on('languageChanged', listener);
  return () => i18next.off('languageChanged', listener);
}
const shownLang = (): Lang => (i18next.language === 'ja' ? 'ja' : 'en');

/** Holds the translator for everything under it (main.tsx puts it around the console). */
export function TextsProvider({ children }: { children: ReactNode }) {
  const lang = useSyncExternalStore(onLanguageChanged, shownLang);
  const value = useMemo(() => ({ t: i18next.getFixedT(lang), lang }), [lang]);
  return <TextsContext.Provider value={value}>{children}</TextsContext.Provider>;
}

/** The translator and the current language. */
export function useT(): Texts {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('useT outside TextsProvider');
  return texts;
}
