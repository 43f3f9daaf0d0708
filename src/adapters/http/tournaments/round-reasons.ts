import { pairingReasons, type NoReasons, type RoundReasons } from '../../../app/reports/pairing-reasons.js';
import { toTournamentEvent } from '../../../app/stored-events.js';
import type { TournamentGateway } from './tournament-gateway.js';

/*
 * "Why this pairing" for the staff's route and the players' pages, read once per round: the log
 * up to a round's pairing never changes, so an answer made is kept (bounded by the rounds
 * paired, never stale). Kept per gateway, so every route of one server shares it.
 */

const caches = new WeakMap<TournamentGateway, Map<string, Map<number, RoundReasons>>>();

/** The reasons of `round` (recomputed from the log the first time); `not-paired` or `not-swiss` as `pairingReasons` says. */
export async function roundReasons(
  gateway: TournamentGateway,
  tournamentId: string,
  round: number,
): Promise<{ ok: true; value: RoundReasons } | { ok: false; error: NoReasons }> {
  const cache = caches.get(gateway) ?? new Map<string, Map<number, RoundReasons>>();
  caches.set(gateway, cache);
  const cached = cache.get(tournamentId)?.get(round);
  if (cached !== undefined) return { ok: true, value: cached };
  const stored = await gateway.store.read(tournamentId);
  const reasons = pairingReasons(stored.map(toTournamentEvent), round);
  if (!reasons.ok || !gateway.caches) return reasons;
  const rounds = cache.get(tournamentId) ?? new Map<number, RoundReasons>();
  rounds.set(round, reasons.value);
  cache.set(tournamentId, rounds);
  return reasons;
}
