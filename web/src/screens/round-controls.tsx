import { REASON } from '../../../src/core/tournament/limits.js';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { pairLabel } from './pair-label';
import { acceptsDecklistIssues, can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { writes } from '../api/tournament-api';
import { TextField } from '../components/form';
import { todayAt } from '../i18n/time-zone';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { usePlayers } from '../penalty/player-picker';
import { Link, navigate } from '../router';
import { isPhased, phaseOfRound, useRoundLabel } from '../components/round-label';
import { PhaseControls } from './phase-controls';

/** The rounds so far, from the tournament summary. */
export function useRounds() {
  const { summary } = useTournament();
  return { ...summary, data: summary.data?.rounds };
}

/** The rounds so far and, for the scorekeeper, the button for the next step: pair the next round or end this one. */
export function RoundControls() {
  const { t } = useT();
  const { account } = useSession();
  const { id, summary } = useTournament();
  const rounds = useRounds();
  const version = useVersion();
  const { label } = useRoundLabel();
  const canRun = can(account, 'PairRound', id) && summary.data?.status === 'open';
  const [hold, setHold] = useState(false);
  const [seatAt, setSeatAt] = useState('');
  const base = `/t/${encodeURIComponent(id)}`;
  return (
    <Loaded resource={rounds}>
      {(list) => {
        const last = list[list.length - 1];
        return (
          <section className="stack" aria-labelledby="rounds-heading">
            <h2 id="rounds-heading">{t('rounds.title')}</h2>
            {list.length === 0 ? (
              <p className="empty">{t('rounds.none')}</p>
            ) : (
              <ul className="card-list">
                {list.map((r) => (
                  <li key={r.round} className="card">
                    <Link to={`${base}/rounds/${r.round}`} className="card-link">
                      <span className="card-title">
                        {label(
                          { ...r, phase: summary.data ? phaseOfRound(summary.data, r.round, r.stage) : null },
                          isPhased(summary.data),
                        )}
                      </span>
                      <span className="muted">{t('rounds.reported', { reported: r.reported, tables: r.tables })}</span>
                      {r.held ? (
                        <span className="badge badge-warn" data-testid={`held-${r.round}`}>
                          {t('rounds.held')}
                        </span>
                      ) : (
                        <span className={r.ended ? 'badge' : r.started ? 'badge badge-live' : 'badge badge-warn'}>
                          {r.ended ? t('rounds.ended') : r.started ? t('rounds.running') : t('rounds.posted')}
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {last && <ListsWithFindings />}
            {last?.ended && summary.data && <PhaseControls tournament={summary.data} last={last} />}
            {canRun && last && !last.ended && !last.held && <EndRoundButton round={last.round} version={version} />}
            {canRun && (!last || (last.ended && summary.data?.next?.kind !== 'none')) && (
              <>
                <PlannedSeatTime value={seatAt} onChange={setSeatAt} />
                <label className="check" data-testid="hold-pairings">
                  <input type="checkbox" checked={hold} onChange={(e) => setHold(e.target.checked)} />{' '}
                  {t('rounds.holdPairings')}
                </label>
              </>
            )}
            {canRun && !last && <DecklistGate seatTime={todayAt(seatAt)} hold={hold} />}
            {canRun && last?.ended && summary.data?.next?.kind !== 'none' && (
              <WriteButton
                className="button button-primary"
                onWrite={() => writes.pairRound(id, version, (last?.round ?? 0) + 1, undefined, todayAt(seatAt), hold)}
                onDone={() => {
                  setSeatAt('');
                  navigate(`${base}/rounds/${(last?.round ?? 0) + 1}`);
                }}
                data-testid="pair-round"
              >
                {pairLabel(t, summary.data?.next, (last?.round ?? 0) + 1)}
              </WriteButton>
            )}
          </section>
        );
      }}
    </Loaded>
  );
}

/**
 * Round 1: the players whose decklists are missing (when required) or break the deck rules are
 * listed before pairing; only the organizer can go on, with a reason the log keeps.
 */
/**
 * The seat time announced with the pairings, as the scorekeeper types it (a time today in the
 * tournament's time zone): the wall and the print show it until the round starts. Empty: none.
 */
function PlannedSeatTime({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useT();
  return (
    <TextField
      type="time"
      name="plannedSeatTime"
      label={t('rounds.plannedSeatTime')}
      hint={t('rounds.plannedSeatTimeHint')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function DecklistGate({ seatTime, hold }: { seatTime: string | undefined; hold: boolean }) {
  const { t } = useT();
  const { account } = useSession();
  const { id, summary } = useTournament();
  const version = useVersion();
  const players = usePlayers();
  const [reason, setReason] = useState('');
  const base = `/t/${encodeURIComponent(id)}`;
  const required = summary.data?.settings.decklistsRequired === true;
  const problems = (players.data ?? []).filter(
    (p) => !p.dropped && (p.deck?.state === 'findings' || (required && p.deck?.state === 'none')),
  );
  const organizer = acceptsDecklistIssues(account, id);
  const pair = (accept?: { reason: string }) => (
    <WriteButton
      className="button button-primary"
      disabled={accept !== undefined && accept.reason.trim() === ''}
      onWrite={() => writes.pairRound(id, version, 1, accept, seatTime, hold)}
      onDone={() => navigate(`${base}/rounds/1`)}
      data-testid="pair-round"
    >
      {accept ? t('rounds.pairAnyway', { round: 1 }) : t('rounds.pair', { round: 1 })}
    </WriteButton>
  );
  if (players.data === undefined) return null;
  if (problems.length === 0) return pair();
  return (
    <div className="notice notice-error stack" data-testid="decklist-gate">
      <p>
        <strong>{t('rounds.decklistProblems', { count: problems.length })}</strong>
      </p>
      <ul>
        {problems.map((p) => (
          <li key={p.id} data-testid={`gate-${p.id}`}>
            <Link to={`${base}/players/${encodeURIComponent(p.id)}`}>{p.name}</Link>{' '}
            <span className="muted">{p.id}</span> —{' '}
            {p.deck?.state === 'findings' ? t('players.deckFindings', { count: p.deck.findings }) : t('players.noList')}
          </li>
        ))}
      </ul>
      {organizer ? (
        <>
          <label className="field">
            <span>{t('rounds.acceptReason')}</span>
            <textarea
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={2}
              data-testid="accept-decklists-reason"
              maxLength={REASON.max}
            />
          </label>
          {pair({ reason })}
        </>
      ) : (
        <p>{t('rounds.organizerMustAccept')}</p>
      )}
    </div>
  );
}

/**
 * After round 1: lists the deck rules still find problems in (paired anyway, or registered
 * since), on the desk's round screen until each is corrected, so none reaches the top cut
 * unnoticed. Staff only: the players' deck states are not public.
 */
function ListsWithFindings() {
  const { t } = useT();
  const { account } = useSession();
  const { id } = useTournament();
  const players = usePlayers();
  const base = `/t/${encodeURIComponent(id)}`;
  const open = (players.data ?? []).filter((p) => !p.dropped && p.deck?.state === 'findings');
  if (open.length === 0) return null;
  return (
    <div className="notice notice-error stack" data-testid="lists-with-findings">
      <p>
        <strong>{t('rounds.listsWithFindings', { count: open.length })}</strong>
      </p>
      <ul>
        {open.map((p) => (
          <li key={p.id}>
            <Link to={`${base}/players?q=${encodeURIComponent(p.id)}`}>{p.name}</Link>{' '}
            <span className="muted">{p.id}</span> — {t('players.deckFindings', { count: p.deck?.findings ?? 0 })}
          </li>
        ))}
      </ul>
      <p>{can(account, 'CorrectDecklist', id) ? t('rounds.correctHere') : t('rounds.headJudgeCorrects')}</p>
    </div>
  );
}

/** "End round", asked first: it closes result entry for everyone but corrections. */
export function EndRoundButton({ round, version }: { round: number; version: number | null }) {
  const { t } = useT();
  const { id } = useTournament();
  return (
    <WriteButton
      className="button"
      confirm={t('rounds.endConfirm', { round })}
      onWrite={() => writes.endRound(id, version, round)}
      data-testid="end-round"
    >
      {t('rounds.end', { round })}
    </WriteButton>
  );
}
