import { standingsExport } from '../../src/app/exports.js';
import type { EventStore } from '../../src/app/event-store.js';
import { penaltyLog } from '../../src/app/penalty-log.js';
import { logDigest } from '../../src/app/reports/log-digest.js';
import { TournamentService } from '../../src/app/tournament-service.js';
import { receiptOf } from '../../src/core/tournament/entry.js';
import { allCalls } from '../../src/core/tournament/judge-calls.js';
import { finalPlaces } from '../../src/core/tournament/prizes.js';
import { prizeView } from '../../src/app/projections/prize-view.js';
import { feeSummary } from '../../src/core/tournament/entry-fee.js';
import { featureTables, filmingConsent } from '../../src/core/tournament/feature-tables.js';

/*
 * A database's answers, as a release gives them: per tournament the log's digest, standings,
 * final places, penalty log, decklist receipts and judge calls (0.1.0 on), prizes, the entry
 * fee, answers to filming and feature tables (0.2.0 on), and every player's official record
 * across tournaments. A frozen release's facts are these, computed by that release and
 * committed; every later release must give the same from the same file.
 */

export interface ReleaseFacts {
  readonly tournaments: Record<string, unknown>;
  readonly records: Record<string, unknown>;
}

/** The facts of every tournament in `store`, as plain JSON (what a golden file holds). */
export async function releaseFacts(store: EventStore): Promise<ReleaseFacts> {
  const service = new TournamentService(store);
  const tournaments: Record<string, unknown> = {};
  for (const { id } of await store.listTournaments()) {
    const { state, version } = await service.load(id);
    if (state.status === 'none') throw new Error(`${id} holds no tournament`);
    tournaments[id] = {
      version,
      log: logDigest(await store.read(id)),
      status: state.status,
      standings: standingsExport(state),
      finalPlaces: finalPlaces(state),
      penalties: penaltyLog(state),
      receipts: Object.fromEntries(state.players.map((p) => [p.id, receiptOf(state, p.id) ?? null])),
      calls: allCalls(state),
      prizes: prizeView(state),
      fees: feeSummary(state),
      filming: Object.fromEntries(state.players.map((p) => [p.id, filmingConsent(state, p.id)])),
      featureTables: state.rounds.map((r) => featureTables(state, r.number)),
    };
  }
  const records = Object.fromEntries(
    [...(await service.officialRecord())].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return JSON.parse(JSON.stringify({ tournaments, records })) as ReleaseFacts;
}

/**
 * `received` cut to the fields `frozen` has, at every depth: what a later release must answer
 * the same is what the frozen release answered. A field added since (a new column of the
 * record, say) is no change to an old answer; a value changed, a field gone or an element more
 * or less is, and the comparison shows it.
 */
export function asFrozen<T>(received: T, frozen: unknown): T {
  if (Array.isArray(received) && Array.isArray(frozen))
    return received.map((item, i) => (i < frozen.length ? asFrozen(item, frozen[i]) : item)) as T;
  if (isRecord(received) && isRecord(frozen))
    return Object.fromEntries(
      Object.entries(received)
        .filter(([key]) => key in frozen)
        .map(([key, value]) => [key, asFrozen(value, frozen[key])]),
    ) as T;
  return received;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
