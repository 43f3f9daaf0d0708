import { explain } from './command-problems.js';
import type { AppliesTo, PenaltyId, Phase } from '../policy/assess-types.js';
import { landingOptions } from '../policy/landing-options.js';
import type { Pack } from '../policy/pack-schema.js';
import { err, ok, type Result } from '../result.js';
import { domainError, type DomainError } from './domain-errors.js';
import { movesToNextMatch } from './penalty-authority.js';
import { duelsPerMatch, winsNeeded, type BestOf } from './match-format.js';
import type { Landing, PenaltyContext } from './events.js';
import { penaltiesInForce } from './state-queries.js';
import type { PenaltyState, Tournament } from './state.js';

/*
 * Where a penalty takes effect (spec §4), in two steps. When it is issued or changed, the
 * pack's timing table and the judge's choice give a Landing: a duel or match already paired,
 * or "the player's next match" when that is not paired yet. When results are derived, every
 * penalty in force is resolved to the match it lands on; a rescinded one simply isn't.
 */

export interface LandingRequest {
  readonly pack: Pack;
  readonly player: string;
  readonly penalty: PenaltyId;
  readonly phase: Phase;
  readonly matchAlreadyLost: boolean;
  readonly appliesTo: AppliesTo | undefined;
  readonly duel: number | undefined;
  readonly context: PenaltyContext;
  /** The format of the player's current match (any, between matches). */
  readonly bestOf: BestOf;
}

export interface LandingChoice {
  readonly landing: Landing;
  readonly appliesTo: AppliesTo | null;
  /** A match loss put on the next match while the player was in a match (spec §5: head judge only). */
  readonly movedToNextMatch: boolean;
}

/**
 * Whether the judge names the duel a penalty lands on: a duel loss on the current or next duel
 * of the match the player is in, when the match has more than one duel (a single duel is the
 * whole match: its duel is 1, and its next duel is the next match's first).
 */
export const takesDuelNumber = (phase: Phase, appliesTo: AppliesTo | null, bestOf: BestOf): boolean =>
  phase !== 'between-matches' && (appliesTo === 'current-duel' || appliesTo === 'next-duel') && bestOf !== 1;

/** The first duel a judge may name for a duel loss: between duels one duel is already over (rule 1-C, "the next duel"). */
export const firstNamedDuel = (phase: Phase): number => (phase === 'between-duels' ? 2 : 1);

/** Where the penalty lands, or why it cannot land as asked. */
export function chooseLanding(request: LandingRequest): Result<LandingChoice, DomainError> {
  const { pack, penalty, phase, matchAlreadyLost, context } = request;
  const { propose, options } = landingOptions(pack, penalty, phase, matchAlreadyLost);
  const appliesTo = request.appliesTo ?? propose;
  if (request.appliesTo !== undefined && request.appliesTo !== propose && !options.includes(request.appliesTo)) {
    return err(domainError('landing-not-allowed', { appliesTo: request.appliesTo, options }));
  }
  const none: LandingChoice = { landing: { kind: 'none' }, appliesTo: null, movedToNextMatch: false };

  const current = context.currentMatch;
  const inMatch = phase !== 'between-matches';
  // A duel number only means something for a duel loss in the match being played (rule 1-C).
  const duelInMatch = inMatch && (appliesTo === 'current-duel' || appliesTo === 'next-duel');
  if (request.duel !== undefined && !duelInMatch) {
    return err(
      domainError('invalid-command', {
        field: 'duel',
        problem: explain('duel-number-without-duel-loss'),
      }),
    );
  }
  if (appliesTo === null) return ok(none);
  switch (appliesTo) {
    case 'current-duel':
    case 'next-duel': {
      if (!inMatch)
        return ok({
          landing: { kind: 'next-match', fromRound: context.nextFromRound },
          appliesTo,
          movedToNextMatch: false,
        });
      if (current === null) return err(domainError('no-current-match', { player: request.player }));
      const single = request.bestOf === 1;
      // A single duel is the whole match: its "next duel" is the first duel of the player's next match.
      if (single && appliesTo === 'next-duel') {
        if (request.duel !== undefined)
          return err(domainError('invalid-command', { field: 'duel', problem: explain('single-duel-next') }));
        return ok({
          landing: { kind: 'next-match', fromRound: current.round + 1 },
          appliesTo,
          movedToNextMatch: false,
        });
      }
      if (request.duel === undefined && takesDuelNumber(phase, appliesTo, request.bestOf))
        return err(domainError('duel-number-required'));
      const duel = request.duel ?? 1;
      const most = duelsPerMatch(request.bestOf);
      if (!Number.isInteger(duel) || duel < 1 || duel > most) {
        return err(
          domainError('invalid-command', {
            field: 'duel',
            problem: explain('duel-number-range', { most, duel }),
          }),
        );
      }
      // Between duels at least one duel is over: the next duel comes after a played one, never duel 1.
      if (duel < firstNamedDuel(phase)) {
        return err(
          domainError('invalid-command', { field: 'duel', problem: explain('next-duel-after-played', { duel }) }),
        );
      }
      return ok({
        landing: { kind: 'duel', round: current.round, table: current.table, duel },
        appliesTo,
        movedToNextMatch: false,
      });
    }
    case 'current-match':
      if (current === null) return err(domainError('no-current-match', { player: request.player }));
      return ok({
        landing: { kind: 'match', round: current.round, table: current.table },
        appliesTo,
        movedToNextMatch: false,
      });
    case 'next-match': {
      const fromRound = current !== null ? current.round + 1 : context.nextFromRound;
      return ok({
        landing: { kind: 'next-match', fromRound },
        appliesTo,
        movedToNextMatch: movesToNextMatch(penalty, phase, appliesTo),
      });
    }
    default: {
      const _exhaustive: never = appliesTo;
      return _exhaustive;
    }
  }
}

