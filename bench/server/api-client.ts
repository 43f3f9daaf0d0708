/*
 * Just enough of a client for the benchmark's setup: the organizer's first login (cookie session,
 * CSRF echoed, the one-time password changed), then API tokens for everything else.
 */

export interface Answer {
  readonly status: number;
  readonly body: any;
}

export class ApiClient {
  readonly #cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly bearer?: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    else if (this.#cookies.size > 0) headers.cookie = [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.#cookies.get('shinpan_csrf');
    if (method !== 'GET' && csrf && !this.bearer) headers['x-csrf-token'] = csrf;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await response.text();
    return {
      status: response.status,
      body:
        text && (response.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(text) : text,
    };
  }

  /** Like `call`, but a status outside 2xx throws with the answer. */
  async ok(method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.call(method, path, body);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body;
  }
}

/**
 * Logs in with the first-start credentials, changes the one-time password, creates one staff
 * account per `accounts` entry and answers an API token for each.
 */
export async function staffTokens(
  url: string,
  firstLogin: { username: string; password: string },
  accounts: Record<string, readonly string[]>,
): Promise<Record<string, string>> {
  const sets = await staffTokenSets(url, firstLogin, accounts, 1);
  return Object.fromEntries(Object.entries(sets).map(([username, tokens]) => [username, tokens[0]!]));
}

/**
 * Like `staffTokens`, with `perAccount` API tokens for each account (its phones), from one
 * sign-in each: sign-ins are limited per address (30 a minute), tokens are not.
 */
export async function staffTokenSets(
  url: string,
  firstLogin: { username: string; password: string },
  accounts: Record<string, readonly string[]>,
  perAccount: number,
): Promise<Record<string, string[]>> {
  const organizer = new ApiClient(url);
  await organizer.ok('POST', '/api/auth/login', firstLogin);
  const password = 'bench-organizer-password-1';
  await organizer.ok('POST', '/api/auth/password', { currentPassword: firstLogin.password, newPassword: password });
  const tokens: Record<string, string[]> = {};
  for (const [username, roles] of Object.entries(accounts)) {
    const accountPassword = `${username}-bench-password-1`;
    await organizer.ok('POST', '/api/accounts', { username, displayName: username, roles, password: accountPassword });
    const client = new ApiClient(url);
    await client.ok('POST', '/api/auth/login', { username, password: accountPassword });
    tokens[username] = [];
    for (let i = 0; i < perAccount; i++)
      tokens[username].push(
        ((await client.ok('POST', '/api/auth/tokens', { label: `bench ${i + 1}` })) as { token: string }).token,
      );
  }
  return tokens;
}
