import { sql, type Kysely, type Selectable } from 'kysely';
import { ROLES, type Role } from '../../core/tournament/events.js';
import { CompiledOnce, type Stand } from '../store/compiled-once.js';
import type { AccountSchema } from './account-schema.js';
import {
  UsernameTakenError,
  type Account,
  type AccountStore,
  type AccountWithHash,
  type ApiToken,
  type NewAccount,
  type PortableAccounts,
  type Session,
  type TournamentRoles,
} from './account-store.js';

type AccountRow = Selectable<AccountSchema['shinpan_accounts']>;

function toAccount(row: AccountRow): AccountWithHash {
  const known = (list: unknown): Role[] =>
    Array.isArray(list) ? list.filter((r): r is Role => (ROLES as readonly string[]).includes(r)) : [];
  const roles = known(JSON.parse(row.roles));
  const scoped = JSON.parse(row.tournament_roles || '{}') as Record<string, unknown>;
  const tournamentRoles = Object.fromEntries(
    Object.entries(scoped).flatMap(([id, list]) => (known(list).length > 0 ? [[id, known(list)] as const] : [])),
  );
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    roles,
    tournamentRoles,
    mustChangePassword: Number(row.must_change_password) === 1,
    disabled: Number(row.disabled) === 1,
    createdAt: row.created_at,
    passwordHash: row.password_hash,
  };
}

function withoutHash({ passwordHash: _hash, ...account }: AccountWithHash): Account {
  return account;
}

/** SQLite says SQLITE_CONSTRAINT_UNIQUE, PostgreSQL says 23505. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

const toToken = (row: Selectable<AccountSchema['shinpan_api_tokens']>): ApiToken => ({
  id: row.id,
  accountId: row.account_id,
  label: row.label,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

/** A session with its account, by the session id's hash: every console request asks it. */
const sessionWithAccount = new CompiledOnce((db: Kysely<AccountSchema>, [idHash]: readonly Stand[]) =>
  db
    .selectFrom('shinpan_sessions as s')
    .innerJoin('shinpan_accounts as a', 'a.id', 's.account_id')
    .selectAll('a')
    .select(['s.csrf_token', 's.created_at as session_created_at', 's.expires_at'])
    .where('s.id_hash', '=', idHash!),
);

/** An API token with its account, by the token's hash: every request with a token asks it. */
const tokenWithAccount = new CompiledOnce((db: Kysely<AccountSchema>, [tokenHash]: readonly Stand[]) =>
  db
    .selectFrom('shinpan_api_tokens as t')
    .innerJoin('shinpan_accounts as a', 'a.id', 't.account_id')
    .selectAll('a')
    .select([
      't.id as token_id',
      't.label as token_label',
      't.created_at as token_created_at',
      't.revoked_at as token_revoked_at',
    ])
    .where('t.token_hash', '=', tokenHash!),
);

/** Attempts counted between two clean-ups of the windows that ended. */
const PRUNE_ATTEMPTS_EVERY = 256;

/** One implementation for both databases: the queries are plain enough to mean the same on each. */
/** How long a credential found is answered again without a query (see KyselyAccountStore.#found). */
export const CREDENTIALS_KEPT_MS = 1_000;
/** Credentials kept at most (the oldest found dropped first): a venue's staff hold a few hundred. */
const CREDENTIALS_KEPT = 4_096;

export class KyselyAccountStore implements AccountStore {
  /**
   * Credential look-ups on their way to the database, by kind and hash: requests carrying the
   * same token or cookie at once share one query (on PostgreSQL one round trip less each).
   * Every write here forgets them when it is done, so a look-up started after a revocation,
   * a disabled account or a new role never joins one that began before it.
   */
  readonly #lookups = new Map<string, Promise<unknown>>();
  /**
   * Credentials found (never a miss), by kind and hash, answered again for CREDENTIALS_KEPT_MS
   * from when their look-up began: every staff request looks one up, and on PostgreSQL that
   * round trip was a quarter of the day's trips to the database. Every write here forgets them
   * (a revocation, a disabled account, a new role or password is seen by this process's next
   * request); another process's write is seen within CREDENTIALS_KEPT_MS.
   */
  readonly #found = new Map<string, { readonly at: number; readonly value: unknown }>();
  /** Moved by every write: a look-up begun before one is not kept. */
  #writes = 0;
  #attemptsCounted = 0;

  constructor(
    private readonly db: Kysely<AccountSchema>,
    private readonly onClose: () => Promise<void>,
    /** False (SHINPAN_NO_CACHES): every look-up asks the database for its own request. */
    private readonly caches = true,
  ) {}

