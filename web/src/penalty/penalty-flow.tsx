import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { ApiError, NetworkError, request } from '../api/http';
import { infractionOf, penaltyOf, usePack, type PackInfraction } from '../api/policy';
import { useResource } from '../api/resource';
import { useTournament } from '../api/tournament-context';
import { paths, type PenaltyReport } from '../api/tournament-api';
import type { PenaltyPreview, PenaltyView, Phase } from '../api/types';
import { Choices } from '../components/form';
import { PackGate } from '../components/pack-gate';
import { ErrorNotice } from '../components/status';
import { inBothLangs, useLang } from '../i18n/i18n';
import { Link, useLocation } from '../router';
import { useOutbox } from '../components/outbox-bar';
import { SAVED_READS } from '../sw/saved-reads-protocol';
import { DecisionPanel } from './decision-panel';
import { assessOnPhone } from './phone-assess';
import { QueuedPenalty, type Queued } from './queued-penalty';
import { RequestStatus } from './request-status';
import { factsComplete, FactQuestions, type FactValues } from './fact-questions';
import { InfractionPicker } from './infraction-picker';
import { IssuedNotes } from './issued-notes';
import { PlayerPicker, usePlayers } from './player-picker';

const PHASES: readonly Phase[] = ['in-duel', 'between-duels', 'between-matches'];

/** Reads the penalty log (GET …/penalties answers `{ penalties }`). */
export function usePenalties() {
  const { id } = useTournament();
  const resource = useResource<{ penalties: PenaltyView[] }>(paths.penalties(id));
  return { ...resource, data: resource.data?.penalties };
}

/**
 * The judge's penalty flow, one step after the other on one page: the player, the infraction
 * (by section or search), its facts and when it was found, then the guideline decision from
 * the server to confirm or deviate from. A link from a table or a deck check fills the first steps.
 * Offline the phone decides the guideline itself (phone-assess.ts) from what it saved, says so,
 * and the penalty waits in the outbox until the server decides it again.
 */
