/** The one match a screen follows (a player's page: their table in the current round). */
export interface LiveScope {
  readonly round: number;
  readonly table: number;
}

/**
 * Events that happen at one table and change nothing else a player's page shows (its own match,
 * clock and notices): a report, a result, a seat mark, an extension, a notice to a table. The
 * public stream names the round and table of each.
 */
const AT_A_TABLE: ReadonlySet<string> = new Set([
  'PlayerResultReported',
  'ResultReported',
  'ResultCorrected',
  'PlayerSeated',
  'TimeExtended',
  'Announced',
]);

/**
 * Whether an `events` frame (its data, as sent) is only about other tables of the round the
 * screen follows, so the screen need not reload. Anything else reloads, as before: an event of
 * another kind, another round (a correction of an earlier round changes a player's record), a
 * notice to everyone (no table), a frame without events (the version moved for something the
 * public may not read), or data that cannot be read.
 */
export function onlyElsewhere(frame: string, scope: LiveScope | null): boolean {
  if (scope === null) return false;
  let events: unknown;
  try {
    events = (JSON.parse(frame) as { events?: unknown } | null)?.events;
  } catch {
    return false;
  }
  if (!Array.isArray(events) || events.length === 0) return false;
  return events.every((event: unknown) => {
    const { type, data } = (event ?? {}) as { type?: unknown; data?: unknown };
    const at = (data ?? {}) as { round?: unknown; table?: unknown };
    return (
      typeof type === 'string' &&
      AT_A_TABLE.has(type) &&
      at.round === scope.round &&
      typeof at.table === 'number' &&
      at.table !== scope.table
    );
  });
}
