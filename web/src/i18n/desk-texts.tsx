import i18next from 'i18next';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import type { Lang } from './i18n';
import { useT } from './use-t';

/*
 * Texts only staff screens show (the entry fee at check-in, prizes, the results report), in a
 * chunk of their own per language that those screens load. The player's page loads its
 * language's whole text file before it draws (web/route-budget.ts), so staff-only words kept
 * there weigh on every player's phone; here they cost a player nothing. Their writes' labels
 * are here too: a write waiting in the outbox is labelled while its screen is open (after a
 * reload, until a desk screen is opened, the outbox shows the label's key).
 */
const DESK: Readonly<Record<Lang, () => Promise<{ default: Record<string, unknown> }>>> = {
  ja: () => import('./desk/ja.json'),
  en: () => import('./desk/en.json'),
};
const loaded = new Set<Lang>();

/**
 * Shows `children` once the desk texts of the current language are in (or could not be loaded);
 * after a switch of language they are drawn again once the other language's texts are in (the
 * texts arriving re-render nothing by themselves).
 */
export function DeskTexts({ children }: { children: ReactNode }) {
  const { lang } = useT();
  const [ready, setReady] = useState<Lang | null>(loaded.has(lang) ? lang : null);
  useEffect(() => {
    if (loaded.has(lang)) return setReady(lang);
    let live = true;
    const done = () => live && setReady(lang);
    DESK[lang]().then((texts) => {
      i18next.addResourceBundle(lang, 'translation', texts.default, true, false);
      loaded.add(lang);
      done();
    }, done);
    return () => {
      live = false;
    };
  }, [lang]);
  return ready === null ? null : <Fragment key={ready}>{children}</Fragment>;
}
