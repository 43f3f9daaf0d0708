import type { VenueTournament } from './venue-tournament.js';

/** One player of a running round, as their slip's QR code opens their page. */
export interface PlayerAtTable {
  readonly id: string;
  readonly name: string;
  /** Their page's address (path and the slip's code), relative to the server. */
  readonly path: string;
  readonly opponent: { readonly id: string; readonly name: string };
  readonly table: number;
}

/**
 * Lets players report their results, starts round 1 of a venue tournament (paired, posted) and answers the player at its last
 * table with their page's address: the page a phone opens from the slip, with the round running.
 */
export async function playerInRunningRound(venue: VenueTournament): Promise<PlayerAtTable> {
  // Players report their own results here: the page shows the report buttons.
  const reporting = await venue.organizer.send('PUT', `/api/tournaments/${venue.id}/player-reporting`, {
    enabled: true,
    confirmMinutes: 10,
  });
  if (reporting.status !== 200)
    throw new Error(`player reporting: ${reporting.status} ${JSON.stringify(reporting.body)}`);
  const started = await venue.staff.send('POST', `/api/tournaments/${venue.id}/rounds/1/start`, {});
  if (started.status !== 200) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
  const pairings = await venue.staff.send('GET', `/api/tournaments/${venue.id}/rounds/1/pairings`);
  if (pairings.status !== 200) throw new Error(`pairings: ${pairings.status}`);
  const tables = pairings.body.tables as { table: number | null; players: { id: string; name: string }[] }[];
  const last = tables.filter((t) => t.table !== null && t.players.length === 2).at(-1);
  if (!last || last.table === null) throw new Error('no table of two players in round 1');
  const [me, them] = last.players;
  const slips = await venue.organizer.send('GET', `/api/tournaments/${venue.id}/slips`);
  if (slips.status !== 200) throw new Error(`slips: ${slips.status}`);
  const code = (slips.body.players as { id: string; code: string }[]).find((p) => p.id === me!.id)?.code;
  if (!code) throw new Error(`no slip for ${me!.id}`);
  return {
    id: me!.id,
    name: me!.name,
    path: `/t/${encodeURIComponent(venue.id)}/p/${encodeURIComponent(me!.id)}?code=${encodeURIComponent(code)}`,
    opponent: { id: them!.id, name: them!.name },
    table: last.table,
  };
}