export interface DuelLossEffect {
  readonly penaltyId: number;
  readonly player: string;
  readonly duel: number;
  /** Landed on the first duel before any was played (spec §5: no side decking before the first duel played). */
  readonly beforeFirstDuel: boolean;
}

export interface MatchEffects {
  readonly duelLosses: readonly DuelLossEffect[];
  /** Players who lose the match by a match loss or a disqualification. */
  readonly matchLosses: readonly { readonly penaltyId: number; readonly player: string }[];
}

export const NO_EFFECTS: MatchEffects = { duelLosses: [], matchLosses: [] };

/** The key of a match in effect maps. */
export const matchKey = (round: number, table: number): string => `${round}/${table}`;

type Building = { duelLosses: DuelLossEffect[]; matchLosses: { penaltyId: number; player: string }[] };

/**
 * The match a penalty in force lands on now, given the effects of the penalties before it;
 * `null` when it lands on none (yet). A bye has no duel to lose, so "next match" skips it; a
 * duel loss for "the next match" also skips a match whose duels the player has already lost
 * by penalty (in a single-duel match, one duel loss), since it has no duel left to take.
 */
function targetOf(
  t: Tournament,
  p: PenaltyState,
  effects: ReadonlyMap<string, Building>,
): { round: number; table: number } | null {
  const landing = p.landing;
  switch (landing.kind) {
    case 'none':
      return null;
    case 'duel':
    case 'match':
      return { round: landing.round, table: landing.table };
    case 'next-match': {
      for (const round of t.rounds) {
        if (round.number < landing.fromRound) continue;
        const table = round.tableOf.get(p.player);
        if (table === undefined) continue;
        const lost =
          effects.get(matchKey(round.number, table))?.duelLosses.filter((d) => d.player === p.player).length ?? 0;
        if (p.penalty === 'duel-loss' && lost >= winsNeeded(round.bestOf)) continue;
        return { round: round.number, table };
      }
      return null;
    }
    default: {
      const _exhaustive: never = landing;
      return _exhaustive;
    }
  }
}

/** Adds one penalty's effect to its match; a duel loss for "the next match" takes the player's first duel not yet lost by penalty. */
function addEffect(entry: Building, p: PenaltyState): void {
  if (p.landing.kind === 'duel') {
    entry.duelLosses.push({ penaltyId: p.id, player: p.player, duel: p.landing.duel, beforeFirstDuel: false });
  } else if (p.landing.kind === 'match' || p.penalty !== 'duel-loss') {
    entry.matchLosses.push({ penaltyId: p.id, player: p.player });
  } else {
    const taken = new Set(entry.duelLosses.filter((d) => d.player === p.player).map((d) => d.duel));
    let duel = 1;
    while (taken.has(duel)) duel += 1;
    entry.duelLosses.push({ penaltyId: p.id, player: p.player, duel, beforeFirstDuel: duel === 1 });
  }
}

/** Every penalty in force resolved to the match it lands on, in the order issued (a later loss for "the next match" finds the earlier ones' duels taken). */
export function effectsByMatch(t: Tournament): ReadonlyMap<string, MatchEffects> {
  const effects = new Map<string, Building>();
  for (const p of penaltiesInForce(t)) {
    const target = targetOf(t, p, effects);
    if (!target) continue;
    const key = matchKey(target.round, target.table);
    let entry = effects.get(key);
    if (!entry) {
      entry = { duelLosses: [], matchLosses: [] };
      effects.set(key, entry);
    }
    addEffect(entry, p);
  }
  return effects;
}

/** The penalty effects on one match. */
export function effectsOn(t: Tournament, round: number, table: number): MatchEffects {
  return effectsByMatch(t).get(matchKey(round, table)) ?? NO_EFFECTS;
}
