import { startServer, type RunningServer } from '../server/server-process.js';

/*
 * The venue's server processes on one database, as an operator runs them behind a load
 * balancer: requests go round-robin to the processes that are up. The bench kills one
 * (SIGKILL) and starts it again; a restarted process takes requests from the balancer only
 * once the bench has timed its first read, so that read is the first it answers.
 */

export class Cluster {
  /** Each slot's running process (started, not killed); `null` while it is down. */
  readonly #running: (RunningServer | null)[];
  /** Whether the balancer sends requests to the slot. */
  readonly #admitted: boolean[];
  /** Peak resident memory (VmHWM) seen per process, in MB, in start order. */
  readonly #peaks = new Map<string, number>();
  /** CPU time each process (by pid) had used at its last note, in ms. */
  readonly #cpu = new Map<number, number>();
  /** The last of each stopped or killed process's stderr (where the server logs its errors). */
  readonly #stderr: string[] = [];
  #next = 0;
  #wakeUp: (() => void) | null = null;
  #up: Promise<void> = Promise.resolve();

  private constructor(
    readonly db: string,
    servers: RunningServer[],
  ) {
    this.#running = servers;
    this.#admitted = servers.map(() => true);
    servers.forEach((s, i) => this.#peaks.set(`process ${i + 1}`, s.peakMb()));
  }

  /**
   * Starts `count` processes on `db` (a SQLite file or a PostgreSQL URL), one after the other;
   * each, a restarted one too, gets SHINPAN_BENCH_SERVER_ARGS (server-process.ts).
   */
  static async start(db: string, count: number): Promise<Cluster> {
    const servers: RunningServer[] = [];
    for (let i = 0; i < count; i++) servers.push(await startServer(db));
    return new Cluster(db, servers);
  }

  get size(): number {
    return this.#running.length;
  }

  /** The first process's first-start credentials (the organizer's one-time password). */
  first(): RunningServer {
    return this.#running[0]!;
  }

  /** The processes up now, admitted or not (what a health check reaches). */
  running(): RunningServer[] {
    return this.#running.filter((s): s is RunningServer => s !== null);
  }

  /** An admitted process's URL, round-robin; null while none is admitted. */
  pickNow(): string | null {
    for (let tried = 0; tried < this.size; tried++) {
      const i = this.#next++ % this.size;
      const server = this.#running[i];
      if (server && this.#admitted[i]) return server.url;
    }
    return null;
  }

  /** An admitted process's URL, round-robin; waits while none is admitted. */
  async pick(): Promise<string> {
    for (;;) {
      const url = this.pickNow();
      if (url) return url;
      await this.#up;
    }
  }

  /** Notes every process's peak memory and CPU time so far (a killed process keeps its last note). */
  sampleMemory(): void {
    this.#running.forEach((server, i) => {
      if (!server) return;
      try {
        const label = `process ${i + 1}`;
        this.#peaks.set(label, Math.max(this.#peaks.get(label) ?? 0, server.peakMb()));
        this.#cpu.set(server.pid, server.cpuMs());
      } catch {
        // It exited between the check and the read.
      }
    });
  }

  peaks(): ReadonlyMap<string, number> {
    return this.#peaks;
  }

  /** CPU time all processes started so far have used, at their last note, in ms. */
  cpuMs(): number {
    return [...this.#cpu.values()].reduce((sum, ms) => sum + ms, 0);
  }

  /** kill -9 of slot `i`: no shutdown, no flush, as a power cut or the OOM killer does. */
  kill(i: number): void {
    const server = this.#running[i]!;
    this.sampleMemory();
    this.#running[i] = null;
    this.#admitted[i] = false;
    this.#stderr.push(server.stderr().slice(-4000));
    if (!this.#admitted.some(Boolean)) this.#up = new Promise((resolve) => (this.#wakeUp = resolve));
    process.kill(server.pid, 'SIGKILL');
  }

  /** Starts slot `i` again on the same database; the balancer sends it nothing until `admit(i)`. */
  async restart(i: number): Promise<RunningServer> {
    const server = await startServer(this.db);
    this.#running[i] = server;
    return server;
  }

  admit(i: number): void {
    this.#admitted[i] = true;
    this.#wakeUp?.();
    this.#wakeUp = null;
  }

  /** The stderr tails kept so far (non-empty ones). */
  stderr(): string[] {
    return [...this.#stderr, ...this.running().map((s) => s.stderr().slice(-4000))].filter((t) => t.trim());
  }

  async stop(): Promise<void> {
    this.sampleMemory();
    await Promise.all(this.running().map((s) => s.stop()));
  }
}
