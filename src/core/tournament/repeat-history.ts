/*
 * The repeat count's input, in a shape both the core's state and the console's saved penalty
 * log give: the console decides offline from the same rule the server applies, not a copy.
 */

/** One penalty as the repeat count sees it. */
export interface CountedPenalty {
  readonly id: number;
  readonly player: string;
  readonly infraction: string;
  readonly rescinded: boolean;
  /** Added (rules 7, 10) to this penalty of the same report. */
  readonly addedTo: number | null;
}

/**
 * The infractions a repeat counts from: the player's penalties in force, cautions included.
 * A penalty added to another (rules 7, 10) is part of the same infraction, not a repeat, and so
 * is `except`: the penalty a heavier proposal for the same lateness replaces.
 */
export function repeatsOf(penalties: readonly CountedPenalty[], player: string, except?: number): string[] {
  const found: string[] = [];
  for (const p of penalties)
    if (!p.rescinded && p.player === player && p.addedTo === null && p.id !== except) found.push(p.infraction);
  return found;
}
