import { explain, type Problem } from './command-problems.js';
import { assess } from '../policy/assess.js';
import { deviationTooHeavy, houseRules, isRepeatUpgrade } from '../policy/house-rules.js';
import type { Pack } from '../policy/pack-schema.js';
import {
  PENALTY_IDS,
  PHASES,
  type AssessReport,
  type Decision,
  type PenaltyId,
  type Phase,
} from '../policy/assess-types.js';
import { err, ok, type Result } from '../result.js';
import type { Text } from '../text.js';
import { checkBounded, checkText, firstError } from './command-checks.js';
import { MAX_STATEMENTS, NOTES, RULING_REASON, STATEMENT } from './limits.js';
import type { ChangePenalty, DenyAppeal, Drafted, IssuePenalty, PenaltyChoice, RescindPenalty } from './commands.js';
import type { EventDraft } from './events.js';
import { checkBracketKept } from './bracket-kept.js';
import { tardinessWithoutSeat } from './tardiness-seat.js';
import { issuedPenalty, penaltyAfter } from './evolve-penalties.js';
import { locateMatch } from './match-lookup.js';
import { domainError, type DomainError } from './domain-errors.js';
import type { Actor, Landing, PenaltyChanged, PenaltyContext, PenaltyRescinded } from './events.js';
import { deriveOneMatch } from './match-results.js';
import { changeNeedsStatements, needsHeadJudge, needsStatements } from './penalty-authority.js';
import { chooseLanding, effectsOn, type LandingChoice } from './penalty-effects.js';
import { minutesLate } from './minutes-late.js';
import { hasMatchLeft, nextMatchRound } from './next-match.js';
import { clockInfraction, decideSameLateness, sameLateness } from './same-lateness.js';
import {
  bestOfCurrent,
  findMatch,
  findPlayer,
  findRound,
  isDisqualification,
  latestRound,
  matchOf,
  repeatHistory,
  unreportedMatchOf,
} from './state-queries.js';
import type { PenaltyState, Tournament } from './state.js';

/*
 * Issuing a penalty: the report goes through `assess` with the player's own history here,
 * the judge keeps the guideline or deviates with a reason, and the penalty lands by the
 * pack's timing table. Appeals (head judge only) rescind or change a penalty with a reason;
 * the results it caused follow, because results are derived from penalties in force.
 */

type Final = { penalty: PenaltyId; repeatUpgrade: boolean; deviationReason: string | null; reason: string | null };

