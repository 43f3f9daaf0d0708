import { parsePlayersCsv } from '../../../app/csv-players.js';
import { serveTask } from '../../worker-threads.js';

// Reads one player CSV (up to 2 MB over HTTP) away from the server's event loop.
serveTask(parsePlayersCsv);
