import type { PeerAdapter } from './peer-adapter.js';
import { importPeer, matchPoints, toPairing } from './peer-adapter.js';

/**
 * swiss-pairing: `getMatchups(round, participants, matches)` over the whole match history, each
 * match with the points each side won (3/1/0 here, so `maxPerRound: 3`); a bye is a match whose
 * away side is `null`; dropped players stay as participants with `droppedOut` (README and index.js).
 */
export const swissPairing: PeerAdapter = {
  name: 'swiss-pairing',
  async prepare(input) {
    const factory = (await importPeer('swiss-pairing')).default;
    const pairer = factory({ maxPerRound: 3 });
    const dropped = new Set(input.dropped);
    const ids = [...input.players.map((p) => p.id), ...input.dropped];
    const participants = ids.map((id, i) => ({ id, seed: i + 1, droppedOut: dropped.has(id) }));
    const matches = input.history.map((m) => ({
      round: m.round,
      home: { id: m.a, points: matchPoints(m, m.a) },
      away: { id: m.b, points: m.b === null ? 0 : matchPoints(m, m.b) },
    }));
    return () => {
      const matchups: { home: string | null; away: string | null }[] = pairer.getMatchups(input.round, participants, matches);
      const seats = matchups.map((m) => (m.home === null ? { a: String(m.away), b: null } : { a: String(m.home), b: m.away === null ? null : String(m.away) }));
      return toPairing(seats);
    };
  },
};
