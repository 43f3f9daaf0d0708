import type {
  PlayerCheckedIn,
  PlayerPairingReasonsSet,
  CheckInVenueCodeSet,
  EntryFeeSet,
  FeePaymentRecorded,
  PlayerReportingSet,
  PlayerResultReported,
  ResultReported,
} from './events.js';
import { selfService } from './self-service.js';
import type { Tournament } from './state.js';

/** The state after a player's report, a check-in, or one of the organizer's settings; each adds one item to a ledger or sets one value. */
export function evolveSelfService(
  t: Tournament,
  event:
    | PlayerReportingSet
    | PlayerPairingReasonsSet
    | CheckInVenueCodeSet
    | EntryFeeSet
    | FeePaymentRecorded
    | PlayerResultReported
    | PlayerCheckedIn,
): Tournament {
  const s = selfService(t);
  switch (event.type) {
    case 'PlayerReportingSet':
      return { ...t, selfService: { ...s, reporting: { ...event.data } } };
    case 'PlayerPairingReasonsSet':
      return { ...t, selfService: { ...s, pairingReasons: event.data.shown } };
    case 'CheckInVenueCodeSet':
      return { ...t, selfService: { ...s, venueCode: event.data.required } };
    case 'EntryFeeSet': {
      const { amount, currency } = event.data;
      return { ...t, selfService: { ...s, fee: amount === 0 ? null : { amount, currency } } };
    }
    case 'FeePaymentRecorded': {
      const { player, paid, by } = event.data;
      return { ...t, selfService: { ...s, payments: s.payments.with({ player, paid, at: event.at, by }) } };
    }
    case 'PlayerResultReported': {
      const { round, table, player, duels } = event.data;
      return { ...t, selfService: { ...s, reports: s.reports.with({ round, table, player, duels, at: event.at }) } };
    }
    case 'PlayerCheckedIn': {
      const { player, by } = event.data;
      return { ...t, selfService: { ...s, checkedIn: s.checkedIn.with({ player, at: event.at, by }) } };
    }
  }
}

/** A result the players agreed on: remembered with who reported and who confirmed. */
export function noteConfirmation(t: Tournament, event: ResultReported): Tournament {
  const by = event.data.byPlayers;
  if (!by) return t;
  const s = selfService(t);
  const confirmation = { round: event.data.round, table: event.data.table, ...by, at: event.at };
  return { ...t, selfService: { ...s, confirmations: s.confirmations.with(confirmation) } };
}
