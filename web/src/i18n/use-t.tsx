import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from './i18n';

/*
 * The console's texts through one subscription. react-i18next's useTranslation gives each
 * component that calls it a copy of the i18next instance and a listener of its own: a round
 * page of 50 table cards made several hundred, about a tenth of its time to show on a slowed
 * phone. Components read the translator and the language from this context instead; it
 * changes (and they render again) when the language does.
 */

type Translate = ReturnType<typeof useTranslation>['t'];

interface Texts {
  readonly t: Translate;
  readonly lang: Lang;
}

const TextsContext = createContext<Texts | null>(null);

/** Holds the translator for everything under it (main.tsx puts it around the console). */
export function TextsProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'ja' ? 'ja' : 'en';
  const value = useMemo(() => ({ t, lang }), [t, lang]);
  return <TextsContext.Provider value={value}>{children}</TextsContext.Provider>;
}

/** The translator and the current language. */
export function useT(): Texts {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('useT outside TextsProvider');
  return texts;
}
