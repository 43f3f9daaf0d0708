/** Every text a user sees exists in both languages. */
export type Lang = 'ja' | 'en';
export const LANGS: readonly Lang[] = ['ja', 'en'];
export type Text = { readonly ja: string; readonly en: string };

/** Full-width digits (０-９, as a Japanese keyboard types them) as ASCII digits; everything else as it is. */
export const halfWidthDigits = (s: string): string =>
  s.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
