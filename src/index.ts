// The library entry: what third-party organizers may call without a database.
export type { Result } from './core/result.js';
export { assess } from './core/policy/assess.js';
export { packSchema, parsePack, type Pack } from './core/policy/pack-schema.js';
export type { AssessReport, Decision, AssessError, PenaltyId, Phase, AppliesTo } from './core/policy/assess-types.js';
export { computeStandings, toStandingsJson, type StandingsRow, type StandingsJsonRow } from './core/tournament/standings.js';
export { finalRanking, type FinalPlace } from './core/tournament/final-ranking.js';
export { loadDefaultPack, loadPackFile } from './adapters/policy/pack-file.js';
