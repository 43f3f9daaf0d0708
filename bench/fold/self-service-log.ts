import { loadDefaultPack } from '../../src/adapters/policy/pack-file.js';
import type { TournamentEvent } from '../../src/core/tournament/events.js';

/*
 * The log of an 8,192-player (or any even size) Swiss tournament at round 1 as the players'
 * phones leave it: every player registered and checked in, round 1 paired, and every match
 * reported by both players (the first report, then the opponent's equal one that records
 * the result). `selfService: false` gives the same tournament entered by staff alone, the
 * baseline the fold's cost is compared with.
 */

const START = Date.parse('2026-08-01T09:00:00+09:00');
const time = (seconds: number): string => new Date(START + seconds * 1000).toISOString();

export function selfServiceLog(players: number, selfService: boolean, tournamentId = 'fold'): TournamentEvent[] {
  const content = loadDefaultPack();
  const events: TournamentEvent[] = [
    {
      type: 'TournamentCreated',
      at: time(0),
      data: {
        tournamentId,
        settings: {
          name: 'fold bench',
          date: '2026-08-01',
          decklistsRequired: false,
          roundMinutes: 40,
          structure: { kind: 'swiss', rounds: 13, topCut: 0 },
        },
        pack: { id: content.id, version: content.version, content },
      },
    },
  ];
  if (selfService)
    events.push({ type: 'PlayerReportingSet', at: time(1), data: { enabled: true, confirmMinutes: 10 } });
  const id = (i: number): string => `p${String(i + 1).padStart(5, '0')}`;
  for (let i = 0; i < players; i += 1)
    events.push({
      type: 'PlayerRegistered',
      at: time(2),
      data: { player: { id: id(i), name: `選手${i + 1}` }, entryRound: 1 },
    } as TournamentEvent);
  if (selfService)
    for (let i = 0; i < players; i += 1)
      events.push({ type: 'PlayerCheckedIn', at: time(3), data: { player: id(i), by: { id: id(i), role: 'player' } } });
  const tables = Math.floor(players / 2);
  events.push({
    type: 'RoundPaired',
    at: time(4),
    data: {
      round: 1,
      stage: 'swiss',
      seatTime: null,
      seed: 1,
      matches: Array.from({ length: tables }, (_, t) => ({
        table: t + 1,
        players: [id(2 * t), id(2 * t + 1)] as [string, string],
      })),
      byes: [],
      bracket: null,
    },
  } as TournamentEvent);
  for (let t = 1; t <= tables; t += 1) {
    const duels = [id(2 * t - 2), id(2 * t - 2)];
    if (selfService)
      events.push({
        type: 'PlayerResultReported',
        at: time(5),
        data: { round: 1, table: t, player: id(2 * t - 2), duels },
      });
    events.push({
      type: 'ResultReported',
      at: time(6),
      data: {
        round: 1,
        table: t,
        duels,
        penaltyDuels: [],
        ...(selfService ? { byPlayers: { reportedBy: id(2 * t - 2), confirmedBy: id(2 * t - 1) } } : {}),
      },
    } as TournamentEvent);
  }
  return events;
}