/** PenaltyIssued, with the guideline decision, the final penalty and where it lands; a second one for a penalty added by rules 7 and 10. */
export function decideIssuePenalty(command: IssuePenalty, t: Tournament): Drafted {
  const d = command.data;
  const player = findPlayer(t, d.player);
  if (!player) return err(domainError('player-not-found', { player: d.player }));
  const phase = d.report?.phase;
  if (!PHASES.includes(phase))
    return err(
      domainError('invalid-command', {
        field: 'report.phase',
        problem: explain('one-of', { choices: PHASES }),
      }),
    );
  const tooLong = penaltyTextBounds(d);
  if (tooLong) return err(tooLong);
  const applicable = checkApplicable(t, d.report.infraction, player.decklist !== null);
  if (!applicable.ok) return applicable;
  const noSeat = tardinessWithoutSeat(t, d.player, d.report.infraction);
  if (noSeat) return err(noSeat);
  const issued = sameLateness(t, d.player, d.report.infraction);
  if (issued) return decideSameLateness(command, t, issued);
  const context = penaltyContext(t, d.player, phase, d.round, d.table);
  if (!context.ok) return context;

  const report = reportFor(t, d.player, d.report, context.value);
  const assessed = assess(report, t.pack.content);
  if (!assessed.ok) return err(domainError('assess-failed', assessed.error));
  const guideline = assessed.value;
  const changed = guidelineChanged(t.pack.content, guideline, d.expectedGuideline);
  if (changed) return err(changed);

  const final = finalPenalty(d.choice, guideline, t.pack.content);
  if (!final.ok) return final;
  const statements = cleanStatements(d.statements);
  const penaltyId = t.penalties.length + 1;
  const first = issuedEvent(t, command, {
    penaltyId,
    report,
    guideline,
    final: final.value,
    context: context.value,
    statements,
    addedTo: null,
  });
  if (!first.ok) return first;
  if (d.additional === undefined) return ok([first.value]);

  // Rules 7, 10: where the result was affected, the floor judge may add one further penalty; the guideline one stays.
  // Under 2-A as the seed reads it (reduce or add), any penalty may be added: a deviation, with its reason.
  const addedByDeviation =
    !guideline.additionalPenaltyAllowed && houseRules(t.pack.content.settings).deviation === 'reduce-or-add';
  if (!guideline.additionalPenaltyAllowed && !addedByDeviation)
    return err(domainError('additional-penalty-not-allowed', { infraction: guideline.infraction }));
  const added = d.additional;
  if (
    !PENALTY_IDS.includes(added?.penalty) ||
    PENALTY_IDS.indexOf(added.penalty) <= PENALTY_IDS.indexOf(final.value.penalty)
  ) {
    const above = PENALTY_IDS.slice(PENALTY_IDS.indexOf(final.value.penalty) + 1);
    return err(
      domainError('invalid-command', {
        field: 'additional.penalty',
        problem: explain('additional-above', { penalty: final.value.penalty, above }),
      }),
    );
  }
  if (checkText('additional.reason', added.reason)) return err(domainError('reason-required'));
  const extra: Final = {
    penalty: added.penalty,
    repeatUpgrade: false,
    deviationReason: addedByDeviation ? added.reason.trim() : null,
    reason: addedByDeviation ? null : added.reason.trim(),
  };
  const withFirst = fold1(t, first.value);
  const second = issuedEvent(withFirst, command, {
    penaltyId: penaltyId + 1,
    report,
    guideline,
    final: extra,
    context: context.value,
    statements,
    addedTo: penaltyId,
  });
  if (!second.ok) return second;
  return ok([first.value, second.value]);
}

/** The guideline decided now, when it is not the one the judge decided on offline (penalty and repeat count). */
function guidelineChanged(
  pack: Pack,
  now: Decision,
  decided: IssuePenalty['data']['expectedGuideline'],
): DomainError | null {
  if (decided === undefined) return null;
  const repeat = now.repeat?.count ?? null;
  if (decided.penalty === now.penalty && decided.repeat === repeat) return null;
  return domainError('guideline-changed', {
    decided: guidelineWords(pack, decided.penalty, decided.repeat),
    now: guidelineWords(pack, now.penalty, repeat),
  });
}

/** 「警告（初回）」, "Warning (first time)": a guideline as the judge reads it. */
function guidelineWords(pack: Pack, penalty: PenaltyId, repeat: number | null): Text {
  const name = pack.penalties.find((p) => p.id === penalty)?.name ?? { ja: penalty, en: penalty };
  if (repeat === null) return { ja: `「${name.ja}」（初回）`, en: `"${name.en}" (first time)` };
  return { ja: `「${name.ja}」（同じ違反の${repeat}回目）`, en: `"${name.en}" (time ${repeat} for this infraction)` };
}

/** The state as if `draft` had happened, for checking a second penalty of the same command against the first. */
function fold1(t: Tournament, draft: EventDraft): Tournament {
  if (draft.type !== 'PenaltyIssued') return t;
  return { ...t, penalties: [...t.penalties, issuedPenalty(draft.data, '')] };
}

interface IssueParts {
  readonly penaltyId: number;
  readonly report: AssessReport;
  readonly guideline: Decision;
  readonly final: Final;
  readonly context: PenaltyContext;
  readonly statements: string[];
  readonly addedTo: number | null;
}

