import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface VenueCert {
  readonly certFile: string;
  readonly keyFile: string;
  /** The CA mkcert made in `dir` (its rootCA.pem). */
  readonly caFile: string;
  readonly caPem: string;
}

/**
 * A certificate for `names` signed by a fresh local CA in `dir`, made by Debian's mkcert as the
 * venue recipe makes it (CAROOT points at `dir`: nothing is installed into this machine's stores).
 */
export function makeVenueCert(mkcert: string, dir: string, names: readonly string[], stem = 'venue'): VenueCert {
  const certFile = join(dir, `${stem}.pem`);
  const keyFile = join(dir, `${stem}-key.pem`);
  execFileSync(mkcert, ['-cert-file', certFile, '-key-file', keyFile, ...names], {
    env: { ...process.env, CAROOT: dir },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const caFile = join(dir, 'rootCA.pem');
  return { certFile, keyFile, caFile, caPem: readFileSync(caFile, 'utf8') };
}
