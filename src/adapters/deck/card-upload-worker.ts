import { serveTask } from '../worker-threads.js';
import { type CardUpload, prepareCardUpload } from './imported-cards.js';

// Reads one uploaded card database away from the server's event loop; the server ends this
// worker when it takes too long (a query SQLite runs cannot be stopped from JavaScript).
serveTask(({ upload, dir }: { upload: Omit<CardUpload, 'name'>; dir: string }) => prepareCardUpload(upload, dir));
