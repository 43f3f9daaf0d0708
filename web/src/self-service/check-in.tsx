import { useEffect, useState } from 'react';
import { useT } from '../i18n/use-t';
import { useResource } from '../api/resource';
import { can, useSession } from '../api/session';
import { useTournament, useVersion } from '../api/tournament-context';
import { WriteButton } from '../components/pending-button';
import { Loaded } from '../components/status';
import { formatTime, useLang } from '../i18n/i18n';
import { selfPaths, selfWrites, type CheckInsView } from './self-service-api';
import { FeeCard, FeeMark } from './entry-fee';
import { DeskTexts } from '../i18n/desk-texts';
import { filmingWrites, type FilmingAnswer as Answer } from '../api/filming-api';
import { answerKey, useFilmingT } from '../i18n/filming-texts';

interface VenueCodeView {
  readonly required: boolean;
  readonly code: string;
  readonly changesAt: string;
}

/**
 * The venue code (the organizer's choice): shown large, to put on a tablet at the door or
 * project, read again when it changes; the organizer turns the requirement on and off here.
 */
function VenueCode({ version }: { version: number | null }) {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const { account } = useSession();
  const venue = useResource<VenueCodeView>(selfPaths.venueCode(id));
  const reload = venue.reload;
  const changesAt = venue.data?.changesAt;
  useEffect(() => {
    if (!changesAt) return;
    const timer = setTimeout(reload, Math.max(1000, Date.parse(changesAt) - Date.now() + 1000));
    return () => clearTimeout(timer);
  }, [changesAt, reload]);
  const v = venue.data;
  if (!v) return null;
  return (
    <div className="card stack" data-testid="venue-code">
      <h2>{t('selfService.checkInView.venueCodeTitle')}</h2>
      {v.required ? (
        <>
          <p className="venue-code" data-testid="venue-code-digits">
            {v.code}
          </p>
          <p className="field-hint">
            {t('selfService.checkInView.venueCodeChanges', { time: formatTime(v.changesAt, lang) })}
          </p>
        </>
      ) : (
        <p className="muted">{t('selfService.checkInView.venueCodeOff')}</p>
      )}
      {can(account, 'SetCheckInVenueCode', id) && (
        <WriteButton
          className="button button-small"
          onWrite={() => selfWrites.venueCodeRequired(id, version, !v.required)}
          onDone={reload}
          data-testid="venue-code-toggle"
        >
          {v.required ? t('selfService.checkInView.venueCodeStop') : t('selfService.checkInView.venueCodeStart')}
        </WriteButton>
      )}
    </div>
  );
}

/**
 * Check-in before round 1: who is here (checked in from their page or by staff), who is not,
 * and the organizer's one step to drop the no-shows (after a confirmation naming how many).
 */
export function CheckIn() {
  return (
    <DeskTexts>
      <CheckInDesk />
    </DeskTexts>
  );
}

function CheckInDesk() {
  const { t } = useT();
  const { lang } = useLang();
  const { id } = useTournament();
  const { account } = useSession();
  const list = useResource<CheckInsView>(selfPaths.checkIns(id));
  const version = useVersion(list);
  const [onlyMissing, setOnlyMissing] = useState(true);
  return (
    <section className="stack" data-testid="check-in-view">
      <h1>{t('selfService.checkInView.title')}</h1>
      <Loaded resource={list}>
        {(view) => {
          const still = view.players.filter((p) => !p.dropped);
          // With a fee, what is left to do at the desk is a check-in or a payment.
          const left = (p: CheckInsView['players'][number]) => p.checkedIn === null || p.paid === false;
          const shown = onlyMissing ? still.filter(left) : view.players;
          return (
            <>
              <p className="self-big self-count" data-testid="check-in-count">
                <span>{t('selfService.checkInView.done', { n: still.length - view.notCheckedIn })}</span>{' '}
                <span>{t('selfService.checkInView.missing', { n: view.notCheckedIn })}</span>
              </p>
              {!view.open && <p className="notice">{t('selfService.checkInView.closed')}</p>}
              <FeeCard key={`${view.fee?.amount}:${view.fee?.currency}`} view={view} version={version} />
              {view.open && <VenueCode version={version} />}
              {view.open && can(account, 'DropNoShows', id) && view.notCheckedIn > 0 && (
                <WriteButton
                  className="button button-penalty"
                  confirm={t('selfService.checkInView.dropConfirm', { count: view.notCheckedIn })}
                  onWrite={() => selfWrites.dropNoShows(id, version, view.notCheckedIn)}
                  data-testid="drop-no-shows"
                >
                  {t('selfService.checkInView.drop', { count: view.notCheckedIn })}
                </WriteButton>
              )}
              <label className="check">
                <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} />{' '}
                {t(view.fee ? 'fee.onlyLeft' : 'selfService.checkInView.onlyMissing')}
              </label>
              <ul className="card-list">
                {shown.map((p) => (
                  <li key={p.id} className="card check-in-row" data-testid={`check-in-${p.id}`}>
                    <span>
                      <strong>{p.name}</strong> <span className="muted">{p.id}</span>
                    </span>
                    {!p.dropped && <FilmingAnswer player={p.id} answer={p.filming} onDone={list.reload} />}
                    <span className="check-in-marks">
                      <FeeMark player={p} />
                      {p.dropped ? (
                        <span className="muted">{t('selfService.checkInView.dropped')}</span>
                      ) : p.checkedIn ? (
                        <span>{t('selfService.checkIn.done', { time: formatTime(p.checkedIn.at, lang) })}</span>
                      ) : view.open ? (
                        <WriteButton
                          className="button button-small"
                          onWrite={() => selfWrites.checkIn(id, p.id)}
                          data-testid={`staff-check-in-${p.id}`}
                        >
                          {t('selfService.checkInView.checkIn')}
                        </WriteButton>
                      ) : (
                        <span className="muted">{t('selfService.checkInView.notIn')}</span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}

/**
 * The player's answer to being filmed, asked at the desk: shown beside the check-in, with the
 * other answer(s) to record (staff who may record it); not asked counts as no.
 */
function FilmingAnswer({ player, answer, onDone }: { player: string; answer: Answer; onDone: () => void }) {
  const f = useFilmingT();
  const { id } = useTournament();
  const { account } = useSession();
  return (
    <span className="filming-answer" data-testid={`filming-${player}`} data-answer={answer}>
      <span className={answer === 'yes' ? 'badge' : 'badge badge-warn'}>{f(answerKey(answer))}</span>
      {can(account, 'SetFilmingConsent', id) &&
        ([true, false] as const)
          .filter((consent) => answer !== (consent ? 'yes' : 'no'))
          .map((consent) => (
            <WriteButton
              key={String(consent)}
              className="button button-small"
              onWrite={() => filmingWrites.consent(id, player, consent)}
              onDone={onDone}
              data-testid={`filming-${consent ? 'yes' : 'no'}-${player}`}
            >
              {f(consent ? 'setYes' : 'setNo')}
            </WriteButton>
          ))}
    </span>
  );
}
