import { useEffect, useState } from 'react';

/*
 * A search over thousands of rows follows the field rather than holding it: the key shows at
 * once and the list is built once the typing pauses; while keys keep coming, no list is built
 * between them (building one takes longer than the gap between two keys on a slow phone, and
 * the next key would wait for it). React's useDeferredValue let the next key interrupt the
 * build; the console runs on Preact (web/vite.config.ts), whose compat layer answers the value
 * as it is and cannot interrupt a render.
 */

/** How long the value must stay unchanged before the list follows it: a little over the gap between keys of someone typing an id. */
const PAUSE_MS = 200;

/** `value` as of the last pause in its changes (the value itself on first render). */
export function useDeferredValue<T>(value: T): T {
  const [deferred, setDeferred] = useState(value);
  useEffect(() => {
    if (Object.is(value, deferred)) return;
    const timer = setTimeout(() => setDeferred(() => value), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value, deferred]);
  return deferred;
}
