import { useTranslation } from 'react-i18next';
import { formatDuration, useServerNow } from '../api/server-clock';
import { useTournament } from '../api/tournament-context';
import { formatTime, useLang } from '../i18n/i18n';

/** The round clock: seat time, then the time left in the round (from the tournament's round length). */
export function RoundTimer({ seatTime, ended }: { seatTime: string; ended: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { summary } = useTournament();
  const now = useServerNow();
  const seat = new Date(seatTime).getTime();
  const minutes = summary.data?.settings.roundMinutes;
  const time = formatTime(seatTime, lang);
  if (ended) return <p className="timer">{t('clock.seatTime', { time })}</p>;
  const left = minutes === undefined ? null : seat + minutes * 60_000 - now;
  return (
    <p className="timer" role="timer" aria-live="off">
      <span>{t('clock.seatTime', { time })}</span>
      {now < seat ? (
        <strong>{t('clock.startsIn', { time: formatDuration(seat - now) })}</strong>
      ) : left === null ? (
        <strong>{t('clock.elapsed', { time: formatDuration(now - seat) })}</strong>
      ) : left > 0 ? (
        <strong>{t('clock.left', { time: formatDuration(left) })}</strong>
      ) : (
        <strong className="timer-over">{t('clock.over', { time: formatDuration(-left) })}</strong>
      )}
    </p>
  );
}
