/*
 * When a failed delivery is tried again: quickly at first (a receiver restarting), then further
 * apart, up to every four hours, for 26 hours after the first try (a day, and the hours a
 * shop's machine may be off overnight). A delivery still failing then is marked failed and the
 * endpoint's queue moves on; staff see it in the deliveries list.
 */

/** Seconds to wait after the nth failure (1-based); the last step repeats. */
const STEPS_SECONDS = [5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200, 14_400] as const;

export const GIVE_UP_AFTER_MS = 26 * 60 * 60 * 1000;

/** The schedule a dispatcher follows; tests give a faster one. */
export interface RetrySchedule {
  /** Milliseconds to wait after the nth failed attempt (1-based). */
  delayMs(failures: number): number;
  /** How long after its first attempt a delivery is given up. */
  readonly giveUpAfterMs: number;
}

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  delayMs: (failures) => 1000 * STEPS_SECONDS[Math.min(Math.max(failures, 1), STEPS_SECONDS.length) - 1]!,
  giveUpAfterMs: GIVE_UP_AFTER_MS,
};
