import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/use-t';
import {
  CUT_MAX_LOSSES,
  CUT_TOP,
  PHASE_NAME,
  PLAYER_ID,
  PLAYER_NAME,
  REASON,
} from '../../../src/core/tournament/limits.js';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import type { BestOf, CutRule, RoundSummary, TournamentSummary } from '../api/types';
import { Choices, TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { StageFormatFields } from '../components/stage-format-fields';
import { ErrorNotice } from '../components/status';
import { useWrite } from '../components/use-write';

/**
 * Between Swiss rounds: the cuts made so far, narrowing the field by record or by rank after the ended round
 * `last`, the start of a new phase (day two) while Swiss rounds are left, and invitations into
 * a phase that has just started. The server decides every one; the screen only offers them
 * where they can apply.
 */
export function PhaseControls({ tournament, last }: { tournament: TournamentSummary; last: RoundSummary }) {
  const { account } = useSession();
  const s = tournament.settings.structure;
  const open = tournament.status === 'open';
  const runs = open && can(account, 'CutSwiss', tournament.id);
  const organizer = open && can(account, 'StartPhase', tournament.id);
  const next = last.round + 1;
  const swissLeft = s.kind === 'swiss' && next <= s.rounds;
  const justStarted = (tournament.phases ?? []).find((p) => p.fromRound === next);
  const betweenSwiss = last.stage === 'swiss' && last.ended;
  // One cut after a round: once made, the list above says who left.
  const cutDone = (tournament.cuts ?? []).some((c) => c.afterRound === last.round);
  return (
    <>
      <CutList tournament={tournament} />
      {/* Only while Swiss rounds are left: after the last one the next step is the top cut or the end. */}
      {runs && betweenSwiss && swissLeft && !cutDone && <CutForm round={last.round} />}
      {organizer && betweenSwiss && swissLeft && !justStarted && <StartPhaseForm tournament={tournament} />}
      {runs && betweenSwiss && justStarted && <InviteForm phase={justStarted.name} />}
    </>
  );
}

function useCutRuleText(): (rule: CutRule) => string {
  const { t } = useT();
  return (rule) =>
    rule.kind === 'max-losses'
      ? t('formats.ruleMaxLosses', { count: rule.maxLosses })
      : t('formats.ruleTop', { count: rule.top });
}

function CutList({ tournament }: { tournament: TournamentSummary }) {
  const { t } = useT();
  const ruleText = useCutRuleText();
  const cuts = tournament.cuts ?? [];
  if (cuts.length === 0) return null;
  return (
    <ul className="plain" data-testid="cuts">
      {cuts.map((c) => (
        <li key={`${c.afterRound}-${c.rule.kind}`}>
          {t('formats.cutDone', { round: c.afterRound, rule: ruleText(c.rule), count: c.out })}
        </li>
      ))}
    </ul>
  );
}

/** A cut of the Swiss field after the ended round: by record (more losses leave) or by rank (top N stay). */
function CutForm({ round }: { round: number }) {
  const { t } = useT();
  const { id } = useTournament();
  const version = useVersion();
  const ruleText = useCutRuleText();
  const [kind, setKind] = useState<'max-losses' | 'top'>('max-losses');
  const [maxLosses, setMaxLosses] = useState(2);
  const [top, setTop] = useState(64);
  const rule: CutRule = kind === 'max-losses' ? { kind, maxLosses } : { kind, top };
  return (
    <details className="panel" data-testid="cut-form">
      <summary>
        <h2>{t('formats.cutTitle', { round })}</h2>
      </summary>
      <div className="stack">
        <Choices
          legend={t('formats.cutBy')}
          name="cutKind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'max-losses', label: t('formats.byRecord'), detail: t('formats.byRecordDetail') },
            { value: 'top', label: t('formats.byRank'), detail: t('formats.byRankDetail') },
          ]}
        />
        {kind === 'max-losses' ? (
          <TextField
            label={t('formats.maxLosses')}
            name="maxLosses"
            type="number"
            min={CUT_MAX_LOSSES.min}
            max={CUT_MAX_LOSSES.max}
            value={maxLosses}
            onChange={(e) => setMaxLosses(Number(e.target.value))}
          />
        ) : (
          <TextField
            label={t('formats.top')}
            name="top"
            type="number"
            min={CUT_TOP.min}
            max={CUT_TOP.max}
            value={top}
            onChange={(e) => setTop(Number(e.target.value))}
          />
        )}
        <WriteButton
          className="button button-primary"
          confirm={t('formats.cutConfirm', { round, rule: ruleText(rule) })}
          onWrite={() => writes.cutSwiss(id, version, round, kind === 'max-losses' ? { maxLosses } : { top })}
          data-testid="cut-submit"
        >
          {t('formats.cutSubmit', { rule: ruleText(rule) })}
        </WriteButton>
      </div>
    </details>
  );
}

