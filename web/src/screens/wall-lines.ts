import type { PairingsView } from '../api/types';
import { sortByName } from '../../../src/core/names/by-name.js';

/** One player's line on the wall: where they sit and against whom. */
export interface WallLine {
  readonly id: string;
  readonly name: string;
  readonly reading: string | null;
  /** `null` for a bye. */
  readonly table: number | null;
  readonly opponent: string | null;
  /** Minutes of time extension at the player's table. */
  readonly extension: number;
}

/** Every player of the round, one line each, in name order; dropped players are left out. */
export function wallLines(view: PairingsView): WallLine[] {
  const lines: WallLine[] = [];
  for (const table of view.tables) {
    for (const p of table.players) {
      if (p.dropped) continue;
      const opponent = table.players.find((o) => o.id !== p.id);
      lines.push({
        id: p.id,
        name: p.name,
        reading: p.reading?.trim() ? p.reading : null,
        table: table.table,
        opponent: opponent ? opponent.name : null,
        extension: table.extensionMinutes,
      });
    }
  }
  return sortByName(lines, (l) => l);
}
