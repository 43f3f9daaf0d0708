import type { NetworkInterfaceInfo } from 'node:os';

/**
 * The addresses phones on the venue network reach a server listening on every interface:
 * each non-internal IPv4 address (what a venue's Wi-Fi hands out), as URLs. None when the
 * server listens on one address only (that address is the one to use).
 */
export function lanUrls(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<readonly NetworkInterfaceInfo[]>,
  scheme: 'http' | 'https' = 'http',
): readonly string[] {
  if (host !== '0.0.0.0' && host !== '::') return [];
  const urls: string[] = [];
  for (const entries of Object.values(interfaces))
    for (const entry of entries ?? [])
      if (entry.family === 'IPv4' && !entry.internal) urls.push(`${scheme}://${entry.address}:${port}`);
  return urls;
}