/** One PenaltyIssued: lands the final penalty, checks the judge may issue it and that it fits the match. */
function issuedEvent(t: Tournament, command: IssuePenalty, parts: IssueParts): Result<EventDraft, DomainError> {
  const d = command.data;
  const { final, context, report } = parts;
  // With an added penalty, the judge's duel and landing are the added one's when the guideline one lands on no game.
  const asked =
    parts.addedTo === null && d.additional !== undefined && !landsOnAGame(final.penalty)
      ? {}
      : { appliesTo: d.appliesTo, duel: d.duel };
  const landed = chooseLanding({
    pack: t.pack.content,
    player: d.player,
    penalty: final.penalty,
    phase: report.phase,
    matchAlreadyLost: report.matchAlreadyLost === true,
    appliesTo: asked.appliesTo,
    duel: asked.duel,
    context: narrowed(t, d.player, context, report.phase, final.penalty),
    bestOf: bestOfCurrent(t, context),
  });
  if (!landed.ok) return landed;
  const allowed = checkAuthority(
    t,
    command.meta.actor,
    final.penalty,
    final.deviationReason !== null,
    landed.value,
    parts.statements,
  );
  if (!allowed.ok) return allowed;
  const landing = disqualifiedBetweenMatches(t, d.player, final.penalty, report.phase, context, landed.value.landing);
  const fits = checkLandingFits(t, d.player, landing, true);
  if (!fits.ok) return fits;
  if (final.penalty === 'match-loss' && leftByDisqualification(t, d.player, landing))
    return err(domainError('match-already-decided', { round: landing.round, table: landing.table }));
  // Rule 1-C/1-D in the last round: a loss for "the next match" has nowhere to land; the judge must say it is recorded anyway.
  const noMatchLeft = landing.kind === 'next-match' && !hasMatchLeft(t, d.player, landing.fromRound);
  if (noMatchLeft && d.withoutEffect !== true) return err(domainError('no-match-left', { player: d.player }));
  const { reason, ...final_ } = final;
  return ok({
    type: 'PenaltyIssued',
    data: {
      penaltyId: parts.penaltyId,
      player: d.player,
      report,
      guideline: parts.guideline,
      ...final_,
      context,
      landing: noMatchLeft ? { kind: 'none' } : landing,
      statements: parts.statements,
      judge: command.meta.actor,
      ...(reason === null ? {} : { reason }),
      ...(parts.addedTo === null ? {} : { addedTo: parts.addedTo }),
      ...(noMatchLeft ? { noMatchLeft: true as const } : {}),
      ...(typeof d.notes === 'string' && d.notes.trim() !== '' ? { notes: d.notes.trim() } : {}),
    },
  });
}

/**
 * What the core assesses for a judge's report about `player` now: the minutes from the seat
 * mark when none are stated, the match already lost by penalties, and the player's repeat
 * history. The one home of these: issuing and the assess answer both read it. `context`
 * `null`: the player's match could not be found (nothing is lost by penalties then).
 */
export function reportFor(
  t: Tournament,
  player: string,
  stated: IssuePenalty['data']['report'],
  context: PenaltyContext | null,
): AssessReport {
  const facts = withMinutesLate(t, player, stated);
  // No undefined fields: the event must read back from JSON exactly as it was decided.
  const { facts: _stated, ...rest } = stated;
  return {
    ...rest,
    ...(facts === undefined ? {} : { facts }),
    matchAlreadyLost: stated.matchAlreadyLost === true || (context !== null && lostAlready(t, context, player)),
    previous: repeatHistory(t, player),
  };
}

const landsOnAGame = (penalty: PenaltyId): boolean => penalty !== 'caution' && penalty !== 'warning';

/** Between matches, a duel loss cannot take a match already decided; the match the context allows may be too early for it. */
function narrowed(
  t: Tournament,
  player: string,
  context: PenaltyContext,
  phase: Phase,
  penalty: PenaltyId,
): PenaltyContext {
  if (phase !== 'between-matches' || penalty !== 'duel-loss') return context;
  return { ...context, nextFromRound: Math.max(context.nextFromRound, nextMatchRound(t, player, penalty)) };
}

