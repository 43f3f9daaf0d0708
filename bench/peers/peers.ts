import { swissPairing } from './adapters/swiss-pairing.js';
import { tournamentOrganizer } from './adapters/tournament-organizer.js';
import { tournamentPairings } from './adapters/tournament-pairings.js';

/** The npm Swiss pairers shinpan is measured against (bench/peers/package.json pins their versions). */
export const PEERS = [tournamentOrganizer, tournamentPairings, swissPairing] as const;
