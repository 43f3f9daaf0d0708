import { useCallback, useEffect, useRef, useState } from 'react';

/*
 * A box that scrolls sideways on a phone (the tabs, a wide table) says so: while more is past
 * its right edge it carries data-more="true", and the stylesheet fades that edge out. Without a
 * cue a column cut at the edge reads as the end of the table.
 */
export function useScrollCue<T extends HTMLElement>(): {
  ref: React.RefObject<T | null>;
  more: 'true' | 'false';
  onScroll: () => void;
} {
  const ref = useRef<T | null>(null);
  const [more, setMore] = useState(false);
  const onScroll = useCallback(() => {
    const box = ref.current;
    if (box) setMore(box.scrollLeft + box.clientWidth < box.scrollWidth - 2);
  }, []);
  useEffect(() => {
    window.addEventListener('resize', onScroll);
    return () => window.removeEventListener('resize', onScroll);
  }, [onScroll]);
  // Each render may change what is inside (rows, tabs, a language); setting the same value does nothing.
  useEffect(onScroll);
  return { ref, more: more ? 'true' : 'false', onScroll };
}
