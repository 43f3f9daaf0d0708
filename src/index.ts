// The library entry: what third-party organizers may call without a database.
export type { Result } from './core/result.js';
