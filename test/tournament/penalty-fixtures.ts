import type { AppliesTo, PenaltyId, Phase } from '../../src/core/policy/assess-types.js';
import type { IssuePenalty, PenaltyChoice } from '../../src/core/tournament/commands.js';
import type { Role } from '../../src/core/tournament/events.js';
import { matchRecords } from '../../src/core/tournament/match-results.js';
import type { TournamentState } from '../../src/core/tournament/state.js';
import { created, meta, registered, swissRound } from './fixtures.js';

/** Four players, round 1 paired a–b at table 1 and c–d at table 2. */
export const roundOne = [
  created(),
  registered('a'),
  registered('b'),
  registered('c'),
  registered('d'),
  swissRound(1, [
    ['a', 'b'],
    ['c', 'd'],
  ]),
];

interface IssueOptions {
  facts?: Record<string, number | boolean>;
  role?: Role;
  choice?: PenaltyChoice;
  appliesTo?: AppliesTo;
  duel?: number;
  round?: number;
  table?: number;
  statements?: string[];
  matchAlreadyLost?: boolean;
  at?: string;
}

/** An IssuePenalty command as a judge's console would send it. */
export function issue(player: string, infraction: string, phase: Phase, o: IssueOptions = {}): IssuePenalty {
  return {
    type: 'IssuePenalty',
    data: {
      player,
      report: {
        infraction,
        phase,
        ...(o.facts ? { facts: o.facts } : {}),
        ...(o.matchAlreadyLost ? { matchAlreadyLost: true } : {}),
      },
      choice: o.choice ?? { kind: 'guideline' },
      ...(o.appliesTo ? { appliesTo: o.appliesTo } : {}),
      ...(o.duel ? { duel: o.duel } : {}),
      ...(o.round ? { round: o.round } : {}),
      ...(o.table ? { table: o.table } : {}),
      ...(o.statements ? { statements: o.statements } : {}),
    },
    meta: meta(o.role ?? 'judge', o.at ? { at: o.at } : {}),
  };
}

/** Another penalty than the guideline. */
export const other = (penalty: PenaltyId, reason?: string): PenaltyChoice => ({
  kind: 'other',
  penalty,
  ...(reason ? { reason } : {}),
});

/** The derived record of one match of a state. */
export function recordAt(state: TournamentState, round: number, table: number | null) {
  if (state.status === 'none') throw new Error('no tournament');
  const record = matchRecords(state).find((m) => m.round === round && m.table === table);
  if (!record) throw new Error(`no match at round ${round} table ${table}`);
  return record;
}
