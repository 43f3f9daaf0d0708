import type { ServerResponse } from 'node:http';
import { rolesIn, type Account, type AccountStore } from '../../accounts/account-store.js';
import type { Principal, StaffPrincipal } from '../auth/principal.js';
import { HttpError } from '../errors.js';
import { M } from '../messages/errors.js';

export interface StreamLimits {
  /** Streams one client address may hold open at once. */
  readonly perAddress: number;
  /** How often every staff stream's credential is checked again, and stalled streams looked for. */
  readonly checkMs: number;
  /** A stream whose unsent output stays above this for `stalledChecks` checks in a row is dropped. */
  readonly stalledBytes: number;
  readonly stalledChecks: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  perAddress: 20,
  checkMs: 1000,
  stalledBytes: 256 * 1024,
  stalledChecks: 10,
};

interface Watched {
  readonly response: ServerResponse;
  readonly staff: StaffPrincipal | null;
  /** The tournament the stream follows: its staff view rests on the roles held there. */
  readonly tournamentId: string;
  stalled: number;
}

/**
 * Keeps live streams honest. A staff stream was authorised once, at connect; penalties and
 * their reasons keep flowing to it, so every `checkMs` its session or API token and its account
 * are read again (from the store, so a logout in another server process counts too), and the
 * stream ends when the session was logged out or expired, the token revoked, the account
 * disabled or gone, its password changed (which ends sessions and tokens) or the roles it holds
 * in the stream's tournament changed (global or for that tournament). The console's EventSource
 * reconnects on its own and gets the view its credential now allows (the public one, say).
 * It also caps streams per address and drops streams whose reader stopped reading.
 */
export class StreamGuard {
  readonly #watched = new Set<Watched>();
  readonly #perAddress = new Map<string, number>();
  readonly #timer: NodeJS.Timeout;
  #checking: Promise<void> | null = null;

  constructor(
    readonly accounts: AccountStore,
    readonly clock: () => Date,
    readonly limits: StreamLimits = DEFAULT_STREAM_LIMITS,
  ) {
    this.#timer = setInterval(() => void this.check(), limits.checkMs);
    this.#timer.unref();
  }

  /** Counts a new stream of `tournamentId` for `address` (429 past the cap) and watches it until it closes. */
  admit(address: string, principal: Principal, response: ServerResponse, tournamentId: string): void {
    const open = this.#perAddress.get(address) ?? 0;
    if (open >= this.limits.perAddress) {
      throw new HttpError(
        429,
        'too-many-streams',
        M.text('too-many-streams', { open, max: this.limits.perAddress }),
        undefined,
        { 'retry-after': '10' },
      );
    }
    this.#perAddress.set(address, open + 1);
    const staff = principal.kind === 'staff' ? principal : null;
    const watched: Watched = { response, staff, tournamentId, stalled: 0 };
    this.#watched.add(watched);
    response.once('close', () => {
      this.#watched.delete(watched);
      const left = (this.#perAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.#perAddress.delete(address);
      else this.#perAddress.set(address, left);
    });
  }

  /** Checks every stream now (a credential just changed in this process); resolves when done. */
  check(): Promise<void> {
    this.#checking ??= this.#checkAll().finally(() => {
      this.#checking = null;
    });
    return this.#checking;
  }

  async #checkAll(): Promise<void> {
    const accounts = new Map<string, Promise<Account | undefined>>();
    const credentials = new Map<string, Promise<boolean>>();
    for (const watched of [...this.#watched]) {
      const { response } = watched;
      if (response.writableLength > this.limits.stalledBytes) watched.stalled++;
      else watched.stalled = 0;
      if (watched.stalled >= this.limits.stalledChecks) {
        response.destroy();
        continue;
      }
      if (!watched.staff) continue;
      const staff = watched.staff;
      const key = credentialKey(staff);
      let credential = credentials.get(key);
      if (!credential) {
        credential = this.#credentialValid(staff);
        credentials.set(key, credential);
      }
      let account = accounts.get(staff.account.id);
      if (!account) {
        account = this.accounts.findAccount(staff.account.id);
        accounts.set(staff.account.id, account);
      }
      // A store that cannot answer now keeps the stream: the next check asks again.
      const valid = await Promise.all([credential, account]).then(
        ([credentialOk, now]) => credentialOk && sameStaff(staff.account, now, watched.tournamentId),
        () => true,
      );
      if (!valid) response.end();
    }
  }

  async #credentialValid(staff: StaffPrincipal): Promise<boolean> {
    if (staff.via === 'session') {
      const session = await this.accounts.findSession(staff.session.idHash);
      return session !== undefined && session.expiresAt > this.clock().toISOString();
    }
    const token = (await this.accounts.listApiTokens(staff.account.id)).find((t) => t.id === staff.tokenId);
    return token !== undefined && token.revokedAt === null;
  }

  close(): void {
    clearInterval(this.#timer);
  }
}

/** The account may still see the tournament as it did at connect: there, enabled, with the same roles in it. */
function sameStaff(then: Account, now: Account | undefined, tournamentId: string): boolean {
  if (now === undefined || now.disabled || now.mustChangePassword) return false;
  const roles = (account: Account) => [...rolesIn(account, tournamentId)].sort().join();
  return roles(now) === roles(then);
}

const credentialKey = (staff: StaffPrincipal): string =>
  staff.via === 'session' ? `s:${staff.session.idHash}` : `t:${staff.tokenId}`;
