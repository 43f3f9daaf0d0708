import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_FORMAT } from '../../src/app/reports/event-bundle.js';
import { LOG_SERIALIZATION, sha256 } from '../../src/app/reports/log-digest.js';
import { shinpan, tempFolder } from './support.js';

/*
 * `shinpan verify` reads a folder someone handed over: it must not follow what is in it. A FIFO
 * would hang a read forever, a link to /dev/zero exhaust memory, an unlisted huge file cost its
 * whole read. Entries are looked at with lstat; links and special files are refused by name;
 * only listed regular files of their stated size are read.
 */
function bundleWith(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const manifest = {
    format: BUNDLE_FORMAT,
    tournament: { id: 't', name: 'n', date: '2025-06-01', status: 'finished' },
    log: { serialization: LOG_SERIALIZATION, events: 0, sha256: '0'.repeat(64), lastAt: null },
    files: Object.entries(files).map(([path, text]) => ({
      path,
      bytes: Buffer.byteLength(text),
      sha256: sha256(Buffer.from(text)),
    })),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
}

describe('shinpan verify reads only the listed regular files', () => {
  const root = tempFolder('verify-folder');

  it('a plain bundle verifies', async () => {
    const dir = join(root, 'plain');
    bundleWith(dir, { 'a.txt': 'hello' });
    const run = await shinpan('verify', '--bundle', dir, '--lang', 'en');
    expect(run.code, run.stderr).toBe(0);
  });

  it('a FIFO in the folder is refused by name, not read (a read would never end)', async () => {
    const dir = join(root, 'fifo');
    bundleWith(dir, { 'a.txt': 'hello' });
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    const run = await shinpan('verify', '--bundle', dir, '--lang', 'en');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('pipe: not a regular file');
  });

  it('a listed file that is a link (to /dev/zero) is refused by name, not followed', async () => {
    const dir = join(root, 'link');
    bundleWith(dir, { 'a.txt': 'hello', 'b.txt': 'world' });
    execFileSync('rm', [join(dir, 'b.txt')]);
    symlinkSync('/dev/zero', join(dir, 'b.txt'));
    const run = await shinpan('verify', '--bundle', dir, '--lang', 'en');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('b.txt: not a regular file');
  });

  it('an unlisted file is named without being read, a listed one of another size without hashing', async () => {
    const dir = join(root, 'sizes');
    bundleWith(dir, { 'a.txt': 'hello' });
    writeFileSync(join(dir, 'a.txt'), 'hello, longer');
    writeFileSync(join(dir, 'big.bin'), 'x'.repeat(1000));
    const run = await shinpan('verify', '--bundle', dir, '--lang', 'en');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('big.bin: not listed in the manifest');
    expect(run.stderr).toContain('a.txt: does not match its hash in the manifest');
  });
});
