import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { precompress, serviceWorker } from './build-plugins.ts';
import { routeBudget } from './route-budget.ts';

// The console is built into web/dist, which the server serves; in development `vite --config
// web/vite.config.ts` proxies /api to a running `shinpan serve` on port 3000. The build also
// writes the service worker (sw.js) and a .br/.gz beside each text file (build-plugins.ts), and
// reports the JavaScript the player's page loads before it draws, failing over its ceiling (route-budget.ts).
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
export default defineConfig({
  root,
  plugins: [
    react(),
    serviceWorker(),
    precompress(),
    routeBudget(() => readFileSync(`${root}src/lazy-screens.ts`, 'utf8')),
  ],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } } },
});
