import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError, type TlsFiles } from './config.js';

export interface LoadedTls {
  readonly cert: Buffer;
  readonly key: Buffer;
  /** The CA certificate offered to staff phones, in DER (what iOS and Android install). */
  readonly caDer: Buffer | null;
}

function read(file: string, what: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(`${what}: cannot read ${file} (${reason})`);
  }
}

function certificate(pem: Buffer, file: string, what: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    throw new ConfigError(`${what}: ${file} is not a PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
}

/**
 * Reads and checks the HTTPS files before the server starts, so a wrong file is named at once
 * instead of every phone failing its handshake: each file readable, the certificate a
 * certificate, the key a private key, the key the certificate's own, the certificate in date.
 */
export function loadTls(files: TlsFiles, now: Date): LoadedTls {
  const cert = read(files.certFile, '--tls-cert / SHINPAN_TLS_CERT');
  const key = read(files.keyFile, '--tls-key / SHINPAN_TLS_KEY');
  const x509 = certificate(cert, files.certFile, '--tls-cert / SHINPAN_TLS_CERT');
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new ConfigError(
      `--tls-key / SHINPAN_TLS_KEY: ${files.keyFile} is not an unencrypted PEM private key (-----BEGIN PRIVATE KEY-----)`,
    );
  }
  if (!x509.checkPrivateKey(privateKey))
    throw new ConfigError(
      `--tls-key / SHINPAN_TLS_KEY: ${files.keyFile} is not the key of the certificate in ${files.certFile} (the two files come from different certificates)`,
    );
  if (new Date(x509.validTo) < now)
    throw new ConfigError(
      `--tls-cert / SHINPAN_TLS_CERT: the certificate in ${files.certFile} expired on ${x509.validTo}`,
    );
  let caDer: Buffer | null = null;
  if (files.caFile !== null) {
    const what = '--tls-ca / SHINPAN_TLS_CA';
    const ca = certificate(read(files.caFile, what), files.caFile, what);
    if (!ca.ca) throw new ConfigError(`${what}: ${files.caFile} is not a CA certificate (basicConstraints CA:TRUE)`);
    caDer = ca.raw;
  }
  return { cert, key, caDer };
}
