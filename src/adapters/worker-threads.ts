import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker, type ResourceLimits } from 'node:worker_threads';

/*
 * Heavy reading off the server's event loop: decklists, player CSVs, uploaded card databases.
 * A health check or a judge's result entry must not wait for a file someone uploaded.
 */

/**
 * A worker thread running the module `name` (without extension) in the folder of `base` (an
 * import.meta.url). Under vitest and tsx the sources run as .ts: the worker then registers tsx's
 * loader before importing its file (a worker does not inherit the loader of the thread that
 * starts it).
 */
export function workerOf(base: string, name: string, resourceLimits?: ResourceLimits): Worker {
  const limits = resourceLimits === undefined ? {} : { resourceLimits };
  if (!base.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, base), limits);
  const tsxApi = new URL('dist/esm/api/index.mjs', pathToFileURL(createRequire(base).resolve('tsx/package.json'))).href;
  const file = new URL(`./${name}.ts`, base).href;
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`,
    { eval: true, ...limits },
  );
}

/** How a task in its own worker ended. */
export type WorkerRun<O> =
  | { readonly kind: 'done'; readonly value: O }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'busy' }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * Tasks in their own worker at once in this process; one more is answered `busy` (the caller
 * says 429). One core is always left to the event loop: on the usual 2-core venue machine two
 * busy uploads took both cores, and health checks waited for CPU time, not for the loop.
 */
export const MAX_TASK_WORKERS = Math.max(1, availableParallelism() - 1);
/** A task worker's heap: an upload that would need more stops its worker, not the server. */
const TASK_HEAP_MB = 512;
let running = 0;

/** Whether a task now would be answered `busy`: an upload route refuses before reading its body. */
export function tasksBusy(): boolean {
  return running >= MAX_TASK_WORKERS;
}

/**
 * Runs one task in a worker of its own (see `serveTask`), which ends with it. Past `timeoutMs`
 * the worker is terminated, whatever it is doing (a query SQLite cannot be asked to stop from
 * JavaScript while it runs), and the answer is `timeout`.
 */
export function runTask<I, O>(base: string, name: string, input: I, timeoutMs: number): Promise<WorkerRun<O>> {
  if (running >= MAX_TASK_WORKERS) return Promise.resolve({ kind: 'busy' });
  let worker: Worker;
  try {
    worker = workerOf(base, name, { maxOldGenerationSizeMb: TASK_HEAP_MB });
  } catch (error) {
    return Promise.resolve({ kind: 'failed', message: (error as Error).message });
  }
  running++;
  return new Promise<WorkerRun<O>>((resolve) => {
    let settled = false;
    const finish = (run: WorkerRun<O>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      running--;
      resolve(run);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
    worker.once('message', (value: O) => finish({ kind: 'done', value }));
    worker.once('error', (error) => finish({ kind: 'failed', message: error.message }));
    worker.once('exit', (code) => finish({ kind: 'failed', message: `the worker stopped (exit ${code})` }));
    worker.postMessage(input);
  });
}

/** The worker side of `runTask`: answers the one input it is sent. */
export function serveTask<I, O>(task: (input: I) => O | Promise<O>): void {
  parentPort?.once('message', async (input: I) => {
    parentPort?.postMessage(await task(input));
  });
}
