import { assess } from '../../core/policy/assess.js';
import { PENALTY_IDS, type AssessReport, type PenaltyId } from '../../core/policy/assess-types.js';
import { minutesLate } from '../../core/tournament/minutes-late.js';
import { deriveOneMatch } from '../../core/tournament/match-results.js';
import { effectsByMatch, matchKey } from '../../core/tournament/penalty-effects.js';
import { clockInfraction, latenessPenalty } from '../../core/tournament/same-lateness.js';
import { departures, repeatHistory } from '../../core/tournament/state-queries.js';
import type { RoundState, Tournament } from '../../core/tournament/state.js';

/** A player not seated at the round's seat time, with the penalty the guideline proposes now. */
export interface LatePlayer {
  readonly player: string;
  readonly name: string;
  readonly table: number;
  /** Who wins the duels or the match a tardiness loss gives away, so the judge sees the effect before confirming. */
  readonly opponent: { readonly id: string; readonly name: string };
  /** Minutes since the seat time, to a tenth (so 4.9 is still under the 5-minute threshold). */
  readonly minutesLate: number;
  readonly penalty: PenaltyId;
  /** From the second tardiness of this player in the tournament: the count and the step up the judge may choose. */
  readonly repeat: { readonly count: number; readonly upgradeTo: PenaltyId | null } | null;
  /** The penalty already issued for this lateness (one lateness, one penalty), if any. */
  readonly issued: { readonly penaltyId: number; readonly penalty: PenaltyId } | null;
  /** Whether confirming now changes the record: nothing issued yet, or the proposal is heavier and replaces it. */
  readonly confirmable: boolean;
}

/** The phase tardiness is reported in: the player's match has not started for them, so a duel or match loss lands on it as "the next match". */
export const TARDINESS_PHASE = 'between-matches' as const;

/** The report the round clock proposes for a player `minutes` late: the pack's clock infraction, stated in its minutes fact. */
export function lateReport(t: Tournament, minutes: number): AssessReport {
  const { infraction, minutesFact } = clockInfraction(t);
  return { infraction, facts: { [minutesFact]: minutes }, phase: TARDINESS_PHASE };
}

/**
 * Every player of the round's unreported matches whom no judge has marked seated, once the
 * seat time has passed, with the guideline penalty for their delay right now (thresholds and
 * repeats come from the tournament's pack). A player whose match is already decided, or who
 * dropped, is not listed. Linear in the round's size: a 4,096-player round is listed in
 * milliseconds, so the list can be pushed every second.
 */
export function latePlayers(t: Tournament, round: RoundState, now: Date): LatePlayer[] {
  const late = minutesLate(round.seatTime, now);
  if (late === 0 || round.ended || !round.started) return [];
  const { dropped } = departures(t);
  const names = new Map(t.players.map((p) => [p.id, p.name]));
  const effects = effectsByMatch(t);
  // Players without history get the same decision: assess once per distinct history.
  const decisions = new Map<string, ReturnType<typeof assess>>();
  const list: LatePlayer[] = [];
  for (const match of round.matches) {
    if (match.report !== null) continue;
    const waiting = match.players.filter((player) => !match.seated.has(player) && !dropped.has(player));
    if (waiting.length === 0) continue;
    // A match already decided by penalties (say the opponent's tardiness match loss) has nobody left to wait for.
    // Only a match some penalty lands on can be decided without a report; the rest are pending.
    const hit = effects.has(matchKey(round.number, match.table));
    if (hit && deriveOneMatch(t, round.number, match, round.stage).record.outcome.kind !== 'pending') continue;
    for (const player of waiting) {
      const opponentOf = match.players[0] === player ? match.players[1] : match.players[0];
      const issued = latenessPenalty(t, player, round.number);
      // The core's repeat count: an added penalty (rules 7, 10) is not a repeat, nor is the
      // penalty already issued for this lateness (a heavier proposal replaces it).
      const previous = repeatHistory(t, player, issued?.id);
      const key = previous.join('\u0000');
      let decided = decisions.get(key);
      if (!decided) {
        decided = assess({ ...lateReport(t, late), previous }, t.pack.content);
        decisions.set(key, decided);
      }
      if (!decided.ok) continue;
      list.push({
        player,
        name: names.get(player) ?? player,
        table: match.table,
        opponent: { id: opponentOf, name: names.get(opponentOf) ?? opponentOf },
        minutesLate: late,
        penalty: decided.value.penalty,
        repeat: decided.value.repeat,
        issued: issued ? { penaltyId: issued.id, penalty: issued.penalty } : null,
        confirmable: !issued || PENALTY_IDS.indexOf(decided.value.penalty) > PENALTY_IDS.indexOf(issued.penalty),
      });
    }
  }
  return list;
}
