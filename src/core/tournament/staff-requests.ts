import { explain } from './command-problems.js';
import type { Decision, PenaltyId } from '../policy/assess-types.js';
import { PENALTY_IDS } from '../policy/assess-types.js';
import { err, ok } from '../result.js';
import { checkBounded, checkText } from './command-checks.js';
import { RULING_REASON } from './limits.js';
import type { CommandMeta, DecideRequest, Drafted, SubmitRequest } from './commands.js';
import { decideIssuePenalty } from './decide-penalties.js';
import { decideCorrectResult } from './decide-results.js';
import { domainError } from './domain-errors.js';
import type { Actor, EventDraft, StaffRequest } from './events.js';
import type { Tournament } from './state.js';

/*
 * What a floor judge may not decide alone (a deviation, a disqualification, a match loss moved
 * to the next match, a result correction) goes to the head judge as a request: checked when it
 * is sent as if the head judge had sent it, so a request that could never be approved is
 * refused at once, and decided again when approved, changed or refused, in one step.
 */

/** The request as the head judge would send it: the same data, the head judge's authority. */
function asHeadJudge(meta: CommandMeta, actor: Actor): CommandMeta {
  return { ...meta, actor: { id: actor.id, role: 'head-judge' } };
}

/** What approving `request` would write now, decided with `meta`'s authority. */
function draftRequest(
  request: StaffRequest,
  meta: CommandMeta,
  t: Tournament,
  change?: { penalty: PenaltyId; reason: string },
): Drafted {
  if (request?.kind === 'penalty') {
    // A changed penalty lands where the timing table puts it: the floor judge's duel or landing choice belonged to the proposal.
    const { duel, appliesTo, ...rest } = request.penalty;
    const kept = change?.penalty === 'duel-loss' ? { ...(duel === undefined ? {} : { duel }) } : {};
    const data = change
      ? { ...rest, ...kept, choice: { kind: 'other' as const, penalty: change.penalty, reason: change.reason } }
      : request.penalty;
    return decideIssuePenalty({ type: 'IssuePenalty', data, meta }, t);
  }
  if (request?.kind === 'correction')
    return decideCorrectResult({ type: 'CorrectResult', data: request.correction, meta }, t);
  return err(
    domainError('invalid-command', {
      field: 'request.kind',
      problem: explain('request-kind'),
    }),
  );
}

/** RequestSubmitted, with the guideline and the proposed penalty for a penalty request. */
export function decideSubmitRequest(command: SubmitRequest, t: Tournament): Drafted {
  const { request, notes } = command.data;
  const drafted = draftRequest(request, asHeadJudge(command.meta, command.meta.actor), t);
  if (!drafted.ok) return drafted;
  const issued = drafted.value.find((e) => e.type === 'PenaltyIssued');
  const proposal =
    issued?.type === 'PenaltyIssued'
      ? { guideline: issued.data.guideline as Decision, proposed: issued.data.penalty }
      : { guideline: null, proposed: null };
  return ok([
    {
      type: 'RequestSubmitted',
      data: {
        requestId: t.requests.length + 1,
        request,
        notes: typeof notes === 'string' && notes.trim() !== '' ? notes.trim() : null,
        ...proposal,
        judge: command.meta.actor,
      },
    },
  ]);
}

/** The head judge's decision: approved or changed writes the penalty (or correction) with RequestDecided; refused writes only the decision. */
export function decideDecideRequest(command: DecideRequest, t: Tournament): Drafted {
  const d = command.data;
  const found = t.requests.find((r) => r.id === d.requestId);
  if (!found) return err(domainError('request-not-found', { request: String(d.requestId) }));
  if (found.decision !== null) return err(domainError('request-already-decided', { request: String(d.requestId) }));
  const reason = typeof d.reason === 'string' && d.reason.trim() !== '' ? d.reason.trim() : null;
  const tooLong = reason === null ? null : checkBounded('reason', reason, RULING_REASON);
  if (tooLong) return err(tooLong);
  const decided = (penaltyId: number | null): EventDraft => ({
    type: 'RequestDecided',
    data: { requestId: found.id, outcome: d.outcome, penaltyId, reason, judge: command.meta.actor },
  });
  if (d.outcome === 'refused') {
    if (checkText('reason', d.reason)) return err(domainError('reason-required'));
    return ok([decided(null)]);
  }
  if (d.outcome === 'changed') {
    if (found.request.kind !== 'penalty')
      return err(
        domainError('invalid-command', {
          field: 'outcome',
          problem: explain('correction-decision'),
        }),
      );
    if (!PENALTY_IDS.includes(d.penalty as PenaltyId))
      return err(
        domainError('invalid-command', {
          field: 'penalty',
          problem: explain('one-of', { choices: PENALTY_IDS }),
        }),
      );
    if (checkText('reason', d.reason)) return err(domainError('deviation-reason-required'));
  }
  if (d.outcome !== 'approved' && d.outcome !== 'changed') {
    return err(
      domainError('invalid-command', {
        field: 'outcome',
        problem: explain('request-outcome'),
      }),
    );
  }
  const change = d.outcome === 'changed' ? { penalty: d.penalty as PenaltyId, reason: reason as string } : undefined;
  const drafted = draftRequest(found.request, command.meta, t, change);
  if (!drafted.ok) return drafted;
  const issued = drafted.value.find((e) => e.type === 'PenaltyIssued');
  return ok([...drafted.value, decided(issued?.type === 'PenaltyIssued' ? issued.data.penaltyId : null)]);
}
