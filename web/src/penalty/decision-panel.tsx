import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ladder, penaltyOf, type Landing, type Pack } from '../api/policy';
import { hasRole, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes, type PenaltyChoice, type PenaltyReport } from '../api/tournament-api';
import type { AppliesTo, Decision, PenaltyId, PenaltyView } from '../api/types';
import { Choices, SelectField, TextArea } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { useLang } from '../i18n/i18n';
import { AddedPenaltyFields, addedBody, addedReady, type AddedPenalty } from './added-penalty';
import { NoMatchLeftConfirm } from './no-match-left';
import { PlayerPenaltyHistory } from './player-history';

type Kind = 'guideline' | 'repeat' | 'other';
const DISQUALIFICATIONS: readonly string[] = ['disqualification', 'disqualification-forfeit-prizes'];

/** Where a penalty lands for a phase, as the pack's timing table says (null: it lands on no game). */
export function landingOf(pack: Pack, penalty: PenaltyId, report: PenaltyReport): Landing | null {
  const byPhase = pack.timing[penalty]?.[report.phase];
  if (!byPhase) return null;
  return report.matchAlreadyLost && byPhase.ifMatchAlreadyLost ? byPhase.ifMatchAlreadyLost : byPhase;
}

/**
 * The guideline decision and the judge's choice: confirm it, take the repeat offer, or (head
 * judge) give another penalty with a written reason. Shows where the penalty lands, the
 * remedy, and the player's earlier penalties.
 */
