import type { PeerAdapter } from './peer-adapter.js';
import { importPeer, pairedUpDown, toPairing } from './peer-adapter.js';

/**
 * tournament-pairings: `Swiss(players, round)` with each player's score, prior opponents to
 * avoid, whether they had a bye and whether they were ever paired up or down (README, "Swiss
 * Pairings"). It shuffles with Math.random, so its pairings cannot be reproduced.
 */
export const tournamentPairings: PeerAdapter = {
  name: 'tournament-pairings',
  async prepare(input) {
    const { Swiss } = await importPeer('tournament-pairings');
    const floated = pairedUpDown(input.history);
    const players = input.players.map((p) => ({
      id: p.id,
      score: p.points,
      pairedUpDown: floated.has(p.id),
      receivedBye: p.hadBye,
      avoid: [...p.opponents],
    }));
    return () => {
      const matches: { player1: string; player2: string | null }[] = Swiss(players, input.round);
      return toPairing(matches.map((m) => ({ a: String(m.player1), b: m.player2 === null ? null : String(m.player2) })));
    };
  },
};
