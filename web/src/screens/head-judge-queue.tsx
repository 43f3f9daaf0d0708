import { STATEMENT, RULING_REASON } from '../../../src/core/tournament/limits.js';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { infractionOf, ladder, penaltyOf, usePack, type Pack } from '../api/policy';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import type { PenaltyId, PenaltyView } from '../api/types';
import { Choices, SelectField, TextArea } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { AppealNotes } from '../penalty/appeal-notes';
import { LandingNote } from '../penalty/landing-note';
import { NoMatchLeftConfirm } from '../penalty/no-match-left';
import { usePenalties } from '../penalty/penalty-flow';
import { RequestQueue } from './request-queue';
import { PlayerReportsQueue } from '../self-service/staff-panels';
import { EscalatedCalls } from '../calls/escalated-calls';
import { useStaffName } from '../api/staff-names';

/**
 * What the head judge reviews: judge calls passed up to them first, then floor judges' requests, then penalties that deviate from the guideline, disqualifications
 * with their statements, and appeals (change or rescind any penalty, with a reason).
 */
export function HeadJudgeQueue() {
  const { t } = useT();
  const penalties = usePenalties();
  const { pack } = usePack();
  return (
    <section className="stack">
      <h1>{t('queue.title')}</h1>
      <Loaded resource={penalties}>
        {(list) => {
          if (!pack) return null;
          const deviations = list.filter((p) => p.deviationReason !== null && p.status !== 'rescinded');
          const dqs = list.filter((p) => p.disqualification && p.status !== 'rescinded');
          const appealed = list.filter((p) => p.appeals.length > 0);
          return (
            <>
              <EscalatedCalls />
              <RequestQueue pack={pack} />
              <PlayerReportsQueue />
              <Group
                title={t('queue.deviations', { count: deviations.length })}
                penalties={deviations}
                pack={pack}
                testId="queue-deviations"
              />
              <Group
                title={t('queue.disqualifications', { count: dqs.length })}
                penalties={dqs}
                pack={pack}
                testId="queue-dqs"
              />
              <Group
                title={t('queue.appealed', { count: appealed.length })}
                penalties={appealed}
                pack={pack}
                testId="queue-appeals"
              />
              <Group
                title={t('queue.all', { count: list.length })}
                penalties={[...list].reverse()}
                pack={pack}
                testId="queue-all"
                collapsed
              />
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

function Group({
  title,
  penalties,
  pack,
  testId,
  collapsed,
}: {
  title: string;
  penalties: readonly PenaltyView[];
  pack: Pack;
  testId: string;
  collapsed?: boolean;
}) {
  const { t } = useT();
  return (
    <details className="panel" open={!collapsed} data-testid={testId}>
      <summary>
        <h2>{title}</h2>
      </summary>
      {penalties.length === 0 ? (
        <p className="empty">{t('queue.empty')}</p>
      ) : (
        <ul className="card-list">
          {penalties.map((p) => (
            <PenaltyCard key={p.id} penalty={p} pack={pack} />
          ))}
        </ul>
      )}
    </details>
  );
}

function PenaltyCard({ penalty: p, pack }: { penalty: PenaltyView; pack: Pack }) {
  const { t } = useT();
  const { pick, lang } = useLang();
  const staffName = useStaffName();
  return (
    <li className={`card${p.status === 'rescinded' ? ' card-struck' : ''}`} data-testid={`penalty-card-${p.id}`}>
      <p>
        <span className="muted">#{p.id}</span> <strong>{p.name}</strong> <span className="muted">{p.player}</span>
      </p>
      <p>
        {pick(infractionOf(pack, p.infraction)?.name) || p.infraction} →{' '}
        <strong>{pick(penaltyOf(pack, p.penalty)?.name)}</strong>
        {p.guideline !== p.penalty && (
          <span className="muted">
            {' '}
            ({t('record.guidelineWas', { penalty: pick(penaltyOf(pack, p.guideline)?.name) })})
          </span>
        )}
        {p.status === 'rescinded' && <span className="badge"> {t('queue.rescinded')}</span>}
      </p>
      <p className="muted">
        {t(`phase.${p.phase}`)} · {t('queue.by', { judge: `${staffName(p.judge.id)} (${t(`role.${p.judge.role}`)})` })}{' '}
        · {formatTime(p.at, lang, true)}
      </p>
      <LandingNote penalty={p} />
      {p.deviationReason && <p>{t('record.deviationReason', { reason: p.deviationReason })}</p>}
      {p.notes && <p data-testid={`penalty-notes-${p.id}`}>{t('request.notesLabel', { notes: p.notes })}</p>}
      {p.statements.length > 0 && (
        <div>
          <p>{t('penalty.statements')}</p>
          <ol className="statements">
            {p.statements.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
        </div>
      )}
      <AppealNotes appeals={p.appeals} pack={pack} />
      {p.status !== 'rescinded' && <AppealForm penalty={p} pack={pack} />}
    </li>
  );
}

function AppealForm({ penalty, pack }: { penalty: PenaltyView; pack: Pack }) {
  const { t } = useT();
  const { pick } = useLang();
  const { id } = useTournament();
  const version = useVersion();
  const [outcome, setOutcome] = useState<'changed' | 'rescinded' | 'denied'>('changed');
  const [to, setTo] = useState<PenaltyId | ''>('');
  const [reason, setReason] = useState('');
  const [statement, setStatement] = useState('');
  const needsStatement = outcome === 'changed' && to !== '' && penalty.changeNeedsStatements.includes(to);
  const ready =
    reason.trim() !== '' && (outcome !== 'changed' || (to !== '' && (!needsStatement || statement.trim() !== '')));
  const body =
    outcome === 'rescinded' || outcome === 'denied'
      ? { outcome, reason: reason.trim() }
      : {
          outcome,
          penalty: to as PenaltyId,
          reason: reason.trim(),
          ...(needsStatement ? { statements: [statement.trim()] } : {}),
        };
  // Rules 1-C/1-D: a change to a loss for the next match with none left asks the head judge to confirm it without a result effect.
  const [noMatchLeftFor, setNoMatchLeftFor] = useState<string | null>(null);
  const bodyKey = JSON.stringify(body);
  return (
    <details>
      <summary className="button button-small">{t('queue.appeal')}</summary>
      <div className="stack">
        <Choices
          legend={t('queue.appealOutcome')}
          name={`appeal-${penalty.id}`}
          value={outcome}
          onChange={setOutcome}
          options={[
            { value: 'changed', label: t('queue.change') },
            { value: 'rescinded', label: t('queue.rescind') },
            { value: 'denied', label: t('queue.deny') },
          ]}
        />
        {outcome === 'changed' && (
          <SelectField label={t('queue.newPenalty')} value={to} onChange={(e) => setTo(e.target.value as PenaltyId)}>
            <option value="">{t('penalty.choosePenalty')}</option>
            {ladder(pack)
              .filter((p) => p !== penalty.penalty)
              .map((p) => (
                <option key={p} value={p}>
                  {pick(penaltyOf(pack, p)?.name)}
                </option>
              ))}
          </SelectField>
        )}
        {needsStatement && (
          <TextArea
            label={t('penalty.statementN', { n: 1 })}
            value={statement}
            onChange={(e) => setStatement(e.target.value)}
            maxLength={STATEMENT.max}
            rows={3}
          />
        )}
        <TextArea
          label={t('queue.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={RULING_REASON.max}
          rows={2}
          required
        />
        <WriteButton
          className="button button-primary"
          disabled={!ready}
          onWrite={() => writes.appeal(id, version, penalty.id, body)}
          onRefused={(error) => {
            setNoMatchLeftFor(error.code === 'no-match-left' ? bodyKey : null);
            return error.code === 'no-match-left';
          }}
        >
          {t('queue.decide')}
        </WriteButton>
        {noMatchLeftFor === bodyKey && body.outcome === 'changed' && (
          <NoMatchLeftConfirm
            name={penalty.name}
            penalty={pick(penaltyOf(pack, body.penalty)?.name)}
            onWrite={() => writes.appeal(id, version, penalty.id, { ...body, withoutEffect: true })}
            onDone={() => setNoMatchLeftFor(null)}
          />
        )}
      </div>
    </details>
  );
}
