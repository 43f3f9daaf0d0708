import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, request } from './http';
import { getOnce, invalidate } from './resource';
import { connection } from './connection';
import { outbox } from './outbox';
import { confirmSignIn, leaveSignIn, onOwnerChangedElsewhere, savedReadsOwner } from './saved-reads';
import { ownerOf } from '../sw/saved-reads-protocol';
import { forgetSession, keepSession, savedSession, sessionEnded } from './saved-session';
import { sessionToKeep, type SavedSession, type SessionAnswerBody } from './saved-session-rules';
import { serverNow } from './server-clock';

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
type SessionAnswer = { account: Account; may?: AccountMay; sessionExpiresAt?: string };
const withMay = (answer: { account: Account; may?: AccountMay }): Account =>
  answer.may === undefined ? answer.account : { ...answer.account, may: answer.may };

interface SessionValue {
  /** undefined while the first check runs; null for the public. */
  readonly account: Account | null | undefined;
  /**
   * The account shown is the device's saved session, saved at this time (ms since epoch): the
   * server has not answered since the page loaded. Null once it has (or for the public).
   */
  readonly savedAt: number | null;
  /** A saved session was shown and has ended (the server answered nobody, or it expired): say so. */
  readonly ended: boolean;
  /** Signed out on this device while the server could not be told: it is, once it answers. */
  readonly signOutPending: boolean;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  refresh(): Promise<void>;
}

/** Where the session is read (also asked early, at start: app.tsx startRoute). */
export const SESSION_PATH = '/api/auth/me';

/**
 * How long the session read waits before the saved session is shown: venue Wi-Fi often hangs
 * rather than drops. As long as the service worker waits for a screen's read (its
 * SAVED_READ_TIMEOUT_MS), so the screens and the sign-in turn to what was saved together.
 */
const SESSION_WAIT_MS = 4000;
/** While the server has not answered who is signed in, it is asked again this often (and at once when the server is reachable again). */
const RECHECK_MS = 30_000;
/** Set when a sign-out could not reach the server: the device stays signed out and tells the server later. */
const SIGN_OUT_PENDING_KEY = 'shinpan.signOutPending';

