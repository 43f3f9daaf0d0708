/* How the wall splits its lines: into pages that fit the screen, and between several screens. */

/** Splits `lines` into pages of `size` (at least one page, even empty). */
export function pages<T>(lines: readonly T[], size: number): T[][] {
  const per = Math.max(1, size);
  const out: T[][] = [];
  for (let i = 0; i < lines.length; i += per) out.push(lines.slice(i, i + per));
  return out.length > 0 ? out : [[]];
}

/**
 * One venue screen's share of the lines when several screens show one round
 * (`?screen=2&screens=3`): contiguous slices in name order, as even as they divide, so each
 * screen pages through a third of the alphabet and a player knows which screen to look at.
 * A screen number out of range shows everything.
 */
export function screenShare<T>(lines: readonly T[], screen: number, screens: number): readonly T[] {
  if (!Number.isInteger(screens) || screens < 2 || !Number.isInteger(screen) || screen < 1 || screen > screens)
    return lines;
  const per = Math.ceil(lines.length / screens);
  return lines.slice((screen - 1) * per, screen * per);
}
