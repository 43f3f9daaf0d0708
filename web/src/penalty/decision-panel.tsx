import { RULING_REASON, STATEMENT, NOTES } from '../../../src/core/tournament/limits.js';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { penaltyOf, type Pack } from '../api/policy';
import { issuesAsHeadJudge, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes, type PenaltyChoice, type PenaltyReport } from '../api/tournament-api';
import type { AppliesTo, PenaltyId, PenaltyPreview, PenaltyView } from '../api/types';
import { Choices, SelectField, TextArea } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { formatTime, useLang } from '../i18n/i18n';
import { AddedPenaltyFields, addedBody, addedReady, namedDuels, type AddedPenalty } from './added-penalty';
import { NoMatchLeftConfirm } from './no-match-left';
import { isDisqualification } from '../../../src/core/tournament/state-queries.js';
import { PlayerPenaltyHistory } from './player-history';
import type { Queued } from './queued-penalty';

type Kind = 'guideline' | 'repeat' | 'other';

/**
 * The guideline decision and the judge's choice: confirm it, take the repeat offer, or (head
 * judge) give another penalty with a written reason. Shows where the penalty lands, the
 * remedy, and the player's earlier penalties. Where each choice lands, and whether it needs a
 * head judge, statements or a duel number, is the server's answer (`preview.options`): the
 * console restates none of these rules. Offline (`onPhone`) the answer is the core's own, run on
 * the phone: the penalty is queued with the guideline the judge saw, for the server to check.
 */
