import { assess } from '../policy/assess.js';
import { PENALTY_IDS, PHASES, type AssessReport, type Decision, type PenaltyId, type Phase } from '../policy/assess-types.js';
import { err, ok, type Result } from '../result.js';
import type { Text } from '../text.js';
import { checkText } from './command-checks.js';
import type { ChangePenalty, Drafted, IssuePenalty, PenaltyChoice, RescindPenalty } from './commands.js';
import { domainError, type DomainError } from './domain-errors.js';
import type { Actor, Landing, PenaltyContext } from './events.js';
import { deriveOneMatch } from './match-results.js';
import { chooseLanding, effectsOn, type LandingChoice } from './penalty-effects.js';
import { decideSameLateness, sameLateness } from './same-lateness.js';
import { findMatch, findPlayer, findRound, isDisqualification, latestRound, matchOf, penaltiesInForce, unreportedMatchOf } from './state-queries.js';
import type { PenaltyState, Tournament } from './state.js';

/*
 * Issuing a penalty: the report goes through `assess` with the player's own history here,
 * the judge keeps the guideline or deviates with a reason, and the penalty lands by the
 * pack's timing table. Appeals (head judge only) rescind or change a penalty with a reason;
 * the results it caused follow, because results are derived from penalties in force.
 */

type Final = { penalty: PenaltyId; repeatUpgrade: boolean; deviationReason: string | null };

/** PenaltyIssued, with the guideline decision, the final penalty and where it lands. */
export function decideIssuePenalty(command: IssuePenalty, t: Tournament): Drafted {
  const d = command.data;
  if (!findPlayer(t, d.player)) return err(domainError('player-not-found', { player: d.player }));
  const phase = d.report?.phase;
  if (!PHASES.includes(phase)) return err(domainError('invalid-command', { field: 'report.phase', problem: { ja: `${PHASES.join(', ')} のいずれかが必要です`, en: `expected one of ${PHASES.join(', ')}` } }));
  const issued = sameLateness(t, d.player, d.report.infraction);
  if (issued) return decideSameLateness(command, t, issued);
  const context = penaltyContext(t, d.player, phase, d.round, d.table);
  if (!context.ok) return context;

  const facts = withMinutesLate(t, d.player, d.report);
  // No undefined fields: the event must read back from JSON exactly as it was decided.
  const { facts: _stated, ...rest } = d.report;
  const report: AssessReport = {
    ...rest,
    ...(facts === undefined ? {} : { facts }),
    matchAlreadyLost: d.report.matchAlreadyLost === true || lostAlready(t, context.value, d.player),
    previous: penaltiesInForce(t).filter((p) => p.player === d.player).map((p) => p.report.infraction),
  };
  const assessed = assess(report, t.pack.content);
  if (!assessed.ok) return err(domainError('assess-failed', assessed.error));
  const guideline = assessed.value;

  const final = finalPenalty(d.choice, guideline);
  if (!final.ok) return final;
  const landed = chooseLanding({
    pack: t.pack.content,
    player: d.player,
    penalty: final.value.penalty,
    phase,
    matchAlreadyLost: report.matchAlreadyLost === true,
    appliesTo: d.appliesTo,
    duel: d.duel,
    context: context.value,
  });
  if (!landed.ok) return landed;

  const statements = cleanStatements(d.statements);
  const allowed = checkAuthority(t, command.meta.actor, final.value.penalty, final.value.deviationReason !== null, landed.value, statements);
  if (!allowed.ok) return allowed;
  const fits = checkLandingFits(t, d.player, landed.value.landing, true);
  if (!fits.ok) return fits;

  return ok([
    {
      type: 'PenaltyIssued',
      data: {
        penaltyId: t.penalties.length + 1,
        player: d.player,
        report,
        guideline,
        ...final.value,
        context: context.value,
        landing: landed.value.landing,
        statements,
        judge: command.meta.actor,
        ...(typeof d.notes === 'string' && d.notes.trim() !== '' ? { notes: d.notes.trim() } : {}),
      },
    },
  ]);
}

