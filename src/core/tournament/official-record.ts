import type { PenaltyId } from '../policy/assess-types.js';
import type { Actor, PenaltyIssued, RecordedPack, TournamentCreated, TournamentEvent } from './events.js';

/*
 * The official record: per player, across tournaments, every penalty in force that the
 * tournament's own pack marks as recorded (warning and above in the seed's rules). Cautions
 * and rescinded penalties are not on it; they stay in each tournament's log. A changed penalty
 * shows what it was changed to, with the appeal's reason.
 */

/** An event as read across tournaments: the store's envelope around a tournament event. */
export type LoggedEvent = TournamentEvent & { readonly tournamentId: string };

export interface RecordEntry {
  readonly tournamentId: string;
  readonly tournamentName: string;
  readonly date: string;
  readonly penaltyId: number;
  /** The latest paired round when the penalty was issued (0 before round 1). */
  readonly round: number;
  readonly table: number | null;
  readonly infraction: string;
  readonly penalty: PenaltyId;
  /** The penalty first issued, when an appeal changed it. */
  readonly issuedAs: PenaltyId | null;
  readonly judge: Actor;
  readonly at: string;
  readonly deviationReason: string | null;
  readonly appealReason: string | null;
}

/** The events the record is built from. */
export const RECORD_EVENT_TYPES = ['TournamentCreated', 'PenaltyIssued', 'PenaltyChanged', 'PenaltyRescinded'] as const;

interface Open {
  readonly issued: PenaltyIssued['data'];
  readonly at: string;
  readonly tournament: TournamentCreated['data'] | undefined;
  penalty: PenaltyId;
  appealReason: string | null;
  rescinded: boolean;
}

/** Every player's record, entries in the order issued; players with no recorded penalty are absent. */
export function officialRecord(events: Iterable<LoggedEvent>): Map<string, RecordEntry[]> {
  const tournaments = new Map<string, TournamentCreated['data']>();
  const penalties = new Map<string, Open>();
  for (const event of events) {
    const key = (id: number) => `${event.tournamentId}#${id}`;
    switch (event.type) {
      case 'TournamentCreated':
        tournaments.set(event.tournamentId, event.data);
        break;
      case 'PenaltyIssued':
        penalties.set(key(event.data.penaltyId), {
          issued: event.data,
          at: event.at,
          tournament: tournaments.get(event.tournamentId),
          penalty: event.data.penalty,
          appealReason: null,
          rescinded: false,
        });
        break;
      case 'PenaltyChanged': {
        const open = penalties.get(key(event.data.penaltyId));
        if (open) Object.assign(open, { penalty: event.data.penalty, appealReason: event.data.reason });
        break;
      }
      case 'TardinessRaised': {
        // One penalty per lateness: the raised penalty is what was issued, not an appeal.
        const open = penalties.get(key(event.data.penaltyId));
        if (open)
          Object.assign(open, {
            issued: { ...open.issued, penalty: event.data.penalty, report: event.data.report },
            penalty: event.data.penalty,
          });
        break;
      }
      case 'PenaltyRescinded': {
        const open = penalties.get(key(event.data.penaltyId));
        if (open) open.rescinded = true;
        break;
      }
      default:
        break;
    }
  }

  const record = new Map<string, RecordEntry[]>();
  for (const [id, open] of penalties) {
    const t = open.tournament;
    if (open.rescinded || !t || !isRecorded(t.pack, open.penalty)) continue;
    const d = open.issued;
    const entry: RecordEntry = {
      tournamentId: id.slice(0, id.lastIndexOf('#')),
      tournamentName: t.settings.name,
      date: t.settings.date,
      penaltyId: d.penaltyId,
      round: d.context.round,
      table: d.context.currentMatch?.table ?? null,
      infraction: d.report.infraction,
      penalty: open.penalty,
      issuedAs: open.penalty === d.penalty ? null : d.penalty,
      judge: d.judge,
      at: open.at,
      deviationReason: d.deviationReason,
      appealReason: open.appealReason,
    };
    record.set(d.player, [...(record.get(d.player) ?? []), entry]);
  }
  return record;
}

/** Whether the tournament's own pack records this penalty officially. */
const isRecorded = (pack: RecordedPack, penalty: PenaltyId): boolean =>
  pack.content.penalties.find((p) => p.id === penalty)?.recorded ?? true;