function signOutPending(): boolean {
  try {
    return localStorage.getItem(SIGN_OUT_PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

function setSignOutPending(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(SIGN_OUT_PENDING_KEY, '1');
    else localStorage.removeItem(SIGN_OUT_PENDING_KEY);
  } catch {
    // No storage: the sign-out is tried while this page lives only.
  }
}

/**
 * Tells the server this device signed out; false while it cannot be reached (tried again
 * later). Marked pending first: a page reloaded while the request hangs still knows.
 */
async function sendSignOut(): Promise<boolean> {
  setSignOutPending(true);
  try {
    await request('POST', '/api/auth/logout', { body: {} });
  } catch (error) {
    // An answer that is no server failure will not change on a retry: the session's next read tells the truth.
    if (!(error instanceof ApiError) || error.status >= 500) return false;
  }
  setSignOutPending(false);
  return true;
}

/** Who the server says is signed in: another sign-in than before reloads every screen as them. */
function signedIn(accountId: string | null): void {
  if (confirmSignIn(accountId)) invalidate('/api/');
}

const SessionContext = createContext<SessionValue | null>(null);

interface SessionState {
  readonly account: Account | null | undefined;
  readonly savedAt: number | null;
  readonly ended: boolean;
  readonly signOutPending: boolean;
}

const SIGNED_OUT: SessionState = { account: null, savedAt: null, ended: false, signOutPending: false };

/**
 * Who is signed in on this device; writes that waited for a sign-in are sent once someone is.
 * The server's answer always decides; without one (offline, Wi-Fi that hangs) the device's
 * saved session is shown, marked as saved (saved-session.ts), until the server answers.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ ...SIGNED_OUT, account: undefined });
  /** Server answers so far: a saved session looked up before the latest one is not shown. */
  const answers = useRef(0);
  /** The session kept for this page's sign-in, kept again when a new service worker empties the cache. */
  const kept = useRef<SavedSession | null>(null);
  /** Sign-ins and sign-outs on this page so far: a session read asked before the latest one answers too late to count. */
  const epoch = useRef(0);
  /** Whether the server has answered who is signed in since the page loaded. */
  const [confirmed, setConfirmed] = useState(false);

  /** Fires when the kept session's end comes (see `ended`). */
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The latest `refresh`, for the expiry timer set before it is made. */
  const refreshRef = useRef<() => Promise<void>>(async () => undefined);

  /**
   * The device's sign-in ended by the clock: its saved reads go (as when the server answers the
   * public), the screens read again, and the server is asked who is signed in.
   */
  const ended = useCallback(async (): Promise<boolean> => {
    if (!(await sessionEnded())) return false;
    signedIn(null);
    return true;
  }, []);

  /** At the saved session's end, its saved reads go even if the page stays open offline. */
  const watchExpiry = useCallback(
    (until: number | null) => {
      clearTimeout(expiry.current);
      if (until === null) return;
      // setTimeout takes at most 2^31-1 ms; a session's day is far below.
      const fire = async () => {
        if (await ended()) await refreshRef.current();
      };
      expiry.current = setTimeout(() => void fire(), Math.max(0, until - Date.now()) + 1);
    },
    [ended],
  );
  useEffect(() => () => clearTimeout(expiry.current), []);

  /** The server answered: its answer is shown and kept (or the saved one forgotten). */
  const answered = useCallback(
    (body: SessionAnswerBody) => {
      answers.current++;
      signedIn(body.account?.id ?? null);
      setConfirmed(true);
      setState((s) => ({
        account:
          body.account === null ? null : withMay({ account: body.account, ...(body.may ? { may: body.may } : {}) }),
        savedAt: null,
        ended: body.account === null && (s.savedAt !== null || s.ended),
        signOutPending: false,
      }));
      const saved = sessionToKeep(body, Date.now(), serverNow() - Date.now());
      kept.current = saved;
      watchExpiry(saved?.until ?? null);
      void (saved ? keepSession(saved) : forgetSession());
    },
    [watchExpiry],
  );

  /** No answer from the server: the saved session if one stands, else the public. */
  const unanswered = useCallback(async () => {
    const seen = answers.current;
    await ended();
    const saved = await savedSession();
    if (answers.current !== seen) return;
    watchExpiry(saved?.until ?? null);
    const owner = savedReadsOwner();
    setState((s) => {
      // Signed in and confirmed earlier in this page: the account stays, unless another tab has
      // signed out or someone else in since.
      if (s.account && s.savedAt === null && ownerOf(s.account.id) === owner) return s;
      if (saved && s.savedAt === saved.savedAt && s.account?.id === saved.account.id) return s;
      if (saved) return { account: withMay(saved), savedAt: saved.savedAt, ended: false, signOutPending: false };
      return { ...SIGNED_OUT, ended: s.savedAt !== null || s.ended };
    });
  }, [ended, watchExpiry]);

  const refresh = useCallback(async () => {
    if (signOutPending() && !(await sendSignOut())) {
      answers.current++;
      setState({ ...SIGNED_OUT, signOutPending: true });
      return;
    }
    const asked = epoch.current;
    const slow = setTimeout(() => void unanswered(), SESSION_WAIT_MS);
    try {
      const answer = await getOnce<SessionAnswerBody>(SESSION_PATH);
      if (epoch.current === asked) answered(answer.body);
    } catch {
      if (epoch.current === asked) await unanswered();
    } finally {
      clearTimeout(slow);
    }
  }, [answered, unanswered]);

  refreshRef.current = refresh;
  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Until the server has answered (or while a sign-out waits for it), ask again: its answer wins.
  useEffect(() => {
    if (confirmed && !state.signOutPending) return;
    const again = () => void refresh();
    const unsubscribe = connection.subscribe((online) => {
      if (online) again();
    });
    const timer = setInterval(again, RECHECK_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [confirmed, state.signOutPending, refresh]);

  // Another tab signed out or in: this one asks the server too (a saved session shown here stands no more).
  useEffect(() => onOwnerChangedElsewhere(() => void refresh()), [refresh]);

  // A new service worker empties the saved reads' cache when it takes over: the session goes back in.
  useEffect(() => {
    const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!container) return;
    const again = () => {
      if (kept.current) void keepSession(kept.current);
    };
    container.addEventListener('controllerchange', again);
    return () => container.removeEventListener('controllerchange', again);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      refresh,
      async login(username, password) {
        const answer = await request<SessionAnswer>('POST', '/api/auth/login', { body: { username, password } });
        // A new session cookie replaces the one a pending sign-out was for.
        setSignOutPending(false);
        epoch.current++;
        answered(answer.body);
        if (!answer.body.account.mustChangePassword) outbox.retryNow();
      },
      async logout() {
        // On this device at once, server or not: nothing saved for the account shows after this.
        epoch.current++;
        answers.current++;
        kept.current = null;
        leaveSignIn();
        setState(SIGNED_OUT);
        await forgetSession();
        if (await sendSignOut()) signedIn(null);
        else setState((s) => (s.account === null ? { ...SIGNED_OUT, signOutPending: true } : s));
      },
      async changePassword(currentPassword, newPassword) {
        const answer = await request<SessionAnswer>('POST', '/api/auth/password', {
          body: { currentPassword, newPassword },
        });
        epoch.current++;
        answered(answer.body);
        outbox.retryNow();
      },
    }),
    [state, refresh, answered],
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

/** What the account may do in `tournament` (its roles there included), else everywhere; a tournament named `constructor` is only a name. */
function mayIn(may: NonNullable<Account['may']>, tournament: string | undefined) {
  return (tournament !== undefined && Object.hasOwn(may.tournaments, tournament) && may.tournaments[tournament]) || may;
}

/**
 * Whether the server lets the signed-in account do `access` (a tournament command or a
 * capability such as `staff:read`), in `tournament` when given: its roles there included.
 */
export function can(account: Account | null | undefined, access: Access, tournament?: string): boolean {
  const may = account?.may;
  if (!may) return false;
  const here = mayIn(may, tournament);
  return (
    (here.commands as readonly string[]).includes(access) || (here.capabilities as readonly string[]).includes(access)
  );
}

/** Whether the account's penalties are issued as head judge (its head-judge-only choices of spec §5 go straight through). */
export function issuesAsHeadJudge(account: Account | null | undefined, tournament?: string): boolean {
  const may = account?.may;
  if (!may) return false;
  return mayIn(may, tournament).headJudgeChoices;
}

/** Whether the account may pair round 1 over missing or illegal decklists, with a reason. */
export function acceptsDecklistIssues(account: Account | null | undefined, tournament?: string): boolean {
  const may = account?.may;
  if (!may) return false;
  return mayIn(may, tournament).acceptsDecklistIssues;
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
