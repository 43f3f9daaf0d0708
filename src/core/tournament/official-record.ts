import type { PenaltyId } from '../policy/assess-types.js';
import type { Actor, TournamentCreated, TournamentEvent } from './events.js';
import { isOnRecord, issuedPenalty, PENALTY_EVENT_TYPES, penaltyAfter } from './evolve-penalties.js';
import type { PenaltyState } from './state.js';

/*
 * The official record: per player, across tournaments, every penalty in force that the
 * tournament's own pack marks as recorded (warning and above in the seed's rules). Cautions
 * and rescinded penalties are not on it; they stay in each tournament's log. A changed penalty
 * shows what it was changed to, with the appeal's reason; a raised lateness shows the penalty
 * it was raised to. Each penalty is folded by the same reducer as the tournament state
 * (`evolve-penalties.ts`), so the record says what the penalty log and the exports say.
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
  /** Why the latest appeal denied failed (the penalty stands as it is shown). */
  readonly appealDeniedReason: string | null;
}

/** The events the record is built from: every event that changes a penalty, and the tournaments' creation. */
export const RECORD_EVENT_TYPES = ['TournamentCreated', ...PENALTY_EVENT_TYPES] as const;

/** One tournament's penalties as its state would hold them. */
interface Folded {
  readonly tournamentId: string;
  created: TournamentCreated['data'] | undefined;
  readonly penalties: Map<number, PenaltyState>;
}

/** Every player's record, entries in the order issued; players with no recorded penalty are absent. */
export function officialRecord(events: Iterable<LoggedEvent>): Map<string, RecordEntry[]> {
  const tournaments = new Map<string, Folded>();
  const folded = (id: string): Folded => {
    let f = tournaments.get(id);
    if (!f) {
      f = { tournamentId: id, created: undefined, penalties: new Map() };
      tournaments.set(id, f);
    }
    return f;
  };
  // Penalties in the order issued, across tournaments.
  const order: { readonly f: Folded; readonly id: number }[] = [];
  for (const event of events) {
    const f = folded(event.tournamentId);
    switch (event.type) {
      case 'TournamentCreated':
        f.created ??= event.data;
        break;
      case 'PenaltyIssued':
        f.penalties.set(event.data.penaltyId, issuedPenalty(event.data, event.at));
        order.push({ f, id: event.data.penaltyId });
        break;
      case 'PenaltyChanged':
      case 'TardinessRaised':
      case 'PenaltyRescinded':
      case 'AppealDenied': {
        const p = f.penalties.get(event.data.penaltyId);
        if (p) f.penalties.set(p.id, penaltyAfter(p, event));
        break;
      }
      default:
        break;
    }
  }

  const record = new Map<string, RecordEntry[]>();
  for (const { f, id } of order) {
    const t = f.created;
    const p = f.penalties.get(id);
    if (!t || !p || !isOnRecord(t.pack, p)) continue;
    const entry = recordEntry(f.tournamentId, t, p);
    record.set(p.player, [...(record.get(p.player) ?? []), entry]);
  }
  return record;
}

/** One penalty on the record, as the penalty log states it. */
function recordEntry(tournamentId: string, t: TournamentCreated['data'], p: PenaltyState): RecordEntry {
  const firstAppeal = p.appeals[0];
  const lastChange = p.appeals.filter((a) => a.kind === 'changed').at(-1);
  return {
    tournamentId,
    tournamentName: t.settings.name,
    date: t.settings.date,
    penaltyId: p.id,
    round: p.context.round,
    table: p.context.currentMatch?.table ?? null,
    infraction: p.report.infraction,
    penalty: p.penalty,
    issuedAs: firstAppeal && firstAppeal.from !== p.penalty ? firstAppeal.from : null,
    judge: p.judge,
    at: p.at,
    deviationReason: p.deviationReason,
    appealReason: lastChange?.reason ?? null,
    appealDeniedReason: p.appeals.filter((a) => a.kind === 'denied').at(-1)?.reason ?? null,
  };
}
