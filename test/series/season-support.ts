import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import type { TournamentService } from '../../src/app/tournament-service.js';
import { pairingsView } from '../../src/app/projections/pairings-view.js';
import type { TournamentCommand } from '../../src/core/tournament/commands.js';
import type { Role } from '../../src/core/tournament/events.js';
import type { Tournament } from '../../src/core/tournament/state.js';

/*
 * Tournaments for series tests, written through the real pipeline: players by id, each match
 * won by the player whose id sorts first (so results are known by hand whatever the seeded
 * pairing), single duels or best of 3, an optional drop, then finished.
 */

const content = loadDefaultPack();
const PACK = { id: content.id, version: content.version, content };

export interface SmallEvent {
  readonly id: string;
  readonly date: string;
  readonly players: readonly string[];
  readonly rounds: number;
  readonly bestOf: 1 | 3;
  readonly finish?: boolean;
}

export async function playSmallEvent(service: TournamentService, e: SmallEvent): Promise<Tournament> {
  let minute = 0;
  const meta = (role: Role, seed?: number) => ({
    at: new Date(Date.parse(`${e.date}T10:00:00+09:00`) + minute++ * 60_000).toISOString(),
    actor: { id: role, role },
    ...(seed === undefined ? {} : { seed }),
  });
  let state: Tournament | undefined;
  const send = async (command: TournamentCommand): Promise<void> => {
    const r = await service.execute(e.id, command);
    if (!r.ok) throw new Error(`${command.type}: ${r.error.message.en}`);
    if (r.value.state.status !== 'none') state = r.value.state;
  };
  await send({
    type: 'CreateTournament',
    data: {
      tournamentId: e.id,
      settings: {
        name: `週例会 ${e.id}`,
        date: e.date,
        decklistsRequired: false,
        roundMinutes: 40,
        structure: { kind: 'swiss', rounds: e.rounds, topCut: 0 },
        stages: { swiss: { bestOf: e.bestOf, roundMinutes: 40 } },
      },
      pack: PACK,
    },
    meta: meta('organizer'),
  });
  for (const id of e.players)
    await send({ type: 'RegisterPlayer', data: { player: { id, name: `Player ${id}` } }, meta: meta('scorekeeper') });
  for (let round = 1; round <= e.rounds; round++) {
    if (round > 1) await send({ type: 'EndRound', data: { round: round - 1 }, meta: meta('scorekeeper') });
    await send({ type: 'PairRound', data: { round }, meta: meta('scorekeeper', 1000 + round) });
    for (const table of pairingsView(state as Tournament, round)?.tables ?? []) {
      if (table.table === null) continue;
      const [a, b] = table.players.map((p) => p.id) as [string, string];
      const winner = [a, b].sort()[0] as string;
      await send({
        type: 'ReportResult',
        data: { round, table: table.table, duels: e.bestOf === 1 ? [winner] : [winner, winner] },
        meta: meta('scorekeeper'),
      });
    }
  }
  await send({ type: 'EndRound', data: { round: e.rounds }, meta: meta('scorekeeper') });
  if (e.finish !== false) await send({ type: 'FinishTournament', data: {}, meta: meta('organizer') });
  return state as Tournament;
}
