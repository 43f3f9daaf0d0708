import type { ServerResponse } from 'node:http';
import type { AccountStore } from '../../accounts/account-store.js';
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
  stalled: number;
}

/**
 * Keeps live streams honest. A staff stream was authorised once, at connect; penalties and
 * their reasons keep flowing to it, so every `checkMs` its session or API token and its account
 * are read again (from the store, so a logout in another server process counts too), and the
 * stream ends when the session was logged out or expired, the token revoked, the account
 * disabled, its password changed (which ends sessions and tokens) or its roles changed. The
 * console's EventSource reconnects on its own and gets the view its credential now allows.
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

  /** Counts a new stream for `address` (429 past the cap) and watches it until it closes. */
  admit(address: string, principal: Principal, response: ServerResponse): void {
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
    const watched: Watched = { response, staff: principal.kind === 'staff' ? principal : null, stalled: 0 };
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
    const verdicts = new Map<string, Promise<boolean>>();
    for (const watched of [...this.#watched]) {
      const { response } = watched;
      if (response.writableLength > this.limits.stalledBytes) watched.stalled++;
      else watched.stalled = 0;
      if (watched.stalled >= this.limits.stalledChecks) {
        response.destroy();
        continue;
      }
      if (!watched.staff) continue;
      const key = credentialKey(watched.staff);
      let verdict = verdicts.get(key);
      if (!verdict) {
        verdict = this.#stillValid(watched.staff).catch(() => true);
        verdicts.set(key, verdict);
      }
      if (!(await verdict)) response.end();
    }
  }

  async #stillValid(staff: StaffPrincipal): Promise<boolean> {
    if (staff.via === 'session') {
      const session = await this.accounts.findSession(staff.session.idHash);
      if (!session || session.expiresAt <= this.clock().toISOString()) return false;
    } else {
      const token = (await this.accounts.listApiTokens(staff.account.id)).find((t) => t.id === staff.tokenId);
      if (!token || token.revokedAt !== null) return false;
    }
    const account = await this.accounts.findAccount(staff.account.id);
    return (
      account !== undefined &&
      !account.disabled &&
      !account.mustChangePassword &&
      [...account.roles].sort().join() === [...staff.account.roles].sort().join()
    );
  }

  close(): void {
    clearInterval(this.#timer);
  }
}

const credentialKey = (staff: StaffPrincipal): string =>
  staff.via === 'session' ? `s:${staff.session.idHash}` : `t:${staff.tokenId}`;
