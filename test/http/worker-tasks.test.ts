import { describe, expect, it } from 'vitest';
import { MAX_TASK_WORKERS, runTask } from '../../src/adapters/worker-threads.js';

/*
 * A task in a worker of its own: ended when its time is up, however busy it is, and no more
 * than MAX_TASK_WORKERS at once. The event loop stays free meanwhile.
 */
describe('runTask', () => {
  const endless = new URL('./support/endless-task.ts', import.meta.url).href;

  it('ends a task that never returns when its time is up, and refuses one past the cap meanwhile', async () => {
    const runs = Array.from({ length: MAX_TASK_WORKERS }, () => runTask(endless, 'endless-task', null, 3000));
    expect(await runTask(endless, 'endless-task', null, 3000)).toEqual({ kind: 'busy' });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const ended = await Promise.all(runs);
    clearInterval(timer);
    expect(ended).toEqual(runs.map(() => ({ kind: 'timeout' })));
    expect(ticks).toBeGreaterThan(10);
    // The workers are gone: the next task gets one again.
    const again = runTask(endless, 'endless-task', null, 100);
    expect(await again).toEqual({ kind: 'timeout' });
  }, 30_000);
});
