/**
 * The organizer's side door for what the console has no screen for (creating staff accounts):
 * plain fetch with a cookie jar and the CSRF header, as a browser would send them.
 */
export class StaffApi {
  readonly #cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async send(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const csrf = this.#cookies.get('shinpan_csrf');
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: this.cookieHeader(),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** The session's cookies, for a raw request (a download that is not JSON). */
  cookieHeader(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A GET answered with text (the event log export is JSON lines, not one JSON value). */
  async getText(path: string): Promise<string> {
    const response = await fetch(this.baseUrl + path, { headers: { cookie: this.cookieHeader() } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.text();
  }

  async login(username: string, password: string): Promise<void> {
    const answer = await this.send('POST', '/api/auth/login', { username, password });
    if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }

  /** Creates a staff account with a password already chosen (no first-login change). */
  async createAccount(username: string, roles: readonly string[], password: string): Promise<void> {
    const answer = await this.send('POST', '/api/accounts', { username, displayName: username, roles, password });
    if (answer.status !== 201) throw new Error(`create ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}
