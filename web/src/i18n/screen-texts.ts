import { useT } from './use-t';

/*
 * Words kept beside the lazy screens that use them, rather than in ja.json/en.json: one
 * language's JSON is part of what the player's page loads before it draws (web/route-budget.ts,
 * at its ceiling), and a screen the player's page never opens need not weigh on it. The
 * English table must have the Japanese one's keys (the type says so), so a key missing from
 * either language fails the type check; `{{name}}` is filled in as i18next does.
 */

export type ScreenTexts<K extends string> = (key: K, values?: Readonly<Record<string, string | number>>) => string;

/** A hook reading `ja` or `en` in the console's language. */
export function screenTexts<const J extends Record<string, string>>(
  ja: J,
  en: { readonly [K in keyof J]: string },
): () => ScreenTexts<keyof J & string> {
  const tables = { ja, en } as const;
  return () => {
    const { lang } = useT();
    return (key, values = {}) =>
      tables[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
