import type { SeriesService } from '../../app/series-service.js';
import type { AccountStore } from '../accounts/account-store.js';
import type { HashGate } from './auth/hash-gate.js';
import type { LiveHub } from './live/live-hub.js';
import type { StreamGuard } from './live/stream-guard.js';
import type { TournamentGateway } from './tournaments/tournament-gateway.js';

/** What every route module receives from buildServer: the server's own state and its injected clock and ids. */
export interface ServerContext {
  readonly accounts: AccountStore;
  readonly hub: LiveHub;
  readonly gateway: TournamentGateway;
  /** The server's only clock: handlers never read Date.now, so tests control time. */
  readonly clock: () => Date;
  readonly newId: () => string;
  /** Signs the players' record codes. */
  readonly secret: string;
  readonly secureCookies: boolean;
  /** Every password hash goes through it (sign-in, password change, accounts). */
  readonly hashes: HashGate;
  /** Live streams: the per-address cap, and ending streams whose credential is gone. */
  readonly streams: StreamGuard;
  /** How long a public view of the current round is answered after it was made (view-cache.ts). */
  readonly recentViewMs: number;
  /** False (SHINPAN_NO_CACHES): every view is made for its read, nothing kept (docs/concurrency.md). */
  readonly caches: boolean;
  /** Series, their leaderboards, and the player links the official record follows. */
  readonly series: SeriesService;
  /** Null when the server is ready for requests (its store answers, it is not closing), else why not. */
  readonly ready: () => Promise<string | null>;
}
