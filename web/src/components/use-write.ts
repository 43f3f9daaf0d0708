import { useEffect, useRef } from 'react';
import { outbox, type WriteOutcome } from '../api/outbox';

/**
 * Runs a write for a screen that shows its refusal inline. If the person has left the screen
 * by the time the server refuses, the refusal goes to the outbox strip instead of being lost.
 */
export function useWrite(): (send: () => Promise<WriteOutcome>) => Promise<WriteOutcome> {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return async (send) => {
    const outcome = await send();
    if (!outcome.ok && !mounted.current) outbox.keep(outcome.failed);
    return outcome;
  };
}
