import type { PenaltyId } from '../policy/assess-types.js';
import type {
  AppealDenied,
  PenaltyChanged,
  PenaltyIssued,
  PenaltyRescinded,
  RecordedPack,
  TardinessRaised,
  TournamentEvent,
} from './events.js';
import type { PenaltyState } from './state.js';

/*
 * How penalty events change one penalty: the one home of it. The tournament state folds them
 * (`evolve`), and so does the official record across tournaments (`officialRecord`), so the
 * record, the penalty log and the exports read the same facts and cannot disagree on what a
 * penalty is now.
 */

/** The events that change a penalty; the official record reads exactly these (and each tournament's creation). */
export const PENALTY_EVENT_TYPES = [
  'PenaltyIssued',
  'PenaltyChanged',
  'TardinessRaised',
  'PenaltyRescinded',
  'AppealDenied',
] as const;

export type PenaltyEvent = Extract<TournamentEvent, { type: (typeof PENALTY_EVENT_TYPES)[number] }>;

export const isPenaltyEvent = (event: TournamentEvent): event is PenaltyEvent =>
  (PENALTY_EVENT_TYPES as readonly string[]).includes(event.type);

/** A penalty as it stands when issued (no appeal yet); `decide` also folds its own draft with it, for a second penalty of the same command. */
export function issuedPenalty(d: PenaltyIssued['data'], at: string): PenaltyState {
  return {
    id: d.penaltyId,
    player: d.player,
    report: d.report,
    guideline: d.guideline,
    penalty: d.penalty,
    repeatUpgrade: d.repeatUpgrade,
    deviationReason: d.deviationReason,
    context: d.context,
    landing: d.landing,
    statements: d.statements,
    judge: d.judge,
    reason: d.reason ?? null,
    addedTo: d.addedTo ?? null,
    noMatchLeft: d.noMatchLeft === true,
    notes: d.notes ?? null,
    at,
    rescinded: false,
    appeals: [],
  };
}

/** How a list grows: a fresh copy by default; a fold passes its own in-place growth, so many appeals of one penalty stay linear. */
type Append = <T>(items: readonly T[], item: T) => readonly T[];
const copied: Append = (items, item) => [...items, item];

/** The penalty after an appeal or a raised lateness about it. */
export function penaltyAfter(
  p: PenaltyState,
  event: PenaltyChanged | TardinessRaised | PenaltyRescinded | AppealDenied,
  append: Append = copied,
): PenaltyState {
  switch (event.type) {
    case 'PenaltyChanged': {
      const d = event.data;
      return {
        ...p,
        penalty: d.penalty,
        landing: d.landing,
        noMatchLeft: d.noMatchLeft === true,
        statements: d.statements.reduce((all, s) => append(all, s), p.statements),
        appeals: append(p.appeals, {
          kind: 'changed',
          from: p.penalty,
          to: d.penalty,
          reason: d.reason,
          judge: d.judge,
          at: event.at,
        }),
      };
    }
    case 'TardinessRaised': {
      // One penalty per lateness: the raised penalty is what was issued, not an appeal.
      const d = event.data;
      return {
        ...p,
        report: d.report,
        guideline: d.guideline,
        penalty: d.penalty,
        repeatUpgrade: d.repeatUpgrade,
        landing: d.landing,
        raised: append(p.raised ?? [], { from: p.penalty, to: d.penalty, judge: d.judge, at: event.at }),
      };
    }
    case 'PenaltyRescinded': {
      const d = event.data;
      return {
        ...p,
        rescinded: true,
        appeals: append(p.appeals, {
          kind: 'rescinded',
          from: p.penalty,
          to: null,
          reason: d.reason,
          judge: d.judge,
          at: event.at,
        }),
      };
    }
    case 'AppealDenied': {
      const d = event.data;
      return {
        ...p,
        appeals: append(p.appeals, {
          kind: 'denied',
          from: p.penalty,
          to: p.penalty,
          reason: d.reason,
          judge: d.judge,
          at: event.at,
        }),
      };
    }
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** Whether the tournament's own pack records this penalty officially (warning and above in the seed's rules). */
export const recordsPenalty = (pack: RecordedPack, penalty: PenaltyId): boolean =>
  pack.content.penalties.find((p) => p.id === penalty)?.recorded ?? true;

/** On the official record: in force, and a penalty the tournament's pack records. */
export const isOnRecord = (pack: RecordedPack, p: PenaltyState): boolean =>
  !p.rescinded && recordsPenalty(pack, p.penalty);
