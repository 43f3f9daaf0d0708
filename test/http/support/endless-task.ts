import { serveTask } from '../../../src/adapters/worker-threads.js';

// A task that never ends, as a hostile upload could make SQLite run: the server must end it.
serveTask((): number => {
  for (;;) {}
});
