import type { ReactNode } from 'react';
import { useScrollCue } from './scroll-cue';

/**
 * A wide table's sideways-scrolling box. It is a named region a keyboard can reach (tab stop),
 * so that a table wider than a phone can be scrolled without a pointer (WCAG 2.1.1).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const cue = useScrollCue<HTMLDivElement>();
  return (
    <div
      className="table-scroll"
      role="region"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard.
      tabIndex={0}
      ref={cue.ref}
      onScroll={cue.onScroll}
      data-more={cue.more}
    >
      {children}
    </div>
  );
}
