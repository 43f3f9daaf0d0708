/** Every text a user sees exists in both languages. */
export type Lang = 'ja' | 'en';
export const LANGS: readonly Lang[] = ['ja', 'en'];
export type Text = { readonly ja: string; readonly en: string };
