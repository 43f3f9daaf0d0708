import { useEffect, useState } from 'react';

/*
 * A search over thousands of rows follows the field rather than holding it: the key shows at
 * once and the list is built in a task of its own after that paint; while keys keep coming,
 * only the last one's list is built. React's useDeferredValue did this; the console runs on
 * Preact (web/vite.config.ts), whose compat layer answers the value as it is.
 */

/** `value` as of the last pause in its changes (the value itself on first render). */
export function useDeferredValue<T>(value: T): T {
  const [deferred, setDeferred] = useState(value);
  useEffect(() => {
    if (Object.is(value, deferred)) return;
    const timer = setTimeout(() => setDeferred(() => value), 0);
    return () => clearTimeout(timer);
  }, [value, deferred]);
  return deferred;
}
