import type { Lang, Text } from '../core/text.js';

/*
 * How the adapters word what they say: each file keeps its texts in a table of ids with the
 * Japanese and the English side by side (the CLI's src/adapters/cli/messages/<file>.ts, the
 * HTTP adapter's src/adapters/http/messages/<area>.ts), read with `M.say(lang, 'id', values)`
 * where one language is printed, or `M.text('id', values)` where both travel (an HTTP error
 * answers in both). The values are plain words and numbers worked out at the call; the table
 * only places them. A test per adapter reads every table of its folder and checks that each
 * id has both languages. New adapter text goes into the table of its file or area.
 */

/** A value a message places: a word or a number, computed where the message is used. */
export type Word = string | number;

/** A text in both languages. */
export const t = (ja: string, en: string): Text => ({ ja, en });

type Entries = Record<string, (values: never) => Text>;

/** One file's messages, and the way to read them in a language. */
export interface MessageTable<E extends Entries> {
  readonly entries: E;
  /** Both languages of message `id`. */
  text<K extends keyof E & string>(id: K, ...values: Parameters<E[K]>): Text;
  /** Message `id` in `lang`. */
  say<K extends keyof E & string>(lang: Lang, id: K, ...values: Parameters<E[K]>): string;
}

export function messageTable<const E extends Entries>(entries: E): MessageTable<E> {
  const text = <K extends keyof E & string>(id: K, ...values: Parameters<E[K]>): Text =>
    (entries[id] as (v: unknown) => Text)(values[0] ?? {});
  return { entries, text, say: (lang, id, ...values) => text(id, ...values)[lang] };
}
