import type { AccountStore } from '../accounts/account-store.js';
import type { LiveHub } from './live/live-hub.js';
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
}
