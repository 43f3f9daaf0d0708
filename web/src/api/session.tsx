import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { request } from './http';
import { getOnce, invalidate } from './resource';
import { outbox } from './outbox';

import { confirmSignIn } from './saved-reads';

import type { AccountMay } from '../../../src/adapters/http/auth/account-may.js';
import type { Capability } from '../../../src/adapters/http/auth/roles.js';
import type { TournamentCommandType } from '../../../src/core/tournament/commands.js';
import type { Role } from '../../../src/core/tournament/events.js';

export type { Role };
/** A tournament command or a capability: what `can` asks about. */
export type Access = TournamentCommandType | Capability;

export interface Account {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly roles: readonly Role[];
  /** Roles held only for the named tournaments (the server's answer; absent from older servers). */
  readonly tournamentRoles?: Readonly<Record<string, readonly Role[]>>;
  /** Inside a tournament (TournamentSession), the global roles before the tournament's own were added. */
  readonly globalRoles?: readonly Role[];
  readonly mustChangePassword: boolean;
  /** What the server lets this account do (the session's answer), so no screen decides from role names. */
  readonly may?: AccountMay;
}

/** The session answers: the account, and what it may do. */
type SessionAnswer = { account: Account; may?: AccountMay };
const withMay = (answer: SessionAnswer): Account =>
  answer.may === undefined ? answer.account : { ...answer.account, may: answer.may };

interface SessionValue {
  /** undefined while the first check runs; null for the public. */
  readonly account: Account | null | undefined;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  refresh(): Promise<void>;
}

/** Where the session is read (also asked early, at start: app.tsx startRoute). */
export const SESSION_PATH = '/api/auth/me';

/** Who the server says is signed in: another sign-in than before reloads every screen as them. */
function signedIn(accountId: string | null): void {
  if (confirmSignIn(accountId)) invalidate('/api/');
}

const SessionContext = createContext<SessionValue | null>(null);

/** Who is signed in on this device; writes that waited for a sign-in are sent once someone is. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<Account | null | undefined>(undefined);

  const refresh = useCallback(async () => {
    try {
      const answer = await getOnce<{ account: Account | null; may?: AccountMay }>(SESSION_PATH);
      const { account: found, may } = answer.body;
      signedIn(found?.id ?? null);
      setAccount(found === null ? null : withMay({ account: found, ...(may ? { may } : {}) }));
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
        const answer = await request<SessionAnswer>('POST', '/api/auth/login', { body: { username, password } });
        signedIn(answer.body.account.id);
        setAccount(withMay(answer.body));
        if (!answer.body.account.mustChangePassword) outbox.retryNow();
      },
      async logout() {
        await request('POST', '/api/auth/logout', { body: {} });
        signedIn(null);
        setAccount(null);
      },
      async changePassword(currentPassword, newPassword) {
        const answer = await request<SessionAnswer>('POST', '/api/auth/password', {
          body: { currentPassword, newPassword },
        });
        signedIn(answer.body.account.id);
        setAccount(withMay(answer.body));
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

/**
 * Whether the account sees the tournament as staff: signed in, past its first password, holding
 * a role (the server's rule in src/adapters/http/auth/tournament-staff.ts; it answers the
 * public view otherwise).
 */
export const isStaff = (account: Account | null | undefined): boolean =>
  !!account && !account.mustChangePassword && account.roles.length > 0;

/**
 * Whether the server lets the signed-in account do `access` (a tournament command or a
 * capability such as `staff:read`), in `tournament` when given: its roles there included.
 */
export function can(account: Account | null | undefined, access: Access, tournament?: string): boolean {
  const may = account?.may;
  if (!may) return false;
  const here = (tournament !== undefined && may.tournaments[tournament]) || may;
  return (
    (here.commands as readonly string[]).includes(access) || (here.capabilities as readonly string[]).includes(access)
  );
}

/** Whether the account's penalties are issued as head judge (its head-judge-only choices of spec §5 go straight through). */
export function issuesAsHeadJudge(account: Account | null | undefined, tournament?: string): boolean {
  const may = account?.may;
  if (!may) return false;
  return ((tournament !== undefined && may.tournaments[tournament]) || may).headJudgeChoices;
}

/** Whether the account may pair round 1 over missing or illegal decklists, with a reason. */
export function acceptsDecklistIssues(account: Account | null | undefined, tournament?: string): boolean {
  const may = account?.may;
  if (!may) return false;
  return ((tournament !== undefined && may.tournaments[tournament]) || may).acceptsDecklistIssues;
}

/**
 * Inside a tournament the account acts with its global roles plus the ones it holds there, as
 * the server decides: every screen under this provider sees those, so a judge for
 * one event only gets the judge's screens there and the public's everywhere else.
 */
export function TournamentSession({ id, children }: { id: string; children: ReactNode }) {
  const outer = useSession();
  const account = outer.account;
  const value = useMemo<SessionValue>(() => {
    if (!account) return outer;
    const roles = [...new Set([...account.roles, ...(account.tournamentRoles?.[id] ?? [])])];
    return { ...outer, account: { ...account, roles, globalRoles: account.roles } };
  }, [outer, account, id]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * Whose staff the account manages, as the server decides it: every account for an organizer of
 * every tournament, else the tournaments it organizes (empty: none). Outside a tournament.
 */
export function managedTournaments(account: Account | null | undefined): 'all' | readonly string[] {
  if (!account) return [];
  if ((account.globalRoles ?? account.roles).includes('organizer')) return 'all';
  return Object.entries(account.tournamentRoles ?? {})
    .filter(([, roles]) => roles.includes('organizer'))
    .map(([id]) => id);
}