  #shared<T>(key: string, look: () => Promise<T>): Promise<T> {
    if (!this.caches) return look();
    const at = performance.now();
    const found = this.#found.get(key);
    if (found !== undefined && at - found.at < CREDENTIALS_KEPT_MS) return Promise.resolve(found.value as T);
    const known = this.#lookups.get(key);
    if (known !== undefined) return known as Promise<T>;
    const writes = this.#writes;
    const started = look();
    this.#lookups.set(key, started);
    const forget = () => {
      if (this.#lookups.get(key) === started) this.#lookups.delete(key);
    };
    started.then((value) => {
      forget();
      if (value === undefined || writes !== this.#writes) return;
      this.#found.delete(key);
      if (this.#found.size >= CREDENTIALS_KEPT) this.#found.delete(this.#found.keys().next().value as string);
      this.#found.set(key, { at, value });
    }, forget);
    return started;
  }

  /** Runs a write, then forgets the look-ups in flight and the credentials found: they may have read what it changed. */
  async #changing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.#writes++;
      this.#lookups.clear();
      this.#found.clear();
    }
  }

  async countAccounts(): Promise<number> {
    const row = await this.db
      .selectFrom('shinpan_accounts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  createAccount(account: NewAccount): Promise<Account> {
    return this.#changing(async () => {
      try {
        await this.db
          .insertInto('shinpan_accounts')
          .values({
            id: account.id,
            username: account.username,
            display_name: account.displayName,
            roles: JSON.stringify(account.roles),
            tournament_roles: JSON.stringify(account.tournamentRoles ?? {}),
            password_hash: account.passwordHash,
            must_change_password: account.mustChangePassword ? 1 : 0,
            disabled: 0,
            created_at: account.createdAt,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new UsernameTakenError(account.username);
        throw error;
      }
      const { passwordHash: _hash, ...rest } = account;
      return { ...rest, tournamentRoles: account.tournamentRoles ?? {}, disabled: false };
    });
  }

  async findAccount(id: string): Promise<AccountWithHash | undefined> {
    const row = await this.db.selectFrom('shinpan_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toAccount(row);
  }

  async findAccountByUsername(username: string): Promise<AccountWithHash | undefined> {
    const row = await this.db
      .selectFrom('shinpan_accounts')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
    return row && toAccount(row);
  }

  async listAccounts(): Promise<readonly Account[]> {
    const rows = await this.db
      .selectFrom('shinpan_accounts')
      .selectAll()
      .orderBy('created_at')
      .orderBy('username')
      .execute();
    return rows.map((row) => withoutHash(toAccount(row)));
  }

  updateAccount(
    id: string,
    patch: {
      readonly roles?: readonly Role[];
      readonly tournamentRoles?: TournamentRoles;
      readonly displayName?: string;
      readonly disabled?: boolean;
    },
  ): Promise<Account | undefined> {
    return this.#changing(async () => {
      const values = {
        ...(patch.roles === undefined ? {} : { roles: JSON.stringify(patch.roles) }),
        ...(patch.tournamentRoles === undefined ? {} : { tournament_roles: JSON.stringify(patch.tournamentRoles) }),
        ...(patch.displayName === undefined ? {} : { display_name: patch.displayName }),
        ...(patch.disabled === undefined ? {} : { disabled: patch.disabled ? 1 : 0 }),
      };
      if (Object.keys(values).length > 0)
        await this.db.updateTable('shinpan_accounts').set(values).where('id', '=', id).execute();
      const account = await this.findAccount(id);
      return account && withoutHash(account);
    });
  }