/**
 * Rules 1-E, 1-F between matches: the player leaves, and the next match already paired and not
 * begun is theirs to lose, as a match loss found at that moment would be (the opponent wins
 * it). Before the next round is paired there is no match to lose.
 */
function disqualifiedBetweenMatches(
  t: Tournament,
  player: string,
  penalty: PenaltyId,
  phase: Phase,
  context: PenaltyContext,
  landing: Landing,
): Landing {
  if (!isDisqualification(penalty) || phase !== 'between-matches' || landing.kind !== 'none') return landing;
  const round = findRound(t, context.nextFromRound);
  const table = round && !round.ended ? round.tableOf.get(player) : undefined;
  return round && table !== undefined ? { kind: 'match', round: round.number, table } : landing;
}

/** Rule 3-B: a decklist infraction exists only where decklists are required and the player registered one. */
function checkApplicable(t: Tournament, infractionId: string, hasDecklist: boolean): Result<void, DomainError> {
  const infraction = t.pack.content.infractions.find((x) => x.id === infractionId);
  if (infraction?.requiresDecklist !== true) return ok(undefined);
  if (!t.settings.decklistsRequired) {
    return err(
      domainError('infraction-not-applicable', {
        infraction: infractionId,
        reason: explain('decklists-not-required'),
      }),
    );
  }
  if (!hasDecklist) {
    return err(
      domainError('infraction-not-applicable', {
        infraction: infractionId,
        reason: explain('no-registered-decklist'),
      }),
    );
  }
  return ok(undefined);
}

/** PenaltyRescinded on appeal: the penalty stays in the log, its effects go. */
export function decideRescindPenalty(command: RescindPenalty, t: Tournament): Drafted {
  const { penaltyId, reason } = command.data;
  const penalty = penaltyInForce(t, penaltyId);
  if (!penalty.ok) return penalty;
  if (checkText('reason', reason)) return err(domainError('reason-required'));
  const tooLong = checkBounded('reason', reason, RULING_REASON);
  if (tooLong) return err(tooLong);
  const event = {
    type: 'PenaltyRescinded' as const,
    data: { penaltyId, reason: reason.trim(), judge: command.meta.actor },
  };
  const kept = checkBracketKept(t, appealed(t, { ...event, at: command.meta.at }));
  if (!kept.ok) return kept;
  return ok([event]);
}

/** AppealDenied: the penalty in force stands; the reason the appeal failed goes on the record. */
export function decideDenyAppeal(command: DenyAppeal, t: Tournament): Drafted {
  const { penaltyId, reason } = command.data;
  const penalty = penaltyInForce(t, penaltyId);
  if (!penalty.ok) return penalty;
  if (checkText('reason', reason)) return err(domainError('reason-required'));
  const tooLong = checkBounded('reason', reason, RULING_REASON);
  if (tooLong) return err(tooLong);
  return ok([{ type: 'AppealDenied', data: { penaltyId, reason: reason.trim(), judge: command.meta.actor } }]);
}

/**
 * PenaltyChanged on appeal: the new penalty lands as it would have when the original was
 * issued (same phase, same match). A duel loss landing on a match already reported makes
 * that report stale: the match needs its result again.
 */
