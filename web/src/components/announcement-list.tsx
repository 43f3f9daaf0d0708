import { useT } from '../i18n/use-t';
import type { AnnouncementView } from '../api/types';
import { formatTime, useLang } from '../i18n/i18n';

/** A notice in the reader's language, or in the one it was written in when staff gave only that. */
export function useNoticeText(): (a: AnnouncementView) => string {
  const { lang } = useLang();
  return (a) => a.text[lang] ?? a.text.ja ?? a.text.en ?? '';
}

/** Staff notices, newest first: on a player's page (theirs and everyone's) and, larger, on the wall display. */
export function AnnouncementList({
  items,
  className = 'card stack',
  title,
  Heading = 'h2',
}: {
  items: readonly AnnouncementView[];
  className?: string;
  title: string;
  /** h3 inside a card that has its own heading. */
  Heading?: 'h2' | 'h3';
}) {
  const { t } = useT();
  const { lang } = useLang();
  const text = useNoticeText();
  if (items.length === 0) return null;
  return (
    <section className={className} aria-live="polite" data-testid="announcements">
      <Heading>{title}</Heading>
      <ul className="notices">
        {items.map((a) => (
          <li key={a.id} data-testid="announcement">
            <span className="muted">
              {formatTime(a.at, lang)}
              {a.table !== null ? ` · ${t('announce.toTable', { table: a.table })}` : ''}
            </span>{' '}
            <span lang={a.text[lang] !== undefined ? lang : a.text.ja !== undefined ? 'ja' : 'en'}>{text(a)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
