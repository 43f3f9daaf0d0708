import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway HOME whose NSS database (what Chromium on Linux trusts besides the system's)
 * holds the CA in `caFile`, added with certutil (libnss3-tools): the browser then trusts the
 * venue's or Caddy's certificates as a staff phone that installed the CA does. Nothing is
 * added to this machine's own trust stores.
 */
export function homeTrusting(certutil: string, caFile: string): string {
  const home = mkdtempSync(join(tmpdir(), 'shinpan-nss-'));
  const db = join(home, '.pki', 'nssdb');
  mkdirSync(db, { recursive: true });
  execFileSync(certutil, ['-d', `sql:${db}`, '-N', '--empty-password'], { stdio: 'ignore' });
  execFileSync(certutil, ['-d', `sql:${db}`, '-A', '-t', 'C,,', '-n', 'shinpan test CA', '-i', caFile], {
    stdio: 'ignore',
  });
  return home;
}
