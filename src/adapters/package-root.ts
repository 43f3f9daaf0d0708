import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding shinpan's package.json. Code runs from src/ (tests) and from dist/
 * (the installed CLI) at different depths, so shipped data is found from the root, not by a
 * fixed relative path.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('shinpan: cannot find the package root (no package.json above the code)');
    dir = parent;
  }
  return dir;
}