export function PenaltyFlow() {
  const { t } = useT();
  const { pick } = useLang();
  const { id, summary } = useTournament();
  const { query } = useLocation();
  const { online } = useOutbox();
  const { pack } = usePack();
  const players = usePlayers();
  const penalties = usePenalties();
  const [playerId, setPlayerId] = useState<string | null>(query.get('player'));
  const [infractionId, setInfractionId] = useState<string | null>(query.get('infraction'));
  const [facts, setFacts] = useState<FactValues>({});
  const [phase, setPhase] = useState<Phase | null>((query.get('phase') as Phase | null) ?? null);
  const [matchAlreadyLost, setMatchAlreadyLost] = useState(false);
  const [preview, setPreview] = useState<PenaltyPreview | null>(null);
  /** The preview was decided on this phone, from the penalty log saved at `asOf` (ms since epoch). */
  const [onPhone, setOnPhone] = useState<{ asOf: number } | null>(null);
  const [queued, setQueued] = useState<Queued | null>(null);
  const [assessing, setAssessing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [issued, setIssued] = useState<unknown>(null);
  const [requested, setRequested] = useState<number | null>(null);
  const backRound = query.get('round');
  const backToTable = backRound ? `/t/${encodeURIComponent(id)}/rounds/${encodeURIComponent(backRound)}` : null;
  // Opened from a judge call: the issued penalty goes back to the call, to be linked when it is resolved.
  const fromCall = query.get('call');

  const infraction = infractionOf(pack, infractionId);
  const player = players.data?.find((p) => p.id === playerId) ?? (playerId ? { id: playerId, name: playerId } : null);
  const report: PenaltyReport | null =
    infraction && phase
      ? {
          infraction: infraction.id,
          phase,
          ...(infraction.facts.length > 0 ? { facts } : {}),
          ...(phase !== 'between-matches' && matchAlreadyLost ? { matchAlreadyLost: true } : {}),
        }
      : null;
  const reportKey = JSON.stringify([playerId, report]);

  // Any change to the report makes the decision shown out of date.
  // biome-ignore lint/correctness/useExhaustiveDependencies: any change to the report (its key) makes the decision shown out of date.
  useEffect(() => {
    setPreview(null);
    setOnPhone(null);
    setError(null);
  }, [reportKey]);

  async function assess() {
    if (!report || !playerId) return;
    setAssessing(true);
    setError(null);
    try {
      if (!online) return decideOnPhone(playerId, report);
      const answer = await request<PenaltyPreview>('POST', paths.assess(id), {
        body: { player: playerId, ...report },
        // Wi-Fi that hangs: after the same wait as a saved read, the phone decides.
        signal: AbortSignal.timeout(SAVED_READS.answerWithinMs),
      });
      setPreview(answer.body);
      setOnPhone(null);
    } catch (caught) {
      if (caught instanceof NetworkError || (caught as Error).name === 'TimeoutError') decideOnPhone(playerId, report);
      else setError(caught);
    } finally {
      setAssessing(false);
    }
  }

  /** No server: the core's decision on this phone, from the pack, penalty log and rounds it saved. */
  function decideOnPhone(player: string, stated: PenaltyReport) {
    const log = penalties.data;
    const rounds = summary.data?.rounds;
    if (!pack || !log || !rounds) {
      setError(new ApiError(0, 'not-saved', inBothLangs('penalty.offlineNotSaved')));
      return;
    }
    const decided = assessOnPhone({ pack, log, rounds }, player, stated);
    if (!decided.ok) {
      setError(new ApiError(400, 'invalid-report', decided.error.text));
      return;
    }
    setPreview(decided.value);
    setOnPhone({ asOf: penalties.savedAt ?? penalties.loadedAt ?? Date.now() });
  }

  function restart() {
    setPlayerId(null);
    setInfractionId(null);
    setFacts({});
    setPhase(null);
    setMatchAlreadyLost(false);
    setPreview(null);
    setOnPhone(null);
    setQueued(null);
    setIssued(null);
    setRequested(null);
  }

  // Opening the penalty tab again (or from another table) starts a new report, never the last success screen.
  const search = query.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (`search`) starts a new report; `query` is read from it.
  useEffect(() => {
    setIssued(null);
    setQueued(null);
    setRequested(null);
    setPlayerId(query.get('player'));
    setInfractionId(query.get('infraction'));
  }, [search]);

  if (requested !== null) {
    return (
      <section className="stack narrow" aria-live="polite">
        <h1>{t('request.sentTitle')}</h1>
        <RequestStatus requestId={requested} />
        {backToTable && (
          <Link className="button" to={backToTable}>
            {t('request.back')}
          </Link>
        )}
        <button type="button" className="button button-primary" onClick={restart}>
          {t('penalty.another')}
        </button>
      </section>
    );
  }

  if (queued !== null && issued === null && requested === null) {
    return (
      <QueuedPenalty
        queued={queued}
        player={player?.name ?? ''}
        onIssued={setIssued}
        onRequested={setRequested}
        onAnother={restart}
      />
    );
  }

  if (issued !== null) {
    const shown = (issued as { penalty?: { penaltyId?: number; penalty?: string } | null }).penalty ?? {};
    return (
      <section className="stack narrow" aria-live="polite">
        <h1>{t('penalty.issuedTitle')}</h1>
        <p className="notice notice-ok" data-testid="penalty-issued">
          {t('penalty.issued', {
            id: shown.penaltyId ?? '',
            name: player?.name ?? '',
            penalty: pick(penaltyOf(pack, typeof shown.penalty === 'string' ? shown.penalty : null)?.name),
          })}
        </p>
        <IssuedNotes pack={pack} answer={issued} />
        {fromCall && shown.penaltyId !== undefined && (
          <Link
            className="button button-primary"
            to={`/t/${encodeURIComponent(id)}/calls?call=${encodeURIComponent(fromCall)}&penalty=${shown.penaltyId}`}
            data-testid="back-to-call"
          >
            {t('calls.backToCall', { id: fromCall })}
          </Link>
        )}
        {backToTable && !fromCall && (
          <Link className="button" to={backToTable} data-testid="back-to-table">
            {t('request.back')}
          </Link>
        )}
        <button type="button" className="button button-primary" onClick={restart}>
          {t('penalty.another')}
        </button>
        <Link to={`/t/${encodeURIComponent(id)}`}>{t('nav.overview')}</Link>
      </section>
    );
  }

  return (
    <PackGate>
      {(loadedPack) => (
        <section className="stack penalty-flow">
          <h1>{t('penalty.title')}</h1>
          <Step
            n={1}
            title={t('penalty.stepPlayer')}
            done={player ? `${player.name} (${player.id})` : null}
            onChange={() => setPlayerId(null)}
          >
            <PlayerPicker onPick={(p) => setPlayerId(p.id)} />
          </Step>
          {player && (
            <Step
              n={2}
              title={t('penalty.stepInfraction')}
              done={infraction ? `§${infraction.section} ${pick(infraction.name)}` : null}
              onChange={() => setInfractionId(null)}
            >
              <InfractionPicker
                pack={loadedPack}
                onPick={(i: PackInfraction) => {
                  setInfractionId(i.id);
                  setFacts({});
                }}
              />
            </Step>
          )}
          {player && infraction && (
            <Step n={3} title={t('penalty.stepFacts')} done={null}>
              <p className="muted">{pick(infraction.description)}</p>
              <FactQuestions facts={infraction.facts} values={facts} onChange={setFacts} />
              <Choices
                legend={t('penalty.phase')}
                name="phase"
                value={phase}
                onChange={setPhase}
                options={PHASES.map((p) => ({ value: p, label: t(`phase.${p}`) }))}
              />
              {phase && phase !== 'between-matches' && (
                <label className="check">
                  <input
                    type="checkbox"
                    checked={matchAlreadyLost}
                    onChange={(e) => setMatchAlreadyLost(e.target.checked)}
                  />
                  <span>{t('penalty.matchAlreadyLost')}</span>
                </label>
              )}
              <button
                type="button"
                className="button button-primary"
                disabled={!report || !factsComplete(infraction.facts, facts) || assessing}
                onClick={() => void assess()}
                data-testid="assess"
              >
                {assessing ? t('status.working') : t('penalty.assess')}
              </button>
              {error !== null && <ErrorNotice error={error} onRetry={() => void assess()} />}
            </Step>
          )}
          {player && report && preview && (
            <Step n={4} title={t('penalty.stepDecision')} done={null}>
              <DecisionPanel
                key={reportKey}
                pack={loadedPack}
                preview={preview}
                onPhone={onPhone}
                onQueued={setQueued}
                report={report}
                player={player}
                history={(penalties.data ?? []).filter((p) => p.player === player.id && p.status !== 'rescinded')}
                onIssued={setIssued}
                onRequested={setRequested}
              />
            </Step>
          )}
        </section>
      )}
    </PackGate>
  );
}

/** One step of the flow: its form while open, a summary line with "change" once answered. */
function Step({
  n,
  title,
  done,
  onChange,
  children,
}: {
  n: number;
  title: string;
  done: string | null;
  onChange?: () => void;
  children: React.ReactNode;
}) {
  const { t } = useT();
  return (
    <section className="step" aria-labelledby={`step-${n}`}>
      <h2 id={`step-${n}`}>
        <span className="step-number" aria-hidden="true">
          {n}
        </span>{' '}
        {title}
      </h2>
      {done !== null ? (
        <p className="step-done">
          <strong>{done}</strong>{' '}
          {onChange && (
            <button type="button" className="link-button" onClick={onChange}>
              {t('action.change')}
            </button>
          )}
        </p>
      ) : (
        children
      )}
    </section>
  );
}
