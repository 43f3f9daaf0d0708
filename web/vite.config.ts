import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, serviceWorker } from './build-plugins.ts';

// The console is built into web/dist, which the server serves; in development `vite --config
// web/vite.config.ts` proxies /api to a running `shinpan serve` on port 3000. The build also
// writes the service worker (sw.js) and a .br/.gz beside each text file (build-plugins.ts).
export default defineConfig({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react(), serviceWorker(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } } },
});
