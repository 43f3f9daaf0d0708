import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Suites that run the shipped build (`node bin/shinpan.js` over dist/) test what is in dist/. They
 * never rebuild it themselves: a rebuild in the middle of a run races the other suites reading
 * dist/, and a compiler failure swallowed there would test old code. `npm test` builds first
 * (`pretest`); anyone running a suite alone after changing src/ is told to build.
 */

const root = new URL('../../', import.meta.url).pathname;

/** The newest file under `folder` and its time (ms). */
function newest(folder: string): { path: string; at: number } {
  let found = { path: folder, at: 0 };
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const candidate = entry.isDirectory() ? newest(path) : { path, at: statSync(path).mtimeMs };
    if (candidate.at > found.at) found = candidate;
  }
  return found;
}

/** Throws, naming the file, when dist/ is missing or older than a file of src/. */
export function requireFreshBuild(): void {
  const built = join(root, 'dist', 'index.js');
  if (!existsSync(built)) throw new Error('dist/ is missing: run `npm run build` (npm test builds first)');
  const source = newest(join(root, 'src'));
  if (source.at > statSync(built).mtimeMs)
    throw new Error(
      `dist/ is older than ${relative(root, source.path)}: run \`npm run build\` (npm test builds first) so this suite tests the code as it is`,
    );
}
