import type { PlayerCheckedIn, PlayerReportingSet, PlayerResultReported } from './events.js';
import { selfService } from './self-service.js';
import type { Tournament } from './state.js';

/** The state after a player's report, a check-in, or the organizer's reporting setting. */
export function evolveSelfService(
  t: Tournament,
  event: PlayerReportingSet | PlayerResultReported | PlayerCheckedIn,
): Tournament {
  const s = selfService(t);
  switch (event.type) {
    case 'PlayerReportingSet':
      return { ...t, selfService: { ...s, reporting: { ...event.data } } };
    case 'PlayerResultReported': {
      const { round, table, player, duels } = event.data;
      return { ...t, selfService: { ...s, reports: [...s.reports, { round, table, player, duels, at: event.at }] } };
    }
    case 'PlayerCheckedIn':
      return {
        ...t,
        selfService: { ...s, checkedIn: { ...s.checkedIn, [event.data.player]: { at: event.at, by: event.data.by } } },
      };
  }
}
