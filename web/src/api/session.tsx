import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { get, request } from './http';
import { outbox } from './outbox';

import type { Role } from '../../../src/core/tournament/events.js';

export type { Role };

export interface Account {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly roles: readonly Role[];
  readonly mustChangePassword: boolean;
}

interface SessionValue {
  /** undefined while the first check runs; null for the public. */
  readonly account: Account | null | undefined;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Who is signed in on this device; writes that waited for a sign-in are sent once someone is. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<Account | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      const answer = await get<{ account: Account | null }>('/api/auth/me');
      setAccount(answer.body.account);
    } catch {
      // Offline at start: act as the public until the server answers; pending writes stay queued.
      setAccount((current) => current ?? null);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo<SessionValue>(
    () => ({
      account,
      refresh,
      async login(username, password) {
        const answer = await request<{ account: Account }>('POST', '/api/auth/login', { body: { username, password } });
        setAccount(answer.body.account);
        if (!answer.body.account.mustChangePassword) outbox.retryNow();
      },
      async logout() {
        await request('POST', '/api/auth/logout', { body: {} });
        setAccount(null);
      },
      async changePassword(currentPassword, newPassword) {
        const answer = await request<{ account: Account }>('POST', '/api/auth/password', {
          body: { currentPassword, newPassword },
        });
        setAccount(answer.body.account);
        outbox.retryNow();
      },
    }),
    [account, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session of this device. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** Whether the signed-in account holds any of `roles`. */
export function hasRole(account: Account | null | undefined, ...roles: readonly Role[]): boolean {
  return !!account && account.roles.some((r) => roles.includes(r));
}
