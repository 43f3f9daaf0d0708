import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/adapters/package-root.js';
import { shinpan } from './support.js';

const release = (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;

describe('shinpan --version', () => {
  it("prints the package's release and exits 0", async () => {
    for (const flag of ['--version', '-V']) {
      const run = await shinpan(flag);
      expect(run).toMatchObject({ code: 0, stdout: `${release}\n` });
    }
  });

  it('has a CHANGELOG entry with upgrade notes for this release', () => {
    const changelog = readFileSync(join(packageRoot(), 'CHANGELOG.md'), 'utf8');
    const section = changelog.split(/^## /m).find((s) => s.startsWith(`${release} `) || s.startsWith(`${release}\n`));
    expect(section).toMatch(/### Upgrading/);
  });
});