export function DecisionPanel({
  pack,
  decision,
  report,
  player,
  history,
  onIssued,
  onRequested,
}: {
  pack: Pack;
  decision: Decision;
  report: PenaltyReport;
  player: { id: string; name: string };
  history: readonly PenaltyView[];
  onIssued: (answer: unknown) => void;
  /** A floor judge sent it to the head judge instead: the request's id. */
  onRequested: (requestId: number) => void;
}) {
  const { t } = useTranslation();
  const { pick } = useLang();
  const { id } = useTournament();
  const version = useVersion();
  const [kind, setKind] = useState<Kind>('guideline');
  const [other, setOther] = useState<PenaltyId | ''>('');
  const [reason, setReason] = useState('');
  const [appliesTo, setAppliesTo] = useState<AppliesTo | null>(decision.appliesTo);
  const [duel, setDuel] = useState(1);
  const [statements, setStatements] = useState<string[]>(['']);
  const [notes, setNotes] = useState('');
  const { account } = useSession();
  const isHeadJudge = hasRole(account, 'head-judge');
  const [added, setAdded] = useState<AddedPenalty | null>(null);
  const [noMatchLeftFor, setNoMatchLeftFor] = useState<string | null>(null);
  const headOnly = pack.settings.headJudgeOnly;
  const upgrade = decision.repeat?.upgradeTo ?? null;

  const final: PenaltyId | null = kind === 'guideline' ? decision.penalty : kind === 'repeat' ? upgrade : other || null;
  const landing = final === null ? null : final === decision.penalty ? null : landingOf(pack, final, report);
  const options: readonly AppliesTo[] =
    final === decision.penalty ? decision.appliesToOptions : (landing?.options ?? []);
  const chosenLanding: AppliesTo | null = options.includes(appliesTo as AppliesTo)
    ? appliesTo
    : final === decision.penalty
      ? decision.appliesTo
      : (landing?.propose ?? null);
  const note = final === null ? null : (landingOf(pack, final, report)?.note ?? null);
  const needsDuel =
    final === 'duel-loss' &&
    report.phase !== 'between-matches' &&
    (chosenLanding === 'current-duel' || chosenLanding === 'next-duel');
  const isDq = final !== null && DISQUALIFICATIONS.includes(final);
  const needsStatements = isDq && pack.settings.disqualificationNeedsStatements !== false;
  const writtenStatements = statements.map((s) => s.trim()).filter(Boolean);
  const movedToNext = final === 'match-loss' && chosenLanding === 'next-match' && report.phase !== 'between-matches';
  const headJudgeNeeded =
    (kind === 'other' && !!headOnly?.deviation) ||
    (isDq && !!headOnly?.disqualification) ||
    (movedToNext && !!headOnly?.matchLossMovedToNextMatch);
  const ready =
    final !== null &&
    (kind !== 'other' || reason.trim() !== '') &&
    (!needsStatements || writtenStatements.length > 0) &&
    addedReady(added);

  const choice: PenaltyChoice =
    kind === 'guideline'
      ? { kind: 'guideline' }
      : kind === 'repeat' && upgrade
        ? { kind: 'other', penalty: upgrade }
        : { kind: 'other', penalty: other as PenaltyId, reason: reason.trim() };
  const name = (p: PenaltyId | null) => pick(penaltyOf(pack, p)?.name) || (p ?? '');
  const canAdd = decision.additionalPenaltyAllowed && kind !== 'other' && final !== null;
  const body = {
    player: player.id,
    report,
    choice,
    ...(chosenLanding && options.length > 0 ? { appliesTo: chosenLanding } : {}),
    ...(needsDuel ? { duel } : {}),
    ...(isDq ? { statements: writtenStatements } : {}),
    ...(notes.trim() ? { notes: notes.trim() } : {}),
    ...(canAdd && final !== null ? addedBody(pack, added, final, report) : {}),
  };
  const bodyKey = JSON.stringify(body);

  const kinds: { value: Kind; label: string; detail?: string }[] = [
    { value: 'guideline', label: t('penalty.keepGuideline', { penalty: name(decision.penalty) }) },
    ...(upgrade
      ? [
          {
            value: 'repeat' as const,
            label: t('penalty.takeRepeat', { penalty: name(upgrade) }),
            detail: t('penalty.repeatDetail'),
          },
        ]
      : []),
    {
      value: 'other',
      label: t('penalty.deviate'),
      ...(headOnly?.deviation ? { detail: t('penalty.headJudgeOnly') } : {}),
    },
  ];

  return (
    <div className="stack decision" data-testid="decision">
      <div className={`verdict penalty-${decision.penalty}`}>
        <p className="verdict-label">{t('penalty.guideline')}</p>
        <p className="verdict-penalty" data-testid="guideline-penalty">
          {name(decision.penalty)}
        </p>
        <p>{decision.recorded ? t('penalty.recorded') : t('penalty.notRecorded')}</p>
        <p className="muted">{pick(penaltyOf(pack, decision.penalty)?.effect)}</p>
      </div>
      {decision.remedy && (
        <div>
          <h3>{t('penalty.remedy')}</h3>
          <p>{pick(decision.remedy)}</p>
        </div>
      )}
      {decision.additionalPenaltyAllowed && <p className="notice notice-warn">{t('penalty.additionalAllowed')}</p>}
      <div>
        <h3>{t('penalty.history', { name: player.name })}</h3>
        {decision.repeat && (
          <p className="notice notice-warn" data-testid="repeat-offer">
            {upgrade
              ? t('penalty.repeatOffer', { count: decision.repeat.count, penalty: name(upgrade) })
              : t('penalty.repeatTop', { count: decision.repeat.count })}
          </p>
        )}
        <PlayerPenaltyHistory pack={pack} penalties={history} infraction={report.infraction} />
      </div>

      <Choices legend={t('penalty.choice')} name="choice" value={kind} onChange={setKind} options={kinds} />
      {kind === 'other' && (
        <>
          <SelectField
            label={t('penalty.otherPenalty')}
            value={other}
            onChange={(e) => setOther(e.target.value as PenaltyId)}
            data-testid="other-penalty"
          >
            <option value="">{t('penalty.choosePenalty')}</option>
            {ladder(pack)
              .filter((p) => p !== decision.penalty)
              .map((p) => (
                <option key={p} value={p}>
                  {name(p)}
                </option>
              ))}
          </SelectField>
          <TextArea
            label={t('penalty.reason')}
            hint={pick(pack.application?.guideline)}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            required
            data-testid="deviation-reason"
          />
        </>
      )}

      {final !== null && (note || options.length > 0) && (
        <div>
          <h3>{t('penalty.landsOn')}</h3>
          {note && <p>{pick(note)}</p>}
          {options.length > 1 && (
            <Choices
              legend={t('penalty.landingChoice')}
              name="appliesTo"
              value={chosenLanding}
              onChange={setAppliesTo}
              options={options.map((o) => ({
                value: o,
                label: t(`appliesTo.${o}`),
                ...(o === 'next-match' && report.phase !== 'between-matches' && headOnly?.matchLossMovedToNextMatch
                  ? { detail: t('penalty.headJudgeOnly') }
                  : {}),
              }))}
            />
          )}
          {options.length <= 1 && chosenLanding && <p className="muted">{t(`appliesTo.${chosenLanding}`)}</p>}
          {needsDuel && (
            <Choices
              legend={chosenLanding === 'current-duel' ? t('penalty.whichDuelNow') : t('penalty.whichDuelNext')}
              name="duel"
              value={String(duel)}
              onChange={(v) => setDuel(Number(v))}
              options={['1', '2', '3'].map((d) => ({ value: d, label: t('penalty.duelN', { duel: d }) }))}
            />
          )}
        </div>
      )}

      {needsStatements && (
        <fieldset className="stack">
          <legend>{t('penalty.statements')}</legend>
          <p className="field-hint">{t('penalty.statementsHint')}</p>
          {statements.map((s, i) => (
            <TextArea
              key={i}
              label={t('penalty.statementN', { n: i + 1 })}
              value={s}
              rows={3}
              onChange={(e) => setStatements(statements.map((x, j) => (j === i ? e.target.value : x)))}
            />
          ))}
          <button type="button" className="button" onClick={() => setStatements([...statements, ''])}>
            {t('penalty.addStatement')}
          </button>
        </fieldset>
      )}

      {canAdd && final !== null && (
        <AddedPenaltyFields pack={pack} guideline={final} report={report} value={added} onChange={setAdded} />
      )}

      <TextArea
        label={headJudgeNeeded && !isHeadJudge ? t('request.notes') : t('penalty.notes')}
        hint={t('penalty.notesHint')}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        rows={3}
        data-testid={headJudgeNeeded && !isHeadJudge ? 'request-notes' : 'penalty-notes'}
      />
      {headJudgeNeeded && <p className="notice notice-warn">{t('penalty.needsHeadJudge')}</p>}
      {headJudgeNeeded && !isHeadJudge ? (
        <WriteButton
          className="button button-primary button-large"
          disabled={!ready}
          onWrite={() =>
            writes.submitRequest(id, version, {
              kind: 'penalty',
              penalty: body,
              ...(notes.trim() ? { notes: notes.trim() } : {}),
            })
          }
          onDone={(outcome) =>
            onRequested((outcome.body as { request?: { requestId?: number } }).request?.requestId ?? 0)
          }
          data-testid="send-request"
        >
          {t('request.send')}
        </WriteButton>
      ) : (
        <>
          <WriteButton
            className="button button-primary button-large"
            disabled={!ready}
            onWrite={() => writes.issuePenalty(id, version, body)}
            onDone={(outcome) => onIssued(outcome.body)}
            onRefused={(error) => {
              setNoMatchLeftFor(error.code === 'no-match-left' ? bodyKey : null);
              return error.code === 'no-match-left';
            }}
            data-testid="issue-penalty"
          >
            {body.additional
              ? t('penaltyExtras.issueWithAdded', {
                  penalty: name(final),
                  added: name(body.additional.penalty),
                  name: player.name,
                })
              : t('penalty.issue', { penalty: name(final), name: player.name })}
          </WriteButton>
          {noMatchLeftFor === bodyKey && (
            <NoMatchLeftConfirm
              name={player.name}
              penalty={name(final)}
              onWrite={() => writes.issuePenalty(id, version, { ...body, withoutEffect: true })}
              onDone={(outcome) => onIssued(outcome.body)}
            />
          )}
        </>
      )}
    </div>
  );
}
