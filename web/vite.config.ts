import { defineConfig } from 'vite';
import { readFileSync } from 'node:fs';
import { precompress, serviceWorker } from './build-plugins.ts';
import { routeBudget } from './route-budget.ts';

// The console is built into web/dist, which the server serves; in development `vite --config
// web/vite.config.ts` proxies /api to a running `shinpan serve` on port 3000. The build also
// writes the service worker (sw.js) and a .br/.gz beside each text file (build-plugins.ts), and
// reports the JavaScript the player's page loads before it draws, failing over its ceiling (route-budget.ts).
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * The small modules the player's page shares with other screens, bundled as one chunk rather
 * than a dozen: each file is a request, and on a venue phone's HTTP/1.1 (six connections, a
 * 150 ms round trip) a dozen small files cost two round trips more than one (issue 44). Staff
 * screens that use one of them load the others too (a few KB). A module missing here only
 * becomes its own small chunk again; route-budget.ts prints the page's files on every build.
 */
const PLAYER_PAGE_PARTS = [
  'src/components/code-form.tsx',
  'src/components/round-label.ts',
  'src/components/form.tsx',
  'src/components/clock-announcement.tsx',
  'src/components/lazy-details.tsx',
  'src/components/announcement-list.tsx',
  'src/core/tournament/limits.ts',
  'src/calls/calls-api.ts',
  'src/screens/deck-findings.tsx',
  'src/screens/decklist-input.tsx',
  'src/self-service/entry-api.ts',
  'src/self-service/score-options.ts',
];
/*
 * The console is written against React's API and runs on Preact through its compatibility
 * layer (preact/compat): React 19 and react-dom are about 68 KB of gzip JavaScript, Preact with
 * its hooks and compat about 10 KB, and the player's page must draw on a venue phone with at
 * most 80 KB before it (issue 44, docs/performance.md). The code imports `react` as before (and
 * is type-checked against React's types); these aliases hand those imports to Preact. The JSX
 * goes to Preact's runtime. No React fast refresh in development: the page reloads on a change.
 */
const REACT_ON_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // The development server's dependency scan compiles JSX for React's runtime names.
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];
export default defineConfig({
  root,
  resolve: { alias: REACT_ON_PREACT },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [
    serviceWorker(),
    precompress(),
    routeBudget(() => readFileSync(`${root}src/lazy-screens.ts`, 'utf8')),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'player-page-parts', test: (id) => PLAYER_PAGE_PARTS.some((part) => id.endsWith(part)) }],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } } },
});
