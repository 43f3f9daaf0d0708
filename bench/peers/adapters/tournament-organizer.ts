import type { PlayedMatch, RoundInput } from '../../swiss/swiss-event-sim.js';
import type { PeerAdapter } from './peer-adapter.js';
import { importPeer, pairedUpDown, toPairing } from './peer-adapter.js';

/*
 * tournament-organizer: a Manager holding Tournament objects. Round 1 is `startTournament()`;
 * later rounds load the event as plain values (`Manager.loadTournament`, the shape of
 * LoadableTournamentValues: players with their match lists, matches with both seats) and call
 * `nextRound()`, which pairs through tournament-pairings' Swiss after its own bookkeeping.
 */

const SCORING = { bestOf: 3, win: 3, draw: 1, loss: 0, bye: 3, tiebreaks: ['opponent match win percentage'] };
const STAGE_ONE = { format: 'swiss', consolation: false, rounds: 99, initialRound: 1, maxPlayers: 0 };
const STAGE_TWO = { format: null, consolation: false, advance: { value: 0, method: 'all' } };

/** Games won, lost and drawn by `player` in a simulated match (a win 2-0, a draw 1-1-1). */
function games(m: PlayedMatch, player: string) {
  if (m.winner === 'draw') return { win: 1, loss: 1, draw: 1 };
  return m.winner === player ? { win: 2, loss: 0, draw: 0 } : { win: 0, loss: 2, draw: 0 };
}

function loadable(input: RoundInput) {
  const floated = pairedUpDown(input.history);
  const matchIds = input.history.map((_, i) => `m${i}`);
  const byPlayer = new Map<string, object[]>();
  const add = (player: string, entry: object) => byPlayer.set(player, [...(byPlayer.get(player) ?? []), entry]);
  const matches = input.history.map((m, i) => {
    const id = matchIds[i]!;
    const bye = m.b === null;
    add(m.a, { id, opponent: m.b, pairUpDown: floated.has(m.a), seating: null, bye, ...games(m, m.a) });
    if (m.b !== null) add(m.b, { id, opponent: m.a, pairUpDown: floated.has(m.b), seating: null, bye: false, ...games(m, m.b) });
    return {
      id,
      round: m.round,
      match: i + 1,
      active: false,
      bye,
      loss: false,
      player1: { id: m.a, ...games(m, m.a) },
      player2: m.b === null ? { id: null, win: 0, loss: 0, draw: 0 } : { id: m.b, ...games(m, m.b) },
      path: { win: null, loss: null },
      meta: {},
    };
  });
  const dropped = new Set(input.dropped);
  const ids = [...input.players.map((p) => p.id), ...input.dropped];
  const players = ids.map((id) => ({ id, name: id, active: !dropped.has(id), value: 0, matches: byPlayer.get(id) ?? [], meta: {} }));
  return {
    id: 'bench',
    name: 'bench',
    status: 'stage-one',
    round: input.round - 1,
    players,
    matches,
    seating: false,
    sorting: 'none',
    scoring: SCORING,
    stageOne: STAGE_ONE,
    stageTwo: STAGE_TWO,
    meta: {},
  };
}

function roundPairing(tournament: any, round: number) {
  const matches: any[] = tournament.getMatchesByRound(round);
  return toPairing(matches.map((m) => ({ a: String(m.getPlayer1().id), b: m.getPlayer2().id === null ? null : String(m.getPlayer2().id) })));
}

export const tournamentOrganizer: PeerAdapter = {
  name: 'tournament-organizer',
  async prepare(input) {
    const Manager = (await importPeer('tournament-organizer')).default;
    const manager = new Manager();
    if (input.round === 1) {
      const tournament = manager.createTournament('bench', { scoring: SCORING, stageOne: STAGE_ONE, stageTwo: STAGE_TWO });
      for (const p of input.players) tournament.createPlayer(p.id, p.id);
      return () => {
        tournament.startTournament();
        return roundPairing(tournament, 1);
      };
    }
    const tournament = manager.loadTournament(loadable(input));
    return () => {
      tournament.nextRound();
      return roundPairing(tournament, input.round);
    };
  },
};
