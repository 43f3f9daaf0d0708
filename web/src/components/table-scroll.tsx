import type { ReactNode } from 'react';

/**
 * A wide table's sideways-scrolling box. It is a named region a keyboard can reach (tab stop),
 * so that a table wider than a phone can be scrolled without a pointer (WCAG 2.1.1).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard.
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