export function DecisionPanel({
  pack,
  preview,
  onPhone,
  onQueued,
  report,
  player,
  history,
  onIssued,
  onRequested,
}: {
  pack: Pack;
  preview: PenaltyPreview;
  /** Decided on this phone offline, from the penalty log saved at `asOf`; null: the server's answer. */
  onPhone: { asOf: number } | null;
  /** Offline: the write is queued; the flow shows it waiting. */
  onQueued: (queued: Queued) => void;
  report: PenaltyReport;
  player: { id: string; name: string };
  history: readonly PenaltyView[];
  onIssued: (answer: unknown) => void;
  /** A floor judge sent it to the head judge instead: the request's id. */
  onRequested: (requestId: number) => void;
}) {
  const { t } = useT();
  const { lang, pick } = useLang();
  const { id } = useTournament();
  const { decision } = preview;
  const version = useVersion();
  const [kind, setKind] = useState<Kind>('guideline');
  const [other, setOther] = useState<PenaltyId | ''>('');
  const [reason, setReason] = useState('');
  const [appliesTo, setAppliesTo] = useState<AppliesTo | null>(decision.appliesTo);
  const [duel, setDuel] = useState(preview.firstDuel ?? 1);
  const [statements, setStatements] = useState<string[]>(['']);
  const [notes, setNotes] = useState('');
  const { account } = useSession();
  const isHeadJudge = issuesAsHeadJudge(account, id);
  const [added, setAdded] = useState<AddedPenalty | null>(null);
  const [noMatchLeftFor, setNoMatchLeftFor] = useState<string | null>(null);
  const upgrade = decision.repeat?.upgradeTo ?? null;

  const final: PenaltyId | null = kind === 'guideline' ? decision.penalty : kind === 'repeat' ? upgrade : other || null;
  const option = preview.options.find((o) => o.penalty === final) ?? null;
  const options: readonly AppliesTo[] = option?.landing.options ?? [];
  const chosenLanding: AppliesTo | null = options.includes(appliesTo as AppliesTo)
    ? appliesTo
    : (option?.landing.propose ?? null);
  const note = option?.landing.note ?? null;
  const needsDuel = chosenLanding !== null && option?.duelLandings.includes(chosenLanding) === true;
  const duels = namedDuels(preview);
  const needsStatements = option?.statementsRequired === true;
  const writtenStatements = statements.map((s) => s.trim()).filter(Boolean);
  const addedNeedsHead = added !== null && added.penalty !== '' && preview.addition?.headJudge.includes(added.penalty);
  const headJudgeNeeded =
    option !== null &&
    (option.headJudge ||
      (chosenLanding !== null && option.headJudgeLandings.includes(chosenLanding)) ||
      addedNeedsHead === true);
  // Choosing the offered repeat step from the list is no deviation: only a deviation needs the reason.
  const deviation = kind === 'other' && option?.as === 'deviation';
  const deviationsNeedHead = preview.options.filter((o) => o.as === 'deviation').every((o) => o.headJudge);
  const ready =
    final !== null &&
    (!deviation || reason.trim() !== '') &&
    (!needsStatements || writtenStatements.length > 0) &&
    addedReady(added);

  const choice: PenaltyChoice =
    kind === 'guideline'
      ? { kind: 'guideline' }
      : kind === 'repeat' && upgrade
        ? { kind: 'other', penalty: upgrade }
        : { kind: 'other', penalty: other as PenaltyId, reason: reason.trim() };
  const name = (p: PenaltyId | null) => pick(penaltyOf(pack, p)?.name) || (p ?? '');
  const canAdd = preview.addition !== null && kind !== 'other' && final !== null;
  // Under 2-A as the seed reads it (reduce or add), a heavier penalty is only added, never put in the guideline's place.
  const others = preview.options.filter((o) => o.as === 'deviation' || o.as === 'repeat-upgrade');
  const reduceOnly = preview.options.some((o) => o.as === 'added-only');
  const body = {
    player: player.id,
    report,
    choice,
    ...(chosenLanding && options.length > 0 ? { appliesTo: chosenLanding } : {}),
    ...(needsDuel ? { duel } : {}),
    ...(needsStatements ? { statements: writtenStatements } : {}),
    ...(notes.trim() ? { notes: notes.trim() } : {}),
    ...(canAdd && final !== null ? addedBody(preview, added, final) : {}),
  };
  const bodyKey = JSON.stringify(body);
  // Decided on the phone: the server decides the guideline again and refuses the penalty if it is not this one.
  const phoneBody = {
    ...body,
    expectedGuideline: { penalty: decision.penalty, repeat: decision.repeat?.count ?? null },
  };
  /** Offline: queued without the version seen (the server decides on its log then), and shown waiting. */
  function queue(kind: Queued['kind']) {
    if (!onPhone || final === null) return;
    const asked = disqualifies
      ? t('penalty.disqualifyConfirm', { name: player.name, penalty: name(body.additional?.penalty ?? final) })
      : null;
    if (kind === 'penalty' && asked && !window.confirm(asked)) return;
    const outcome =
      kind === 'penalty'
        ? writes.issuePenalty(id, null, phoneBody)
        : writes.submitRequest(id, null, {
            kind: 'penalty',
            penalty: body,
            ...(notes.trim() ? { notes: notes.trim() } : {}),
          });
    onQueued({ kind, outcome, penalty: final, asOf: onPhone.asOf });
  }
  const disqualifies = [final, body.additional?.penalty].some((p) => p != null && isDisqualification(p));

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
    ...(others.length > 0
      ? [
          {
            value: 'other' as const,
            label: reduceOnly ? t('penalty.deviateLighter') : t('penalty.deviate'),
            ...(deviationsNeedHead ? { detail: t('penalty.headJudgeOnly') } : {}),
          },
        ]
      : []),
  ];

  return (
    <div className="stack decision" data-testid="decision">
      {onPhone && (
        <p className="notice notice-warn" data-testid="decided-on-phone">
          {t('penalty.decidedOnPhone', { time: formatTime(onPhone.asOf, lang) })}
        </p>
      )}
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
            {others.map((o) => (
              <option key={o.penalty} value={o.penalty}>
                {name(o.penalty)}
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
            maxLength={RULING_REASON.max}
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
                ...(option?.headJudgeLandings.includes(o) ? { detail: t('penalty.headJudgeOnly') } : {}),
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
              options={duels.map((d) => ({ value: d, label: t('penalty.duelN', { duel: d }) }))}
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
              maxLength={STATEMENT.max}
            />
          ))}
          <button type="button" className="button" onClick={() => setStatements([...statements, ''])}>
            {t('penalty.addStatement')}
          </button>
        </fieldset>
      )}

      {canAdd && final !== null && (
        <AddedPenaltyFields
          pack={pack}
          preview={preview}
          guideline={final}
          as={preview.addition?.as ?? 'rule'}
          value={added}
          onChange={setAdded}
        />
      )}

      <TextArea
        label={headJudgeNeeded && !isHeadJudge ? t('request.notes') : t('penalty.notes')}
        hint={t('penalty.notesHint')}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        rows={3}
        data-testid={headJudgeNeeded && !isHeadJudge ? 'request-notes' : 'penalty-notes'}
        maxLength={NOTES.max}
      />
      {headJudgeNeeded && <p className="notice notice-warn">{t('penalty.needsHeadJudge')}</p>}
      {onPhone ? (
        <button
          type="button"
          className="button button-primary button-large"
          disabled={!ready}
          onClick={() => queue(headJudgeNeeded && !isHeadJudge ? 'request' : 'penalty')}
          data-testid={headJudgeNeeded && !isHeadJudge ? 'send-request' : 'issue-penalty'}
        >
          {headJudgeNeeded && !isHeadJudge
            ? t('penalty.queueRequest')
            : t('penalty.queuePenalty', { penalty: name(final), name: player.name })}
        </button>
      ) : headJudgeNeeded && !isHeadJudge ? (
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
            // A disqualification ends the player's tournament: asked a second time, naming who and which.
            confirm={
              disqualifies
                ? t('penalty.disqualifyConfirm', {
                    name: player.name,
                    penalty: name(body.additional?.penalty ?? final),
                  })
                : undefined
            }
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
