import { RULING_REASON } from '../../../src/core/tournament/limits.js';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { infractionOf, penaltyOf, type Pack } from '../api/policy';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import type { PenaltyId, RequestView } from '../api/types';
import { Choices, SelectField, TextArea } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { useRequests, useRequestText } from '../penalty/request-status';
import { useStaffName } from '../api/staff-names';

type Outcome = 'approved' | 'changed' | 'refused';

/**
 * The floor judges' requests, waiting ones first: player, table, infraction, the guideline, the
 * proposal, the judge's notes and statements; each approved, changed or refused in one step.
 */
export function RequestQueue({ pack }: { pack: Pack }) {
  const { t } = useT();
  const requests = useRequests();
  const text = useRequestText();
  return (
    <Loaded resource={requests}>
      {(list) => {
        const pending = list.filter((r) => r.decision === null);
        const decided = list.filter((r) => r.decision !== null);
        return (
          <>
            <details className="panel" open data-testid="queue-requests">
              <summary>
                <h2>{t('request.pendingTitle', { count: pending.length })}</h2>
              </summary>
              {pending.length === 0 ? (
                <p className="empty">{t('queue.empty')}</p>
              ) : (
                <ul className="card-list">
                  {pending.map((r) => (
                    <RequestCard key={r.id} request={r} pack={pack} />
                  ))}
                </ul>
              )}
            </details>
            {decided.length > 0 && (
              <details className="panel" data-testid="queue-requests-decided">
                <summary>
                  <h2>{t('request.decidedTitle', { count: decided.length })}</h2>
                </summary>
                <ul className="card-list">
                  {decided.map((r) => (
                    <li key={r.id} className="card">
                      <p>
                        {r.player ? `${r.player.name} ` : ''}
                        {text(r)}
                      </p>
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </>
        );
      }}
    </Loaded>
  );
}

function RequestCard({ request: r, pack }: { request: RequestView; pack: Pack }) {
  const { t } = useT();
  const { pick, lang } = useLang();
  const staffName = useStaffName();
  const name = (p: string | null) => pick(penaltyOf(pack, p)?.name) || (p ?? '');
  const penalty = r.request.kind === 'penalty' ? r.request.penalty : null;
  return (
    <li className="card request-card" data-testid={`request-${r.id}`}>
      <p>
        <span className="muted">#{r.id}</span> <strong>{r.player?.name}</strong>{' '}
        <span className="muted">{r.player?.id}</span>
      </p>
      {r.round !== null && r.table !== null && <p>{t('request.tableRound', { round: r.round, table: r.table })}</p>}
      {penalty && (
        <>
          <p>
            <strong>{pick(infractionOf(pack, penalty.report.infraction)?.name) || penalty.report.infraction}</strong> ·{' '}
            {t(`phase.${penalty.report.phase}`)}
          </p>
          <p>
            {t('request.guideline', { penalty: name(r.guideline?.penalty ?? null) })} →{' '}
            <strong>{t('request.proposal', { penalty: name(r.proposed) })}</strong>
          </p>
          {penalty.choice.kind === 'other' && penalty.choice.reason && (
            <p>{t('record.deviationReason', { reason: penalty.choice.reason })}</p>
          )}
          {(penalty.statements ?? []).length > 0 && (
            <ol className="statements">
              {(penalty.statements ?? []).map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ol>
          )}
        </>
      )}
      {r.request.kind === 'correction' && (
        <p>
          {t('request.correction', {
            duels: r.request.correction.duels.join(', '),
            reason: r.request.correction.reason,
          })}
        </p>
      )}
      {r.notes && <p data-testid="request-notes-shown">{t('request.notesLabel', { notes: r.notes })}</p>}
      <p className="muted">{t('request.from', { judge: staffName(r.judge.id), time: formatTime(r.at, lang, true) })}</p>
      <DecideForm request={r} pack={pack} />
    </li>
  );
}

function DecideForm({ request, pack }: { request: RequestView; pack: Pack }) {
  const { t } = useT();
  const { pick } = useLang();
  const { id } = useTournament();
  const version = useVersion();
  const [outcome, setOutcome] = useState<Outcome>('approved');
  const [to, setTo] = useState<PenaltyId | ''>('');
  const [reason, setReason] = useState('');
  const options: { value: Outcome; label: string }[] = [
    { value: 'approved', label: t('request.approve') },
    ...(request.kind === 'penalty' ? [{ value: 'changed' as const, label: t('request.change') }] : []),
    { value: 'refused', label: t('request.refuse') },
  ];
  const ready = outcome === 'approved' || (reason.trim() !== '' && (outcome === 'refused' || to !== ''));
  const body =
    outcome === 'approved'
      ? { outcome }
      : outcome === 'changed'
        ? { outcome, penalty: to as PenaltyId, reason: reason.trim() }
        : { outcome, reason: reason.trim() };
  return (
    <div className="stack">
      <Choices
        legend={t('queue.decide')}
        name={`request-${request.id}`}
        value={outcome}
        onChange={setOutcome}
        options={options}
      />
      {outcome === 'changed' && (
        <SelectField
          label={t('request.newPenalty')}
          value={to}
          onChange={(e) => setTo(e.target.value as PenaltyId)}
          data-testid={`request-penalty-${request.id}`}
        >
          <option value="">{t('penalty.choosePenalty')}</option>
          {request.changeTo.map((p) => (
            <option key={p} value={p}>
              {pick(penaltyOf(pack, p)?.name)}
            </option>
          ))}
        </SelectField>
      )}
      {outcome !== 'approved' && (
        <TextArea
          label={t('request.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={RULING_REASON.max}
          rows={2}
          required
        />
      )}
      <WriteButton
        className="button button-primary"
        disabled={!ready}
        onWrite={() => writes.decideRequest(id, version, request.id, body)}
        data-testid={`decide-request-${request.id}`}
      >
        {options.find((o) => o.value === outcome)?.label}
      </WriteButton>
    </div>
  );
}
