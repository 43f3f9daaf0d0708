import { PENALTY_IDS, type FactValue, type PenaltyId, type Phase } from '../core/policy/assess-types.js';
import { isOnRecord } from '../core/tournament/evolve-penalties.js';
import { changeNeedsStatements } from '../core/tournament/penalty-authority.js';
import type { Actor, Landing } from '../core/tournament/events.js';
import type { Text } from '../core/text.js';
import { deriveMatches } from '../core/tournament/match-results.js';
import { noMatchLeftReason, type NoMatchLeftReason } from '../core/tournament/next-match.js';
import { findPlayer, isDisqualification } from '../core/tournament/state-queries.js';
import type { PenaltyAppeal, Tournament } from '../core/tournament/state.js';

/*
 * The tournament's penalty log: every penalty ever issued, cautions and rescinded ones
 * included, with what it is now after appeals and the match it landed on. This is the head
 * judge's view; the official record (recorded penalties in force) is `officialRecord`.
 */

/** The duel or match a penalty decided; `duel` is null for a match loss. */
export interface LandedOn {
  readonly round: number;
  readonly table: number;
  readonly duel: number | null;
}

export type PenaltyStatus = 'in-force' | 'changed' | 'rescinded';

export interface PenaltyLogEntry {
  readonly id: number;
  readonly at: string;
  /** The latest paired round when the penalty was issued (0 before round 1). */
  readonly round: number;
  /** The table of the match the player was in, for reports during a match. */
  readonly table: number | null;
  readonly player: string;
  readonly name: string;
  readonly infraction: string;
  readonly phase: Phase;
  readonly facts: Readonly<Record<string, FactValue>>;
  readonly guideline: PenaltyId;
  /** As first issued (the judge's final choice). */
  readonly issuedAs: PenaltyId;
  /** In force now, after appeals; the issued one for a rescinded penalty. */
  readonly penalty: PenaltyId;
  readonly status: PenaltyStatus;
  /** On the official record: the pack records this penalty and it was not rescinded. */
  readonly recorded: boolean;
  readonly repeatUpgrade: boolean;
  readonly deviationReason: string | null;
  /** The judge's reason for a repeat upgrade or an added penalty. */
  readonly reason: string | null;
  /** Added (rules 7, 10) to this penalty of the same report. */
  readonly addedTo: number | null;
  /** Recorded with no match left to land on: no result effect. */
  readonly noMatchLeft: boolean;
  readonly appeals: readonly PenaltyAppeal[];
  readonly landing: Landing;
  /** Where a duel loss or match loss took effect; null when it lands on nothing (yet). */
  readonly landedOn: LandedOn | null;
  /**
   * A loss that waited for "the next match" and can no longer land (say the player missed the
   * top cut), with why; it stays on the record, with no effect on any result. Null otherwise.
   */
  readonly couldNotLand: { readonly reason: NoMatchLeftReason; readonly text: Text } | null;
  readonly statements: readonly string[];
  /** The penalty in force disqualifies the player. */
  readonly disqualification: boolean;
  /** On appeal, the penalties a change to must bring statements (the pack's rule; none once it has some). */
  readonly changeNeedsStatements: readonly PenaltyId[];
  /** The judge's words about what happened (staff only), or null. */
  readonly notes: string | null;
  readonly judge: Actor;
}

/** Every penalty of the tournament in the order issued. */
export function penaltyLog(t: Tournament): PenaltyLogEntry[] {
  const landed = landings(t);
  const settings = t.pack.content.settings;
  return t.penalties.map((p) => ({
    id: p.id,
    at: p.at,
    round: p.context.round,
    table: p.context.currentMatch?.table ?? null,
    player: p.player,
    name: findPlayer(t, p.player)?.name ?? p.player,
    infraction: p.report.infraction,
    phase: p.report.phase,
    facts: p.report.facts ?? {},
    guideline: p.guideline.penalty,
    issuedAs: p.appeals[0]?.from ?? p.penalty,
    penalty: p.penalty,
    // A denied appeal leaves the penalty in force as issued.
    status: p.rescinded ? 'rescinded' : p.appeals.some((a) => a.kind === 'changed') ? 'changed' : 'in-force',
    recorded: isOnRecord(t.pack, p),
    repeatUpgrade: p.repeatUpgrade,
    deviationReason: p.deviationReason,
    reason: p.reason,
    addedTo: p.addedTo,
    noMatchLeft: p.noMatchLeft,
    appeals: p.appeals,
    landing: p.landing,
    landedOn: landed.get(p.id) ?? null,
    couldNotLand:
      p.rescinded || p.landing.kind !== 'next-match' || landed.has(p.id)
        ? null
        : couldNotLand(t, p.player, p.landing.fromRound),
    statements: p.statements,
    disqualification: isDisqualification(p.penalty),
    changeNeedsStatements: PENALTY_IDS.filter((x) => changeNeedsStatements(settings, x, p.statements)),
    notes: p.notes,
    judge: p.judge,
  }));
}

const NO_MATCH_LEFT: Record<NoMatchLeftReason, Text> = {
  'left-tournament': {
    ja: '次のマッチの前に選手が大会から外れました（ドロップまたは失格）',
    en: 'the player left the tournament (dropped or disqualified) before a next match',
  },
  'cut-from-swiss': {
    ja: '選手がスイスドローのカットで敗退したため、次のマッチがありません',
    en: 'the player was cut from the Swiss rounds, so there is no next match',
  },
  'not-in-top-cut': {
    ja: '選手が決勝トーナメントに進出しなかったため、次のマッチがありません',
    en: 'the player did not make the top cut, so there is no next match',
  },
  eliminated: {
    ja: '選手が決勝トーナメントで敗退したため、次のマッチがありません',
    en: 'the player is out of the elimination bracket, so there is no next match',
  },
  'no-round-left': { ja: '大会に残りの回戦がありません', en: 'the tournament has no round left' },
};

function couldNotLand(t: Tournament, player: string, fromRound: number): PenaltyLogEntry['couldNotLand'] {
  const reason = noMatchLeftReason(t, player, fromRound);
  return reason === null ? null : { reason, text: NO_MATCH_LEFT[reason] };
}

/** Penalty id → the duel or match it decides now, from the derived results. */
function landings(t: Tournament): Map<number, LandedOn> {
  const landed = new Map<number, LandedOn>();
  for (const m of deriveMatches(t).matches) {
    const { round, table } = m.record;
    if (table === null) continue;
    for (const d of m.effects.duelLosses) landed.set(d.penaltyId, { round, table, duel: d.duel });
    for (const l of m.effects.matchLosses) landed.set(l.penaltyId, { round, table, duel: null });
  }
  return landed;
}

/** "round 2, table 4, duel 1" / "第2回戦 卓4 第1デュエル". */
export function landedOnText(l: LandedOn, lang: 'ja' | 'en'): string {
  const text: Text = {
    ja: `第${l.round}回戦 卓${l.table}${l.duel === null ? ' マッチ' : ` 第${l.duel}デュエル`}`,
    en: `round ${l.round}, table ${l.table}, ${l.duel === null ? 'match' : `duel ${l.duel}`}`,
  };
  return text[lang];
}