/** PenaltyRescinded on appeal: the penalty stays in the log, its effects go. */
export function decideRescindPenalty(command: RescindPenalty, t: Tournament): Drafted {
  const { penaltyId, reason } = command.data;
  const penalty = penaltyInForce(t, penaltyId);
  if (!penalty.ok) return penalty;
  if (checkText('reason', reason)) return err(domainError('reason-required'));
  return ok([{ type: 'PenaltyRescinded', data: { penaltyId, reason: reason.trim(), judge: command.meta.actor } }]);
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
  if (!PENALTY_IDS.includes(d.penalty)) return err(domainError('invalid-command', { field: 'penalty', problem: { ja: `${PENALTY_IDS.join(', ')} のいずれかが必要です`, en: `expected one of ${PENALTY_IDS.join(', ')}` } }));
  const landed = chooseLanding({
    pack: t.pack.content,
    player: original.player,
    penalty: d.penalty,
    phase: original.report.phase,
    matchAlreadyLost: original.report.matchAlreadyLost === true,
    appliesTo: d.appliesTo,
    duel: d.duel,
    context: original.context,
  });
  if (!landed.ok) return landed;
  const statements = cleanStatements(d.statements);
  const settings = t.pack.content.settings;
  if (isDisqualification(d.penalty) && settings.disqualificationNeedsStatements && original.statements.length + statements.length === 0) {
    return err(domainError('statements-required'));
  }
  const without: Tournament = { ...t, penalties: t.penalties.map((p) => (p.id === original.id ? { ...p, rescinded: true } : p)) };
  const fits = checkLandingFits(without, original.player, landed.value.landing, false);
  if (!fits.ok) return fits;
  return ok([
    {
      type: 'PenaltyChanged',
      data: { penaltyId: d.penaltyId, penalty: d.penalty, landing: landed.value.landing, reason: d.reason.trim(), statements, judge: command.meta.actor },
    },
  ]);
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
 * matches: the next match starts at the running round if the player's match there is not
 * reported yet (a late player, a deck check before the round), unless the judge names the
 * next round because that match was already played.
 */
function penaltyContext(t: Tournament, player: string, phase: Phase, round: number | undefined, table: number | undefined): Result<PenaltyContext, DomainError> {
  const latest = latestRound(t);
  const latestNumber = latest?.number ?? 0;
  const running = latest !== undefined && !latest.ended ? latest : undefined;
  const waiting = running !== undefined && matchOf(running, player)?.report === null;
  if (phase === 'between-matches') {
    if (table !== undefined) return err(domainError('invalid-command', { field: 'table', problem: { ja: 'マッチ間の違反には卓を指定しません', en: 'a report between matches names no table' } }));
    const earliest = waiting ? latestNumber : latestNumber + 1;
    if (round !== undefined && (round < earliest || round > latestNumber + 1)) {
      return err(domainError('invalid-command', { field: 'round', problem: nextRoundProblem(earliest, latestNumber) }));
    }
    return ok({ round: latestNumber, currentMatch: null, nextFromRound: round ?? earliest });
  }
  const nextFromRound = latestNumber + 1;
  if (round === undefined && table === undefined) {
    const current = unreportedMatchOf(t, player);
    if (!current) return err(domainError('no-current-match', { player }));
    return ok({ round: latestNumber, currentMatch: { round: current.round.number, table: current.match.table }, nextFromRound });
  }
  if (round === undefined || table === undefined) return err(domainError('invalid-command', { field: round === undefined ? 'round' : 'table', problem: { ja: '回戦と卓は両方指定するか、どちらも省略してください', en: 'give both round and table, or neither' } }));
  const r = findRound(t, round);
  if (!r) return err(domainError('round-not-found', { round }));
  const match = findMatch(r, table);
  if (!match) return err(domainError('table-not-found', { round, table }));
  if (!match.players.includes(player)) return err(domainError('player-not-in-match', { player, round, table }));
  if (r.ended) return err(domainError('round-already-ended', { round }));
  if (match.report !== null) return err(domainError('match-already-decided', { round, table }));
  return ok({ round: latestNumber, currentMatch: { round, table }, nextFromRound });
}

function nextRoundProblem(earliest: number, latest: number): Text {
  const rounds = earliest === latest ? [earliest, latest + 1] : [latest + 1];
  return { ja: `次のマッチは第${rounds.join('・')}回戦のいずれかです`, en: `the next match can only be in round ${rounds.join(' or ')}` };
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
  const seatedAt = latest && !latest.ended ? matchOf(latest, player)?.seated[player] : undefined;
  if (report.infraction !== 'tardiness' || facts?.minutesLate !== undefined || !latest || seatedAt === undefined) return facts;
  const minutesLate = Math.floor((Date.parse(seatedAt) - Date.parse(latest.seatTime)) / 60_000);
  return { ...facts, minutesLate };
}

function finalPenalty(choice: PenaltyChoice, guideline: Decision): Result<Final, DomainError> {
  if (choice?.kind === 'guideline') return ok({ penalty: guideline.penalty, repeatUpgrade: false, deviationReason: null });
  if (choice?.kind !== 'other' || !PENALTY_IDS.includes(choice.penalty)) {
    return err(domainError('invalid-command', { field: 'choice', problem: { ja: `指針どおりか、${PENALTY_IDS.join(', ')} のいずれかを選んでください`, en: `expected the guideline, or another penalty among ${PENALTY_IDS.join(', ')}` } }));
  }
  if (choice.penalty === guideline.penalty) return ok({ penalty: guideline.penalty, repeatUpgrade: false, deviationReason: null });
  if (choice.penalty === guideline.repeat?.upgradeTo) return ok({ penalty: choice.penalty, repeatUpgrade: true, deviationReason: null });
  if (checkText('reason', choice.reason)) return err(domainError('deviation-reason-required'));
  return ok({ penalty: choice.penalty, repeatUpgrade: false, deviationReason: (choice.reason as string).trim() });
}

const cleanStatements = (statements: readonly string[] | undefined): string[] =>
  (statements ?? []).filter((s) => typeof s === 'string' && /\S/.test(s)).map((s) => s.trim());

/** Spec §5, as the pack sets it: head judge only for deviations, moved match losses and disqualifications; statements with a disqualification. */
function checkAuthority(t: Tournament, actor: Actor, penalty: PenaltyId, deviation: boolean, landed: LandingChoice, statements: readonly string[]): Result<void, DomainError> {
  const settings = t.pack.content.settings;
  const only = settings.headJudgeOnly;
  const dq = isDisqualification(penalty);
  const needsHead = (deviation && only.deviation) || (landed.movedToNextMatch && only.matchLossMovedToNextMatch) || (dq && only.disqualification);
  if (needsHead && actor.role !== 'head-judge') return err(domainError('role-required', { roles: ['head-judge'], actual: actor.role }));
  if (dq && settings.disqualificationNeedsStatements && statements.length === 0) return err(domainError('statements-required'));
  return ok(undefined);
}

/** A duel loss must land on a duel this player has not already lost by penalty, in a match not yet decided. */
function checkLandingFits(t: Tournament, player: string, landing: Landing, mustBeOpen: boolean): Result<void, DomainError> {
  if (landing.kind !== 'duel') return ok(undefined);
  const round = findRound(t, landing.round);
  const match = round && findMatch(round, landing.table);
  if (!round || !match) return err(domainError('table-not-found', { round: landing.round, table: landing.table }));
  if (effectsOn(t, landing.round, landing.table).duelLosses.some((e) => e.player === player && e.duel === landing.duel)) {
    return err(domainError('duel-already-decided', { duel: landing.duel }));
  }
  if (mustBeOpen && deriveOneMatch(t, round.number, match, round.stage).record.outcome.kind !== 'pending') {
    return err(domainError('match-already-decided', { round: landing.round, table: landing.table }));
  }
  return ok(undefined);
}
