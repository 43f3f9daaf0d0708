import { serveTask } from '../worker-threads.js';
import { parseJsonBody } from './json-body-parse.js';

// Parses one large JSON body (a route that takes more than the default, after its caller is known) off the event loop.
serveTask(parseJsonBody);
