import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreConfig } from '../open-event-store.js';
import { backupDatabase, type BackupReport } from './backup.js';

/*
 * A serving server's own backups (SHINPAN_BACKUP_DIR): every `intervalMs`, a verified backup
 * (backup.ts) into the folder, named by the moment it began, and the oldest beyond `keep`
 * removed. One at a time; a failed one is said and the next comes on time. From SQLite the
 * work runs in a worker thread, so requests are answered meanwhile.
 */

export interface BackupSchedule {
  readonly dir: string;
  readonly intervalMs: number;
  readonly keep: number;
}

export type BackupOutcome =
  | { readonly kind: 'written'; readonly report: BackupReport; readonly removed: readonly string[] }
  | { readonly kind: 'failed'; readonly file: string; readonly error: unknown };

/** `shinpan-20261207T013000123Z.db`: sorts by the time the backup began (UTC). */
const NAME = /^shinpan-\d{8}T\d{9}Z\.db$/;
export const backupFileName = (began: Date): string => `shinpan-${began.toISOString().replace(/[-:.]/g, '')}.db`;

/** The backups of a folder, oldest first. */
export const backupsIn = (dir: string): string[] =>
  readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort();

export class ScheduledBackups {
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(
    private readonly database: StoreConfig,
    private readonly schedule: BackupSchedule,
    private readonly onOutcome: (outcome: BackupOutcome) => void,
    private readonly clock: () => Date = () => new Date(),
  ) {
    mkdirSync(schedule.dir, { recursive: true });
  }

  start(): void {
    if (this.#stopped || this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#running = this.#backup().finally(() => {
        this.#running = null;
        this.start();
      });
    }, this.schedule.intervalMs);
    this.#timer.unref?.();
  }

  async #backup(): Promise<void> {
    const file = join(this.schedule.dir, backupFileName(this.clock()));
    try {
      const report = await backupDatabase(this.database, file);
      const all = backupsIn(this.schedule.dir);
      const removed = all.slice(0, Math.max(0, all.length - this.schedule.keep));
      for (const name of removed) rmSync(join(this.schedule.dir, name), { force: true });
      this.onOutcome({ kind: 'written', report, removed });
    } catch (error) {
      this.onOutcome({ kind: 'failed', file, error });
    }
  }

  /** Stops the schedule; a backup under way is finished first. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
