import { useT } from '../i18n/use-t';

/**
 * What a screen reader hears of a round clock. The clock on screen changes every second and is
 * left silent (`role="timer"`); this hidden line changes only when the minutes it names change,
 * every 5 minutes down to 10 and then every minute, and once more at time and at the end, so a
 * player or judge hears the round's course without being interrupted each second.
 */
export function ClockAnnouncement({
  seat,
  ends,
  now,
  ended = false,
}: {
  /** The seat time, epoch milliseconds. */
  readonly seat: number;
  /** When time is called (extensions included), epoch milliseconds. */
  readonly ends: number;
  readonly now: number;
  readonly ended?: boolean;
}) {
  const { t } = useT();
  let text: string;
  if (ended) text = t('clock.announce.ended');
  else if (now < seat) text = t('clock.announce.startsIn', { count: coarseMinutes(seat - now) });
  else if (now < ends) text = t('clock.announce.left', { count: coarseMinutes(ends - now) });
  else text = t('clock.announce.over');
  return (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid="clock-announcement">
      {text}
    </p>
  );
}

/** Minutes rounded up: to the next 5 above 10 minutes, to the minute below. */
export function coarseMinutes(ms: number): number {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes > 10 ? Math.ceil(minutes / 5) * 5 : minutes;
}
