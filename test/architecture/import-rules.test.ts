import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The table "what each folder may import" of docs/architecture.md is enforced by the linter
 * (biome.json, noRestrictedImports per folder), so the document cannot drift from the code
 * again. Here the project's own biome.json lints deliberate wrong imports, in a copy of the
 * folder layout, and must refuse each one, naming the rule's message; the allowed shapes pass.
 */

const root = new URL('../../', import.meta.url).pathname;
const biome = join(root, 'node_modules', '.bin', 'biome');
const dir = mkdtempSync(join(tmpdir(), 'shinpan-import-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as Record<string, unknown>;
// The copy is no git checkout; everything else is the project's configuration as it is.
writeFileSync(join(dir, 'biome.json'), JSON.stringify({ ...config, $schema: undefined, vcs: { enabled: false } }));

/** Lints one file placed at `path` in the copy; answers the import rule's messages it printed. */
function lint(path: string, source: string): string[] {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  let output = '';
  try {
    execFileSync(biome, ['lint', '--max-diagnostics=50', path], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  } finally {
    rmSync(file);
  }
  return output.includes('noRestrictedImports')
    ? [...output.matchAll(/× (.+\(docs\/architecture\.md\)\.)/g)].map((m) => m[1]!)
    : [];
}

describe('what each folder may import, enforced by the linter', () => {
  it.each([
    [
      'src/core/tournament/x.ts',
      "import { openServer } from '../../adapters/http/open-server.js';\nexport const x = openServer;\n",
      'The core is pure',
    ],
    [
      'src/core/x.ts',
      "import { penaltyLog } from '../app/penalty-log.js';\nexport const x = penaltyLog;\n",
      'The core is pure',
    ],
    [
      'src/core/deck/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'The core does no I/O',
    ],
    [
      'src/app/x.ts',
      "import { openServer } from '../adapters/http/open-server.js';\nexport const x = openServer;\n",
      'src/app imports nothing from src/adapters',
    ],
    [
      'src/adapters/cli/x.ts',
      "import { decide } from '../../core/tournament/decide.js';\nexport const x = decide;\n",
      'Every write goes through the one pipeline',
    ],
    [
      'web/src/screens/x.ts',
      "import { penaltyLog } from '../../../src/app/penalty-log.js';\nexport const x = penaltyLog;\n",
      'The console takes only shapes',
    ],
    [
      'web/src/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'The console runs in the browser',
    ],
    [
      'web/src/components/x.tsx',
      "import { useTranslation } from 'react-i18next';\nexport const x = useTranslation;\n",
      "The console is written against React's API",
    ],
    [
      'web/src/x.ts',
      "import { useState } from 'preact/hooks';\nexport const x = useState;\n",
      "The console is written against React's API",
    ],
  ])('%s: a wrong import fails lint', (path, source, message) => {
    const messages = lint(path, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it.each([
    ['src/core/x.ts', "import { createHash } from 'node:crypto';\nexport const x = createHash;\n"],
    [
      'src/adapters/cli/x.ts',
      "import { TournamentService } from '../../app/tournament-service.js';\nexport const x = TournamentService;\n",
    ],
    [
      'web/src/x.ts',
      "import type { PenaltyLogEntry } from '../../src/app/penalty-log.js';\nimport { sortByName } from '../../src/core/names/by-name.js';\nexport type X = PenaltyLogEntry;\nexport const y = sortByName;\n",
    ],
  ])('%s: an allowed import passes', (path, source) => {
    expect(lint(path, source)).toEqual([]);
  });
});
