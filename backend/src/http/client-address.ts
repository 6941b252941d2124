import { BlockList, isIP } from 'node:net';
import type { Middleware } from 'koa';

const plainAddress = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.)/i, '');

/** The trusted proxies as one list to check addresses against. */
export function proxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    list.addSubnet(address, prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix), type);
  }
  return list;
}

const isTrusted = (list: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * The visitor's address: X-Forwarded-For read from the right, skipping the proxies we trust, as
 * nginx's real_ip_recursive does. Addresses a client wrote at the left are never believed, and
 * without a trusted proxy in front the header is ignored.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, trusted: BlockList): string {
  let address = plainAddress(socketAddress);
  const hops = (forwardedFor ?? '').split(',').map(plainAddress).filter(Boolean);
  while (isTrusted(trusted, address) && hops.length) {
    const next = hops.pop()!;
    if (!isIP(next)) break;
    address = next;
  }
  return address;
}

/** Sets ctx.ip (the limits count by it) from the trusted proxies' X-Forwarded-For. */
export function clientAddresses(entries: string[]): Middleware {
  const trusted = proxyList(entries);
  return (ctx, next) => {
    ctx.request.ip = clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for'), trusted);
    return next();
  };
}
