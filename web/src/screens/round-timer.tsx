import { useT } from '../i18n/use-t';
import { formatDuration, useServerNow } from '../api/server-clock';
import { ClockAnnouncement } from '../components/clock-announcement';
import { formatTime, useLang } from '../i18n/i18n';

/**
 * The round clock: seat time, then the time left in the round. `minutes` is the round's own
 * length as paired (its stage's or its phase's), not the tournament's default.
 */
export function RoundTimer({ seatTime, ended, minutes }: { seatTime: string; ended: boolean; minutes: number }) {
  const { t } = useT();
  const { lang } = useLang();
  const now = useServerNow();
  const seat = new Date(seatTime).getTime();
  const time = formatTime(seatTime, lang);
  if (ended) return <p className="timer">{t('clock.seatTime', { time })}</p>;
  const left = seat + minutes * 60_000 - now;
  return (
    <>
      <ClockAnnouncement seat={seat} ends={seat + minutes * 60_000} now={now} />
      <p className="timer" role="timer" aria-live="off">
        <span>{t('clock.seatTime', { time })}</span>
        {now < seat ? (
          <strong>{t('clock.startsIn', { time: formatDuration(seat - now) })}</strong>
        ) : left > 0 ? (
          <strong>{t('clock.left', { time: formatDuration(left) })}</strong>
        ) : (
          <strong className="timer-over">{t('clock.over', { time: formatDuration(-left) })}</strong>
        )}
      </p>
    </>
  );
}
