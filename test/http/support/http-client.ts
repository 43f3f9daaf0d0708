/**
 * A tiny HTTP client over real fetch that keeps cookies like a browser (one jar per person)
 * and echoes the CSRF token on writes, as the console does.
 */
export interface Answer<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export interface RequestOptions {
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Leave out the CSRF header (to prove writes need it). */
  readonly noCsrf?: boolean;
}

export class HttpClient {
  readonly #cookies = new Map<string, string>();
  #bearer: string | undefined;

  constructor(readonly baseUrl: string) {}

  /** Sends the API token instead of cookies from now on. */
  useToken(token: string): this {
    this.#bearer = token;
    return this;
  }

  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (this.#bearer) headers.authorization = `Bearer ${this.#bearer}`;
    else if (this.#cookies.size > 0) headers.cookie = [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.#cookies.get('shinpan_csrf');
    if (method !== 'GET' && csrf && !options.noCsrf && !this.#bearer) headers['x-csrf-token'] ??= csrf;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      ...(options.body === undefined
        ? {}
        : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      body: type.startsWith('application/json') && text ? JSON.parse(text) : text,
      headers: response.headers,
    };
  }

  get<T = any>(path: string, options?: RequestOptions): Promise<Answer<T>> {
    return this.request<T>('GET', path, options);
  }

  post<T = any>(path: string, body?: unknown, options: RequestOptions = {}): Promise<Answer<T>> {
    return this.request<T>('POST', path, { ...options, body: body ?? {} });
  }

  patch<T = any>(path: string, body?: unknown, options: RequestOptions = {}): Promise<Answer<T>> {
    return this.request<T>('PATCH', path, { ...options, body: body ?? {} });
  }

  delete<T = any>(path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    return this.request<T>('DELETE', path, options);
  }

  async login(username: string, password: string): Promise<Answer> {
    const answer = await this.post('/api/auth/login', { username, password });
    if (answer.status !== 200) throw new Error(`login ${username}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  }
}