export function decideChangePenalty(command: ChangePenalty, t: Tournament): Drafted {
  const d = command.data;
  const found = penaltyInForce(t, d.penaltyId);
  if (!found.ok) return found;
  const original = found.value;
  if (checkText('reason', d.reason)) return err(domainError('reason-required'));
  const tooLong = checkBounded('reason', d.reason, RULING_REASON);
  if (tooLong) return err(tooLong);
  if (!PENALTY_IDS.includes(d.penalty))
    return err(
      domainError('invalid-command', {
        field: 'penalty',
        problem: explain('one-of', { choices: PENALTY_IDS }),
      }),
    );
  const landed = chooseLanding({
    pack: t.pack.content,
    player: original.player,
    penalty: d.penalty,
    phase: original.report.phase,
    matchAlreadyLost: original.report.matchAlreadyLost === true,
    appliesTo: d.appliesTo,
    duel: d.duel,
    context: original.context,
    bestOf: bestOfCurrent(t, original.context),
  });
  if (!landed.ok) return landed;
  const statements = cleanStatements(d.statements);
  if (changeNeedsStatements(t.pack.content.settings, d.penalty, original.statements) && statements.length === 0)
    return err(domainError('statements-required'));
  const without: Tournament = {
    ...t,
    penalties: t.penalties.map((p) => (p.id === original.id ? { ...p, rescinded: true } : p)),
  };
  const landing = disqualifiedBetweenMatches(
    without,
    original.player,
    d.penalty,
    original.report.phase,
    original.context,
    landed.value.landing,
  );
  const fits = checkLandingFits(without, original.player, landing, false);
  if (!fits.ok) return fits;
  // As when issuing (rules 1-C/1-D): a loss for the next match with none left says so and needs the judge's confirmation.
  const noMatchLeft = landing.kind === 'next-match' && !hasMatchLeft(without, original.player, landing.fromRound);
  if (noMatchLeft && d.withoutEffect !== true) return err(domainError('no-match-left', { player: original.player }));
  const event = {
    type: 'PenaltyChanged' as const,
    data: {
      penaltyId: d.penaltyId,
      penalty: d.penalty,
      landing: noMatchLeft ? ({ kind: 'none' } as const) : landing,
      reason: d.reason.trim(),
      statements,
      judge: command.meta.actor,
      ...(noMatchLeft ? { noMatchLeft: true as const } : {}),
    },
  };
  const kept = checkBracketKept(t, appealed(t, { ...event, at: command.meta.at }));
  if (!kept.ok) return kept;
  return ok([event]);
}

/** The tournament as an appeal would leave it: only the appealed penalty changes. */
function appealed(t: Tournament, event: PenaltyChanged | PenaltyRescinded): Tournament {
  const id = event.data.penaltyId;
  return { ...t, penalties: t.penalties.map((p) => (p.id === id ? penaltyAfter(p, event) : p)) };
}

function penaltyInForce(t: Tournament, id: number): Result<PenaltyState, DomainError> {
  const penalty = t.penalties.find((p) => p.id === id);
  if (!penalty) return err(domainError('penalty-not-found', { penalty: String(id) }));
  if (penalty.rescinded) return err(domainError('penalty-rescinded', { penalty: String(id) }));
  return ok(penalty);
}

/**
 * The player's match when the report is made. In a duel or between duels: the match named by
 * round and table, by default the player's unreported match of the running round. Between
 * matches (rules 1-C/1-D): the next match whose result is still open. That is the running
 * round's match when nothing has decided it yet (a late player, a deck check before the
 * round); once a report or a penalty decided it, the next round's. The judge may name the
 * next round, or write down the player's seat (round and table) in the running round.
 */
