import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';

/*
 * Long lists (a round of 2,048 tables, standings of 4,096 players) are shown a page at a time:
 * a phone that built every row took seconds to show the screen and to answer each keystroke.
 * The search above each list finds any row; the page buttons step through the rest. Lists no
 * longer than one page show whole, as before.
 */

export const PAGE_SIZE = 100;

/** The page of `items` shown now and the controls' state; back to page 1 when `resetKey` changes (a new search). */
export function usePaged<T>(items: readonly T[], resetKey: unknown, size = PAGE_SIZE) {
  const [page, setPage] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts at the first page.
  useEffect(() => setPage(0), [resetKey]);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages - 1);
  // The same array while nothing changed, so a memoised list skips the keystrokes of its search field.
  const shown = useMemo(() => items.slice(current * size, (current + 1) * size), [items, current, size]);
  return {
    shown,
    page: current,
    pages,
    from: items.length === 0 ? 0 : current * size + 1,
    to: Math.min(items.length, (current + 1) * size),
    total: items.length,
    setPage,
  };
}

/** "101–200 of 4,096" with previous / next, shown only when there is more than one page. */
export function PageNav({ paged, label }: { paged: ReturnType<typeof usePaged>; label: string }) {
  const { t } = useT();
  const ref = useRef<HTMLElement | null>(null);
  if (paged.pages <= 1) return null;
  const go = (page: number) => {
    paged.setPage(page);
    // From the buttons under a list, the new page is read from its top: back to the first buttons.
    const first = ref.current?.parentElement?.querySelector('.page-nav');
    if (first && first !== ref.current) first.scrollIntoView({ block: 'start' });
  };
  return (
    <nav className="page-nav" aria-label={label} ref={ref}>
      <button
        type="button"
        className="button button-small"
        disabled={paged.page === 0}
        onClick={() => go(paged.page - 1)}
      >
        {t('paged.previous')}
      </button>
      <span className="page-nav-range" data-testid="page-range">
        {t('paged.range', { from: paged.from, to: paged.to, total: paged.total })}
      </span>
      <button
        type="button"
        className="button button-small"
        disabled={paged.page >= paged.pages - 1}
        onClick={() => go(paged.page + 1)}
      >
        {t('paged.next')}
      </button>
    </nav>
  );
}
