import { lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch, type RequestInit, type Response } from 'undici';

// NOTE: a URL a tenant admin types (a chat flow's webhook step) must not become a way into our own network:
// cloud metadata (169.254.169.254), the database, Redis, other instances. Every address the name resolves to
// is checked at connect time (so a redirect or a DNS answer that changes between check and use is checked
// too), and an address literal in the URL before anything is sent.
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, prefix, 'ipv6');

/** Is the address one a tenant's webhook may not reach (private, loopback, link-local, multicast, reserved)? */
export const isPrivateAddress = (address: string): boolean => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return privateRanges.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`refused: ${host} is a private or reserved address`);
    this.name = 'PrivateAddressError';
  }
}

type TAddress = { address: string; family: number };
type TLookupCallback = (err: NodeJS.ErrnoException | null, address: string | TAddress[], family?: number) => void;

/**
 * dns.lookup for the connections of `fetchPublic`: every address of the name must be public. Answers in the
 * shape asked for (`all`: the list, which Node's connect asks for when it tries IPv4 and IPv6 in turn).
 */
export const lookupPublic = (hostname: string, options: { all?: boolean }, callback: TLookupCallback): void => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list: TAddress[] = Array.isArray(addresses) ? addresses : [];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))
      return callback(new PrivateAddressError(hostname), '', 0);
    if (options.all) return callback(null, list);
    const [first] = list as [TAddress];
    callback(null, first.address, first.family);
  });
};

const publicOnly = new Agent({
  connect: { lookup: lookupPublic as unknown as NonNullable<import('node:net').TcpNetConnectOpts['lookup']> },
});

/**
 * fetch for addresses a tenant chose: with `allowPrivate` off (the default, `WEBHOOK_ALLOW_PRIVATE`), a URL
 * whose host is, or resolves to, a private or reserved address is refused with `PrivateAddressError`.
 */
export const fetchPublic = async (url: string, init: RequestInit & { allowPrivate: boolean }): Promise<Response> => {
  const { allowPrivate, ...rest } = init;
  if (allowPrivate) return fetch(url, rest);
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && isPrivateAddress(host)) throw new PrivateAddressError(host);
  if (host === 'localhost' || host.endsWith('.localhost')) throw new PrivateAddressError(host);
  return fetch(url, { ...rest, dispatcher: publicOnly });
};
