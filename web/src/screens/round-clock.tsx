import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { penaltyOf, usePack } from '../api/policy';
import { useResource } from '../api/resource';
import { observeServerTime, useServerNow } from '../api/server-clock';
import { useTournament, useVersion } from '../api/tournament-context';
import { paths, writes } from '../api/tournament-api';
import type { LatePlayer, RoundClock as Clock } from '../api/types';
import { usePendingFor } from '../components/outbox-bar';
import { WriteButton } from '../components/pending-button';
import { useRoundName } from '../components/round-label';
import { Loaded } from '../components/status';
import { useLang } from '../i18n/i18n';
import { Link } from '../router';
import { RoundTimer } from './round-timer';

const REFRESH_MS = 15_000;

/**
 * The round clock for the floor: the time, the players not yet seated with how late they are
 * and the guideline tardiness penalty for that many minutes, one tap to issue it or to mark
 * the player seated. It reloads every few seconds and at each full minute, so the proposal
 * follows the minutes; the server refuses a tap made on a proposal that has just changed.
 */
export function RoundClock({ round }: { round: number }) {
  const { t } = useT();
  const { id } = useTournament();
  const title = useRoundName(round);
  const clock = useResource<Clock>(paths.clock(id, round));
  const { reload } = clock;
  const now = useServerNow();
  const seat = clock.data ? Date.parse(clock.data.seatTime) : null;
  const minute = seat === null ? null : Math.floor((now - seat) / 60_000);
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  useEffect(() => {
    if (minute !== null && minute >= 0) reload();
  }, [minute, reload]);
  useEffect(() => {
    if (clock.data?.now) observeServerTime(clock.data.now);
  }, [clock.data?.now]);
  const { pack } = usePack();
  const { pick } = useLang();
  const tardiness = pack?.settings.tardiness;
  return (
    <Loaded resource={clock}>
      {(data) => {
        const late = data.late ?? [];
        return (
          <section className="stack">
            <div className="title-row">
              <h1 data-testid="clock-title">{t('clock.title', { label: title })}</h1>
              <Link to={`/t/${encodeURIComponent(id)}/rounds/${round}`}>{t('clock.backToPairings')}</Link>
            </div>
            {data.started ? (
              <RoundTimer seatTime={data.seatTime} ended={data.ended} minutes={data.roundMinutes} />
            ) : (
              <p className="notice notice-warn">{t('round.notStarted')}</p>
            )}
            {tardiness && (
              <p className="muted">
                {t('clock.thresholds', {
                  warning: pick(penaltyOf(pack, 'warning')?.name),
                  duelLoss: pick(penaltyOf(pack, 'duel-loss')?.name),
                  matchLoss: pick(penaltyOf(pack, 'match-loss')?.name),
                  duelFrom: tardiness.duelLossFromMinutes,
                  matchFrom: tardiness.matchLossFromMinutes,
                })}
              </p>
            )}
            <h2>{t('clock.late', { count: late.length })}</h2>
            {late.length === 0 ? (
              <p className="empty">
                {!data.started || (seat !== null && now < seat) ? t('clock.beforeSeatTime') : t('clock.nobodyLate')}
              </p>
            ) : (
              <ul className="late-list">
                {late.map((l) => (
                  <LateRow
                    key={l.player}
                    late={l}
                    round={round}
                    clockVersion={clock.version}
                    minutes={seat === null ? l.minutesLate : (now - seat) / 60_000}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      }}
    </Loaded>
  );
}

/**
 * One late player. The clock proposes; the judge opens the proposal, reads what it does to the
 * match, and confirms in one step. Once a penalty is issued for this lateness the button says
 * so, and only a heavier proposal (more minutes) can be confirmed: it replaces that penalty.
 */
function LateRow({
  late,
  round,
  clockVersion,
  minutes,
}: {
  late: LatePlayer;
  round: number;
  clockVersion: number | null;
  minutes: number;
}) {
  const { t } = useT();
  const { id } = useTournament();
  const version = useVersion();
  const writeVersion = Math.max(version ?? 0, clockVersion ?? 0) || null;
  const { pack } = usePack();
  const { pick } = useLang();
  const [open, setOpen] = useState(false);
  const proposed = late.penalty;
  const name = (penalty: string) => pick(penaltyOf(pack, penalty)?.name) || penalty;
  const penaltyName = name(proposed);
  const pending = usePendingFor(`${paths.rounds(id)}/${round}/late/${encodeURIComponent(late.player)}/`);
  const issued = late.issued;
  const effectKey =
    proposed === 'match-loss'
      ? 'clock.effectMatchLoss'
      : proposed === 'duel-loss'
        ? 'clock.effectDuelLoss'
        : 'clock.effectNone';
  return (
    <li className="late-row" data-testid={`late-${late.player}`}>
      <div>
        <p className="late-name">
          {late.name} <span className="muted">{late.player}</span>
        </p>
        <p>
          {t('round.table', { table: late.table })} ·{' '}
          <strong>{t('clock.minutesLate', { count: Math.floor(minutes) })}</strong>
          {pending > 0 && <span className="badge badge-pending"> {t('status.pending')}</span>}
        </p>
        {issued && (
          <p className="badge badge-issued" data-testid={`late-issued-${late.player}`}>
            {t('clock.issuedFor', { id: issued.penaltyId, penalty: name(issued.penalty) })}
          </p>
        )}
        {late.repeat?.upgradeTo && <p className="muted">{t('clock.repeatNote', { count: late.repeat.count })}</p>}
      </div>
      {open && late.confirmable ? (
        <div
          className="confirm-panel"
          role="group"
          aria-label={t('clock.confirmTitle', { name: late.name })}
          data-testid={`late-confirm-${late.player}`}
        >
          <p>
            <strong>{t('clock.confirmTitle', { name: late.name })}</strong>
          </p>
          <p>{t('clock.confirmPenalty', { penalty: penaltyName, count: Math.floor(minutes) })}</p>
          <p>{t(effectKey, { opponent: late.opponent.name, table: late.table })}</p>
          {issued && (
            <p className="muted">{t('clock.replaces', { id: issued.penaltyId, penalty: name(issued.penalty) })}</p>
          )}
          <div className="late-actions">
            <WriteButton
              className={`button button-penalty penalty-${proposed}`}
              onWrite={() => writes.confirmLate(id, writeVersion, round, late.player, proposed)}
              onDone={() => setOpen(false)}
              data-testid={`confirm-late-${late.player}`}
            >
              {t('clock.confirm', { penalty: penaltyName })}
            </WriteButton>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('action.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="late-actions">
          <button
            type="button"
            className={`button ${late.confirmable ? `button-penalty penalty-${proposed}` : ''}`}
            disabled={!late.confirmable || pending > 0}
            onClick={() => setOpen(true)}
            aria-label={late.confirmable ? t('clock.issueFor', { penalty: penaltyName, name: late.name }) : undefined}
            data-testid={`propose-late-${late.player}`}
          >
            {late.confirmable
              ? issued
                ? t('clock.raise', { penalty: penaltyName })
                : t('clock.issue', { penalty: penaltyName })
              : t('clock.issuedButton', { penalty: name(issued?.penalty ?? proposed) })}
          </button>
          <WriteButton
            className="button"
            onWrite={() => writes.markSeated(id, writeVersion, round, late.table, late.player)}
            aria-label={t('round.markSeatedFor', { name: late.name })}
            data-testid={`late-seat-${late.player}`}
          >
            {t('round.markSeated')}
          </WriteButton>
        </div>
      )}
    </li>
  );
}