/** Day two: a new Swiss phase from the next round, with its own name, format, round length and seat time. */
function StartPhaseForm({ tournament }: { tournament: TournamentSummary }) {
  const { t } = useT();
  const { id } = useTournament();
  const version = useVersion();
  const current = tournament.phases?.at(-1)?.format ??
    tournament.settings.stages?.swiss ?? { bestOf: 3, roundMinutes: tournament.settings.roundMinutes };
  const [name, setName] = useState(t('formats.defaultPhaseName', { day: (tournament.phases?.length ?? 0) + 2 }));
  const [bestOf, setBestOf] = useState<BestOf>(current.bestOf);
  const [minutes, setMinutes] = useState(current.roundMinutes);
  // A local date and time from the form; sent as an instant.
  const [seatTime, setSeatTime] = useState('');
  return (
    <details className="panel" data-testid="phase-form">
      <summary>
        <h2>{t('formats.phaseTitle')}</h2>
      </summary>
      <div className="stack">
        <p className="field-hint">{t('formats.phaseHint')}</p>
        <TextField
          label={t('formats.phaseName')}
          name="phaseName"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={PHASE_NAME.max}
        />
        <StageFormatFields
          name={{ bestOf: 'phaseBestOf', minutes: 'phaseMinutes' }}
          formatLabel={t('formats.phaseBestOf')}
          minutesLabel={t('formats.phaseMinutes')}
          bestOf={bestOf}
          onBestOf={setBestOf}
          minutes={minutes}
          onMinutes={setMinutes}
        />
        <TextField
          label={t('formats.seatTime')}
          hint={t('formats.seatTimeHint')}
          name="phaseSeatTime"
          type="datetime-local"
          value={seatTime}
          onChange={(e) => setSeatTime(e.target.value)}
        />
        <WriteButton
          className="button button-primary"
          disabled={name.trim() === ''}
          onWrite={() =>
            writes.startPhase(id, version, {
              name: name.trim(),
              bestOf,
              roundMinutes: minutes,
              ...(seatTime === '' ? {} : { seatTime: new Date(seatTime).toISOString() }),
            })
          }
          data-testid="phase-submit"
        >
          {t('formats.phaseSubmit', { name: name.trim() })}
        </WriteButton>
      </div>
    </details>
  );
}

/** A player advanced into the phase just started without the cut (an invitation), with the reason the log keeps. */
function InviteForm({ phase }: { phase: string }) {
  const { t } = useT();
  const { id } = useTournament();
  const version = useVersion();
  const run = useWrite();
  const [playerId, setPlayerId] = useState('');
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ name: string; code: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const body = { id: playerId.trim(), name: name.trim(), invitation: { reason: reason.trim() } };
    const outcome = await run(() => writes.registerPlayer(id, version, body));
    setBusy(false);
    if (!outcome.ok) return setError(outcome.error);
    setDone({ name: body.name, code: (outcome.body as { code: string }).code });
    setPlayerId('');
    setName('');
    setReason('');
  }
  return (
    <details className="panel" data-testid="invite-form">
      <summary>
        <h2>{t('formats.inviteTitle', { phase })}</h2>
      </summary>
      <form className="stack" onSubmit={submit}>
        <p className="field-hint">{t('formats.inviteHint')}</p>
        <div className="field-row">
          <TextField
            label={t('players.id')}
            name="inviteId"
            value={playerId}
            onChange={(e) => setPlayerId(e.target.value)}
            required
            maxLength={PLAYER_ID.max}
          />
          <TextField
            label={t('players.name')}
            name="inviteName"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            maxLength={PLAYER_NAME.max}
          />
        </div>
        <TextField
          label={t('formats.inviteReason')}
          name="inviteReason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={REASON.max}
        />
        {error !== null && <ErrorNotice error={error} />}
        {done && (
          <p className="notice notice-ok" data-testid="invited">
            {t('formats.invited', { name: done.name, phase })} {t('players.code')}{' '}
            <strong className="code">{done.code}</strong>
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('status.sending') : t('formats.inviteSubmit')}
        </button>
      </form>
    </details>
  );
}
