import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/*
 * Where a webhook may send (SSRF): `https` to a public address. An endpoint the organizer marks
 * `allowPrivate` may also use `http` and reach this machine, its network and link-local
 * addresses (a bot on the shop's own PC, the tests' receiver on loopback). The address is
 * checked when the endpoint is added and again on every connection, against the address the
 * name resolved to then: a name that later resolves to 127.0.0.1 (DNS rebinding) is refused.
 */

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is this machine's, a private network's, link-local or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why an endpoint's URL is refused, or null when it may be used (before any name is resolved). */
export function urlProblem(text: string, allowPrivate: boolean): { en: string; ja: string } | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { en: `url: not a URL (${text.slice(0, 200)})`, ja: `url: URL ではありません (${text.slice(0, 200)})` };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return {
      en: `url: must be https:// (http:// only for an endpoint allowed to reach private addresses, --allow-private)`,
      ja: `url: https:// にしてください (http:// はプライベートアドレスを許可した送信先のみ: --allow-private)`,
    };
  if (url.username !== '' || url.password !== '')
    return { en: 'url: must not carry a user or password', ja: 'url: ユーザー名やパスワードを含めないでください' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (
    !allowPrivate &&
    (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host)))
  )
    return {
      en: `url: ${host} is this machine or a private network; allow it with --allow-private`,
      ja: `url: ${host} はこのマシンかプライベートネットワークです。--allow-private で許可できます`,
    };
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses private addresses (the check at connection time). */
export function publicOnlyLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused) {
      const denied = new Error(
        `${hostname} resolves to ${refused.address}, a private address (the endpoint is not allowed to reach private addresses)`,
      ) as NodeJS.ErrnoException;
      denied.code = 'EPRIVATEADDRESS';
      return callback(denied, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
}