  setPassword(id: string, passwordHash: string, mustChangePassword: boolean): Promise<void> {
    return this.#changing(async () => {
      await this.db
        .updateTable('shinpan_accounts')
        .set({ password_hash: passwordHash, must_change_password: mustChangePassword ? 1 : 0 })
        .where('id', '=', id)
        .execute();
    });
  }

  createSession(session: Session): Promise<void> {
    return this.#changing(async () => {
      await this.db
        .insertInto('shinpan_sessions')
        .values({
          id_hash: session.idHash,
          account_id: session.accountId,
          csrf_token: session.csrfToken,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
        })
        .execute();
    });
  }

  async findSession(idHash: string): Promise<Session | undefined> {
    const row = await this.db
      .selectFrom('shinpan_sessions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    return (
      row && {
        idHash: row.id_hash,
        accountId: row.account_id,
        csrfToken: row.csrf_token,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
      }
    );
  }

  findSessionWithAccount(
    idHash: string,
  ): Promise<{ readonly session: Session; readonly account: AccountWithHash } | undefined> {
    return this.#shared(`session ${idHash}`, async () => {
      // One query: every console request asks this, and on PostgreSQL each query is a round trip.
      const row = await sessionWithAccount.first(this.db, [idHash]);
      if (!row) return undefined;
      const session: Session = {
        idHash,
        accountId: row.id,
        csrfToken: row.csrf_token,
        createdAt: row.session_created_at,
        expiresAt: row.expires_at,
      };
      return { session, account: toAccount(row) };
    });
  }

  deleteSession(idHash: string): Promise<void> {
    return this.#changing(async () => {
      await this.db.deleteFrom('shinpan_sessions').where('id_hash', '=', idHash).execute();
    });
  }

  deleteSessionsOf(accountId: string): Promise<void> {
    return this.#changing(async () => {
      await this.db.deleteFrom('shinpan_sessions').where('account_id', '=', accountId).execute();
    });
  }

  createApiToken(token: ApiToken & { readonly tokenHash: string }): Promise<void> {
    return this.#changing(async () => {
      await this.db
        .insertInto('shinpan_api_tokens')
        .values({
          id: token.id,
          token_hash: token.tokenHash,
          account_id: token.accountId,
          label: token.label,
          created_at: token.createdAt,
          revoked_at: token.revokedAt,
        })
        .execute();
    });
  }

  findApiTokenByHash(
    tokenHash: string,
  ): Promise<{ readonly token: ApiToken; readonly account: AccountWithHash } | undefined> {
    return this.#shared(`token ${tokenHash}`, async () => {
      // One query with its account: every request with a token asks this, and on PostgreSQL each query is a round trip.
      const row = await tokenWithAccount.first(this.db, [tokenHash]);
      if (!row) return undefined;
      const token = toToken({
        id: row.token_id,
        token_hash: tokenHash,
        account_id: row.id,
        label: row.token_label,
        created_at: row.token_created_at,
        revoked_at: row.token_revoked_at,
      });
      return { token, account: toAccount(row) };
    });
  }

  async listApiTokens(accountId: string): Promise<readonly ApiToken[]> {
    const rows = await this.db
      .selectFrom('shinpan_api_tokens')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at')
      .execute();
    return rows.map(toToken);
  }

  revokeApiToken(id: string, accountId: string, at: string): Promise<boolean> {
    return this.#changing(async () => {
      const result = await this.db
        .updateTable('shinpan_api_tokens')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  async setting(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('shinpan_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  async countAttempt(key: string, windowMs: number, nowMs: number): Promise<{ count: number; endsAt: number }> {
    if (++this.#attemptsCounted % PRUNE_ATTEMPTS_EVERY === 0) {
      await this.db.deleteFrom('shinpan_sign_in_attempts').where('ends_at', '<=', nowMs).execute();
    }
    // One statement, so two processes counting the same key at once both count.
    const ended = sql<boolean>`shinpan_sign_in_attempts.ends_at <= ${nowMs}`;
    const row = await this.db
      .insertInto('shinpan_sign_in_attempts')
      .values({ key, count: 1, ends_at: nowMs + windowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql`case when ${ended} then 1 else shinpan_sign_in_attempts.count + 1 end`,
          ends_at: sql`case when ${ended} then ${nowMs + windowMs} else shinpan_sign_in_attempts.ends_at end`,
        }),
      )
      .returning(['count', 'ends_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), endsAt: Number(row.ends_at) };
  }

  async settingOrInit(key: string, value: string): Promise<string> {
    await this.db
      .insertInto('shinpan_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('shinpan_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  async portableRows(): Promise<PortableAccounts> {
    return {
      accounts: await this.db.selectFrom('shinpan_accounts').selectAll().orderBy('id').execute(),
      apiTokens: await this.db.selectFrom('shinpan_api_tokens').selectAll().orderBy('id').execute(),
      settings: await this.db.selectFrom('shinpan_settings').selectAll().orderBy('key').execute(),
    };
  }

  addPortableRows(rows: PortableAccounts): Promise<number> {
    return this.#changing(() =>
      this.db.transaction().execute(async (tx) => {
        let count = 0;
        for (const account of rows.accounts) {
          const here = await tx
            .selectFrom('shinpan_accounts')
            .select(['id', 'username'])
            .where(sql<boolean>`lower(username) = lower(${account.username}) or id = ${account.id}`)
            .execute();
          if (here.some((a) => a.id === account.id)) continue;
          if (here.length > 0) throw new UsernameTakenError(account.username);
          await tx.insertInto('shinpan_accounts').values(account).execute();
          count++;
        }
        for (const token of rows.apiTokens) {
          const inserted = await tx
            .insertInto('shinpan_api_tokens')
            .values(token)
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          count += Number(inserted.numInsertedOrUpdatedRows ?? 0);
        }
        for (const setting of rows.settings) {
          const inserted = await tx
            .insertInto('shinpan_settings')
            .values(setting)
            .onConflict((oc) => oc.column('key').doNothing())
            .executeTakeFirst();
          count += Number(inserted.numInsertedOrUpdatedRows ?? 0);
        }
        return count;
      }),
    );
  }

  async close(): Promise<void> {
    await this.onClose();
  }
}