export function penaltyContext(
  t: Tournament,
  player: string,
  phase: Phase,
  round: number | undefined,
  table: number | undefined,
): Result<PenaltyContext, DomainError> {
  const latest = latestRound(t);
  const latestNumber = latest?.number ?? 0;
  if (phase === 'between-matches') {
    // The widest "next match" (a match loss may still take a match not yet begun); a duel loss narrows it when it lands.
    const earliest = nextMatchRound(t, player, 'match-loss');
    if (table !== undefined) {
      const seat = seatOf(t, player, round, table);
      if (!seat.ok) return seat;
      if (round !== latestNumber) {
        return err(
          domainError('invalid-command', {
            field: 'round',
            problem: explain('table-in-current-round', { round: latestNumber }),
          }),
        );
      }
      return ok({ round: latestNumber, currentMatch: null, nextFromRound: earliest });
    }
    if (round !== undefined && (round < earliest || round > latestNumber + 1)) {
      return err(domainError('invalid-command', { field: 'round', problem: nextRoundProblem(earliest, latestNumber) }));
    }
    return ok({ round: latestNumber, currentMatch: null, nextFromRound: round ?? earliest });
  }
  const nextFromRound = latestNumber + 1;
  if (round === undefined && table === undefined) {
    const current = unreportedMatchOf(t, player);
    if (!current) return err(domainError('no-current-match', { player }));
    return ok({
      round: latestNumber,
      currentMatch: { round: current.round.number, table: current.match.table },
      nextFromRound,
    });
  }
  const seat = seatOf(t, player, round, table);
  if (!seat.ok) return seat;
  const { round: r, match } = seat.value;
  if (r.ended) return err(domainError('round-already-ended', { round: r.number }));
  if (match.report !== null) return err(domainError('match-already-decided', { round: r.number, table: match.table }));
  return ok({ round: latestNumber, currentMatch: { round: r.number, table: match.table }, nextFromRound });
}

/** The match named by round and table, where the player must sit. */
function seatOf(t: Tournament, player: string, round: number | undefined, table: number | undefined) {
  if (round === undefined || table === undefined)
    return err(
      domainError('invalid-command', {
        field: round === undefined ? 'round' : 'table',
        problem: explain('round-and-table'),
      }),
    );
  const found = locateMatch(t, round, table);
  if (found.ok && !found.value.match.players.includes(player))
    return err(domainError('player-not-in-match', { player, round, table }));
  return found;
}

function nextRoundProblem(earliest: number, latest: number): Problem {
  return explain('next-match-rounds', { rounds: earliest === latest ? [earliest, latest + 1] : [latest + 1] });
}

/** Whether penalties already decided the current match against the player. */
function lostAlready(t: Tournament, context: PenaltyContext, player: string): boolean {
  const current = context.currentMatch;
  const round = current && findRound(t, current.round);
  const match = round && findMatch(round, current.table);
  if (!round || !match) return false;
  const outcome = deriveOneMatch(t, round.number, match, round.stage).record.outcome;
  return outcome.kind === 'double-loss' || (outcome.kind === 'win' && outcome.winner !== player);
}

/**
 * Tardiness counts from the designated seat time: when the judge states no delay, the seat
 * mark gives it. Not the command's clock: a retried command must decide the same events.
 */
function withMinutesLate(t: Tournament, player: string, report: IssuePenalty['data']['report']): AssessReport['facts'] {
  const facts = report.facts;
  const latest = latestRound(t);
  const seatedAt = latest && !latest.ended ? matchOf(latest, player)?.seated.get(player) : undefined;
  const clock = clockInfraction(t);
  if (
    report.infraction !== clock.infraction ||
    facts?.[clock.minutesFact] !== undefined ||
    !latest ||
    seatedAt === undefined
  )
    return facts;
  return { ...facts, [clock.minutesFact]: minutesLate(latest.seatTime, new Date(seatedAt)) };
}

function finalPenalty(choice: PenaltyChoice, guideline: Decision, pack: Pack): Result<Final, DomainError> {
  if (choice?.kind === 'guideline')
    return ok({ penalty: guideline.penalty, repeatUpgrade: false, deviationReason: null, reason: null });
  if (choice?.kind !== 'other' || !PENALTY_IDS.includes(choice.penalty)) {
    return err(
      domainError('invalid-command', {
        field: 'choice',
        problem: explain('guideline-or-penalty', { penalties: PENALTY_IDS }),
      }),
    );
  }
  // A reason written with the guideline or the offered repeat upgrade is not a deviation, but it is kept.
  const written = typeof choice.reason === 'string' && /\S/.test(choice.reason) ? choice.reason.trim() : null;
  if (choice.penalty === guideline.penalty)
    return ok({ penalty: guideline.penalty, repeatUpgrade: false, deviationReason: null, reason: written });
  if (isRepeatUpgrade(pack, guideline, choice.penalty))
    return ok({ penalty: choice.penalty, repeatUpgrade: true, deviationReason: null, reason: written });
  if (deviationTooHeavy(pack, guideline.penalty, choice.penalty))
    return err(
      domainError('invalid-command', {
        field: 'choice.penalty',
        problem: explain('deviation-reduce-or-add', { penalty: guideline.penalty }),
      }),
    );
  if (written === null) return err(domainError('deviation-reason-required'));
  return ok({ penalty: choice.penalty, repeatUpgrade: false, deviationReason: written, reason: null });
}

