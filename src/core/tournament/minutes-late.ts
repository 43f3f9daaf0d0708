/*
 * The one definition of "minutes late" (rule 5, spec §5): decimal minutes from the round's
 * designated seat time, floored to a tenth so a threshold is reached only when its minutes
 * have fully passed (4.99 minutes is 4.9, still under 5). Any lateness at all counts: a
 * player seated a few seconds late is 0.1 minutes late, which is tardiness. The core (seat
 * marks), the round clock's late list and the judge's `assess` all read this number.
 */

/** Minutes from `seatTime` to `at`, floored to a tenth, at least 0.1 once past the seat time; 0 at or before it. */
export function minutesLate(seatTime: string, at: Date): number {
  const ms = at.getTime() - Date.parse(seatTime);
  if (!(ms > 0)) return 0;
  return Math.max(0.1, Math.floor(ms / 6_000) / 10);
}
