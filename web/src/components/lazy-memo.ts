import { useEffect, useMemo } from 'react';

/**
 * `compute(input)`, kept for the same `input`, made when first asked for or when the phone is
 * idle after the screen shows, whichever comes first. A search index over 4,096 players is
 * needed only once someone types: built while the screen showed, it delayed the screen itself;
 * built at the first keystroke, it delayed that keystroke. Between the two nobody waits on it.
 * `compute` is a plain function of `input` (the same one on every render).
 */
export function useLazyMemo<I, T>(input: I, compute: (input: I) => T): () => T {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `compute` depends on nothing but `input`.
  const get = useMemo(() => {
    let made: { value: T } | null = null;
    return () => {
      made ??= { value: compute(input) };
      return made.value;
    };
  }, [input]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => get(), { timeout: 2_000 });
    return () => cancel(handle);
  }, [get]);
  return get;
}
