import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';
import { CALL_MINIMUM_MINUTES, CALL_NOTE_CHARS, EXTENSION_MINUTES } from '../../../src/core/tournament/limits.js';
import { useResource } from '../api/resource';
import { formatDuration, useServerNow } from '../api/server-clock';
import { can, useSession } from '../api/session';
import { useTournament } from '../api/tournament-context';
import { TextArea, TextField } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { Link, useLocation } from '../router';
import { type CallView, type CallsView, callPaths, callWrites } from './calls-api';
import { FloorSummary } from './floor-summary';
import { useStaffName } from '../api/staff-names';

/** Whether a new call rings and vibrates on this phone (kept on the phone, on by default). */
const ALERT_KEY = 'shinpan.callAlert';

/**
 * The judges' queue on every staff phone, live: open calls oldest first (for the head judge,
 * calls passed up to them first) with table, players, round and the wait ticking; claim,
 * pass to the head judge, resolve with the ruling, the penalty from the pre-filled penalty
 * flow and the proposed extension in one tap. A new call rings and vibrates where the browser
 * allows, switchable.
 */
export function JudgeCalls() {
  const { t } = useT();
  const { id } = useTournament();
  const { account } = useSession();
  const calls = useResource<CallsView>(callPaths.calls(id));
  const headJudge = can(account, 'DecideRequest', id);
  const [alert, setAlert] = useState(() => localStorage.getItem(ALERT_KEY) !== 'off');
  useAlertOnNew(calls.data?.calls, alert);
  return (
    <section className="stack" data-testid="judge-calls">
      <h1>{t('calls.title')}</h1>
      <label className="check">
        <input
          type="checkbox"
          checked={alert}
          onChange={(e) => {
            setAlert(e.target.checked);
            localStorage.setItem(ALERT_KEY, e.target.checked ? 'on' : 'off');
          }}
        />
        {t('calls.alert')}
      </label>
      <Loaded resource={calls}>
        {(view) => {
          const open = view.calls
            .filter((c) => c.state !== 'resolved')
            .sort((a, b) => (headJudge ? Number(b.state === 'escalated') - Number(a.state === 'escalated') : 0));
          const resolved = view.calls
            .filter((c) => c.state === 'resolved')
            .slice(-5)
            .reverse();
          // A table calling again in the same round is worth a look: its card says which call this is.
          const nth = new Map<number, number>();
          const seen = new Map<string, number>();
          for (const c of view.calls) {
            const key = `${c.round}:${c.table}`;
            const n = (seen.get(key) ?? 0) + 1;
            seen.set(key, n);
            nth.set(c.id, n);
          }
          return (
            <>
              {open.length === 0 ? (
                <p className="empty" data-testid="calls-empty">
                  {t('calls.none')}
                </p>
              ) : (
                <ul className="card-list" data-testid="calls-open">
                  {open.map((c) => (
                    <li key={c.id}>
                      <CallCard call={c} nth={nth.get(c.id) ?? 1} reload={calls.reload} />
                    </li>
                  ))}
                </ul>
              )}
              {headJudge && <FloorSummary />}
              {can(account, 'SetCallRules', id) && <CallRules minimum={view.minimumMinutes} />}
              {resolved.length > 0 && (
                <>
                  <h2>{t('calls.recent')}</h2>
                  <ul className="card-list">
                    {resolved.map((c) => (
                      <li key={c.id}>
                        <ResolvedCard call={c} />
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

/** Rings and vibrates once for calls this phone has not seen yet (not for those there when it opened). */
function useAlertOnNew(calls: readonly CallView[] | undefined, on: boolean) {
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!calls) return;
    const open = calls.filter((c) => c.state === 'open').map((c) => c.id);
    const fresh = seen.current === null ? [] : open.filter((id) => !seen.current!.has(id));
    seen.current = new Set([...(seen.current ?? []), ...open]);
    if (fresh.length === 0 || !on) return;
    navigator.vibrate?.([200, 100, 200]);
    ring();
  }, [calls, on]);
}

/** A short two-tone ring; a browser that allows no sound before a tap stays silent. */
function ring() {
  try {
    const audio = new AudioContext();
    for (const [i, hz] of [880, 660].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = hz;
      gain.gain.value = 0.2;
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + i * 0.18);
      tone.stop(audio.currentTime + i * 0.18 + 0.15);
    }
  } catch {
    // No Web Audio here: the vibration and the list itself still tell.
  }
}

function Waited({ since }: { since: string }) {
  const { t } = useT();
  const now = useServerNow();
  return (
    <span className="call-wait" role="timer" aria-live="off" data-testid="call-wait">
      {t('calls.waiting', { time: formatDuration(now - Date.parse(since)) })}
    </span>
  );
}

function CallCard({ call, nth, reload }: { call: CallView; nth: number; reload: () => void }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const { account } = useSession();
  const staffName = useStaffName();
  const mine = account?.username === call.claimedBy;
  const headJudge = can(account, 'DecideRequest', id);
  return (
    <article
      className={`card stack call-card call-${call.state}`}
      data-testid="call-card"
      data-call={call.id}
      data-state={call.state}
    >
      <p className="self-big">
        <strong className="table-label">{t('round.table', { table: call.table })}</strong>{' '}
        <span className="muted">{t('calls.round', { round: call.round })}</span>{' '}
        <span className={`badge call-badge-${call.state}`}>{t(`calls.state.${call.state}`)}</span>{' '}
        {nth > 1 && (
          <span className="badge badge-warn" data-testid="call-repeat">
            {t('calls.repeat', { n: nth })}
          </span>
        )}
      </p>
      <p>{call.players.map((p) => p.name).join(' – ')}</p>
      <p>
        {call.state === 'open' ? <Waited since={call.openedAt} /> : null}
        {call.claimedBy && (
          <span className="muted">
            {t('calls.heldBy', {
              judge: staffName(call.claimedBy),
              time: formatTime(call.claimedAt ?? call.openedAt, lang),
            })}
          </span>
        )}
      </p>
      {call.note && <p className="call-note">「{call.note}」</p>}
      {call.escalation && (
        <p className="notice notice-warn" data-testid="call-escalation">
          {t('calls.escalatedBy', { judge: call.escalation.by })}
          {call.escalation.note ? ` 「${call.escalation.note}」` : ''}
        </p>
      )}
      {call.state === 'open' && can(account, 'ClaimCall', id) && (
        <WriteButton
          className="button button-primary button-wide"
          onWrite={() => callWrites.claim(id, call.id)}
          data-testid="call-claim"
        >
          {t('calls.claim')}
        </WriteButton>
      )}
      {call.state === 'claimed' && mine && can(account, 'EscalateCall', id) && <Escalate call={call} />}
      {(call.state === 'open' ? headJudge : mine || headJudge) && <Resolve call={call} reload={reload} />}
    </article>
  );
}

function Escalate({ call }: { call: CallView }) {
  const { t } = useT();
  const { id } = useTournament();
  const [note, setNote] = useState('');
  const [opened, setOpened] = useState(false);
  if (!opened)
    return (
      <button type="button" className="button" onClick={() => setOpened(true)} data-testid="call-escalate-open">
        {t('calls.escalate')}
      </button>
    );
  return (
    <div className="stack">
      <TextArea
        label={t('calls.escalateWords')}
        maxLength={CALL_NOTE_CHARS}
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <WriteButton onWrite={() => callWrites.escalate(id, call.id, note)} data-testid="call-escalate">
        {t('calls.escalateSend')}
      </WriteButton>
    </div>
  );
}

/**
 * Resolving: the ruling in words, a penalty from the penalty flow filled with this table (it
 * comes back here with the penalty's number, linked to the call), and the extension the call's
 * length proposes, confirmed in one tap or changed. Opening it asks the server again, so the
 * proposal is the call's length up to that moment.
 */
function Resolve({ call, reload }: { call: CallView; reload: () => void }) {
  const { t } = useT();
  const { id } = useTournament();
  const { query } = useLocation();
  const returned = query.get('call') === String(call.id) ? Number(query.get('penalty')) : Number.NaN;
  const [linked, setLinked] = useState<number[]>(Number.isInteger(returned) && returned > 0 ? [returned] : []);
  const [ruling, setRuling] = useState('');
  const proposed = call.proposedExtensionMinutes ?? 0;
  const [minutes, setMinutes] = useState<number | null>(null);
  const extension = minutes ?? proposed;
  const [changing, setChanging] = useState(false);
  useEffect(() => {
    if (Number.isInteger(returned) && returned > 0) setLinked((l) => (l.includes(returned) ? l : [...l, returned]));
  }, [returned]);
  const base = `/t/${encodeURIComponent(id)}`;
  const penaltyLink = (player: string) =>
    `${base}/penalty?player=${encodeURIComponent(player)}&round=${call.round}&table=${call.table}&phase=in-duel&call=${call.id}`;
  const body = {
    ...(ruling.trim() ? { ruling: ruling.trim() } : {}),
    ...(linked.length > 0 ? { penaltyIds: linked } : {}),
    ...(extension > 0 ? { extensionMinutes: extension } : {}),
  };
  const valid = extension === 0 || (extension >= EXTENSION_MINUTES.min && extension <= EXTENSION_MINUTES.max);
  return (
    <details
      className="call-resolve"
      open={linked.length > 0 || undefined}
      onToggle={(e) => {
        if (e.currentTarget.open) reload();
      }}
    >
      <summary className="button button-quiet" data-testid="call-resolve-open">
        {t('calls.resolve')}
      </summary>
      <div className="stack">
        <TextArea label={t('calls.ruling')} rows={2} value={ruling} onChange={(e) => setRuling(e.target.value)} />
        <p className="field-hint">{t('calls.penaltyFor')}</p>
        <div className="field-row">
          {call.players.map((p) => (
            <Link key={p.id} className="button" to={penaltyLink(p.id)} data-testid="call-penalty">
              {p.name}
            </Link>
          ))}
        </div>
        {linked.length > 0 && (
          <p className="notice" data-testid="call-linked">
            {t('calls.linked', { ids: linked.map((n) => `#${n}`).join(', ') })}
          </p>
        )}
        {changing ? (
          <TextField
            label={t('calls.extensionMinutes')}
            type="number"
            min={0}
            max={EXTENSION_MINUTES.max}
            value={extension}
            onChange={(e) => setMinutes(Number(e.target.value))}
          />
        ) : (
          <p className="field-hint">
            {proposed > 0 ? t('calls.proposed', { count: proposed }) : t('calls.noneProposed')}{' '}
            <button type="button" className="button button-quiet" onClick={() => setChanging(true)}>
              {t('calls.change')}
            </button>
          </p>
        )}
        <WriteButton
          className="button button-primary button-wide"
          disabled={!valid}
          onWrite={() => callWrites.resolve(id, call.id, body)}
          data-testid="call-resolve"
        >
          {extension > 0 ? t('calls.resolveWith', { count: extension }) : t('calls.resolveWithout')}
        </WriteButton>
      </div>
    </details>
  );
}

function ResolvedCard({ call }: { call: CallView }) {
  const { t } = useT();
  const { lang } = useLang();
  const staffName = useStaffName();
  return (
    <article className="card call-card call-resolved" data-testid="call-resolved" data-call={call.id}>
      <p>
        <strong className="table-label">{t('round.table', { table: call.table })}</strong>{' '}
        <span className="muted">
          {t('calls.resolvedBy', {
            judge: staffName(call.resolvedBy ?? ''),
            time: formatTime(call.resolvedAt ?? '', lang),
          })}
        </span>
      </p>
      {call.ruling && <p>{call.ruling}</p>}
      <p className="muted">
        {call.extensionMinutes ? t('calls.gotExtension', { count: call.extensionMinutes }) : ''}
        {call.penaltyIds.length > 0
          ? ` ${t('calls.linked', { ids: call.penaltyIds.map((n) => `#${n}`).join(', ') })}`
          : ''}
      </p>
    </article>
  );
}

/** The organizer's rule: the shortest call, claim to resolve, that earns the table a proposed extension. */
function CallRules({ minimum }: { minimum: number }) {
  const { t } = useT();
  const { id } = useTournament();
  const [minutes, setMinutes] = useState(minimum);
  const valid = Number.isInteger(minutes) && minutes >= CALL_MINIMUM_MINUTES.min && minutes <= CALL_MINIMUM_MINUTES.max;
  return (
    <section className="card stack" data-testid="call-rules">
      <h2>{t('calls.rules.title')}</h2>
      <TextField
        label={t('calls.rules.minimum')}
        hint={t('calls.rules.hint', { min: CALL_MINIMUM_MINUTES.min, max: CALL_MINIMUM_MINUTES.max })}
        type="number"
        min={CALL_MINIMUM_MINUTES.min}
        max={CALL_MINIMUM_MINUTES.max}
        value={minutes}
        onChange={(e) => setMinutes(Number(e.target.value))}
      />
      <WriteButton disabled={!valid || minutes === minimum} onWrite={() => callWrites.setRules(id, minutes)}>
        {t('calls.rules.save')}
      </WriteButton>
    </section>
  );
}
