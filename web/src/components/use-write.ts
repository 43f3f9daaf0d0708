import { useEffect, useRef } from 'react';
import { clientFailure, outbox, type WriteOutcome } from '../api/outbox';

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
    let outcome: WriteOutcome;
    try {
      outcome = await send();
    } catch (error) {
      // The screen's own code threw before or around the outbox: shown like a refusal, not a stuck button.
      outcome = clientFailure(error);
    }
    if (!outcome.ok && !mounted.current) outbox.keep(outcome.failed);
    return outcome;
  };
}
