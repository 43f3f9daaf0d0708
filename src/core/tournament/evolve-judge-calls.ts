import type { CallClaimed, CallEscalated, CallOpened, CallResolved, CallRulesSet } from './events.js';
import { judgeCalls, withOpened, withStep } from './judge-calls.js';
import type { Tournament } from './state.js';

/** The state after a judge call's event or the organizer's rule for calls; each adds one item to the calls' ledgers. */
export function evolveJudgeCalls(
  t: Tournament,
  event: CallOpened | CallClaimed | CallEscalated | CallResolved | CallRulesSet,
): Tournament {
  const s = judgeCalls(t);
  const at = event.at;
  switch (event.type) {
    case 'CallRulesSet':
      return { ...t, judgeCalls: { ...s, rules: { minimumMinutes: event.data.minimumMinutes } } };
    case 'CallOpened':
      return { ...t, judgeCalls: withOpened(s, { ...event.data, at }) };
    case 'CallClaimed':
      return { ...t, judgeCalls: withStep(s, { kind: 'claimed', ...event.data, at }) };
    case 'CallEscalated':
      return { ...t, judgeCalls: withStep(s, { kind: 'escalated', ...event.data, at }) };
    case 'CallResolved':
      return { ...t, judgeCalls: withStep(s, { kind: 'resolved', ...event.data, at }) };
  }
}