/** The judge's written words with a penalty, each within its bound (a blank one is left out, as if not given). */
function penaltyTextBounds(d: IssuePenalty['data']): DomainError | null {
  const written = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';
  const statements = d.statements ?? [];
  if (statements.length > MAX_STATEMENTS)
    return domainError('invalid-command', {
      field: 'statements',
      problem: explain('too-many-items', { max: MAX_STATEMENTS }),
    });
  const reason = d.choice?.kind === 'other' ? d.choice.reason : undefined;
  return firstError(
    written(reason) ? checkBounded('choice.reason', reason, RULING_REASON) : null,
    written(d.additional?.reason) ? checkBounded('additional.reason', d.additional?.reason, RULING_REASON) : null,
    written(d.notes) ? checkBounded('notes', d.notes, NOTES) : null,
    ...statements.map((s, i) => (written(s) ? checkBounded(`statements[${i}]`, s, STATEMENT) : null)),
  );
}

const cleanStatements = (statements: readonly string[] | undefined): string[] =>
  (statements ?? []).filter((s) => typeof s === 'string' && /\S/.test(s)).map((s) => s.trim());

/** Spec §5, as the pack sets it: head judge only for deviations, moved match losses and disqualifications; statements with a disqualification. */
function checkAuthority(
  t: Tournament,
  actor: Actor,
  penalty: PenaltyId,
  deviation: boolean,
  landed: LandingChoice,
  statements: readonly string[],
): Result<void, DomainError> {
  const settings = t.pack.content.settings;
  if (
    needsHeadJudge(settings, { penalty, deviation, movedToNextMatch: landed.movedToNextMatch }) &&
    actor.role !== 'head-judge'
  )
    return err(domainError('role-required', { roles: ['head-judge'], actual: actor.role }));
  if (needsStatements(settings, penalty) && statements.length === 0) return err(domainError('statements-required'));
  return ok(undefined);
}

/**
 * Rules 1-E, 1-F: the match the player already lost by their own disqualification (they left
 * it). A match loss cannot land there, as a duel loss cannot; a further disqualification may.
 */
function leftByDisqualification(
  t: Tournament,
  player: string,
  landing: Landing,
): landing is Extract<Landing, { kind: 'match' }> {
  if (landing.kind !== 'match') return false;
  return effectsOn(t, landing.round, landing.table).matchLosses.some(
    (l) => l.player === player && t.penalties.some((p) => p.id === l.penaltyId && isDisqualification(p.penalty)),
  );
}

/** A duel loss must land on a duel this player has not already lost by penalty, in a match not yet decided. */
function checkLandingFits(
  t: Tournament,
  player: string,
  landing: Landing,
  mustBeOpen: boolean,
): Result<void, DomainError> {
  if (landing.kind !== 'duel') return ok(undefined);
  const found = locateMatch(t, landing.round, landing.table);
  if (!found.ok) return found;
  const { round, match } = found.value;
  if (
    effectsOn(t, landing.round, landing.table).duelLosses.some((e) => e.player === player && e.duel === landing.duel)
  ) {
    return err(domainError('duel-already-decided', { duel: landing.duel }));
  }
  if (mustBeOpen && deriveOneMatch(t, round.number, match, round.stage).record.outcome.kind !== 'pending') {
    return err(domainError('match-already-decided', { round: landing.round, table: landing.table }));
  }
  return ok(undefined);
}
