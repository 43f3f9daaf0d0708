import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

/** shinpan's release, from its package.json: what `--version`, /api/health and the logs name. */
export const SHINPAN_VERSION: string = (
  JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }
).version;
