import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The header our server sets (and a client can never set) with the address rate limits count by. */
export const CLIENT_IP_HEADER = "x-velolog-client-ip";

/** Parses TRUSTED_PROXIES entries (addresses or CIDR ranges); throws naming the first bad one. */
export function trustedProxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address);
    if (family === 0) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) {
      list.addAddress(address, type);
    } else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
        throw new Error(`"${entry}" has an invalid prefix length`);
      }
      list.addSubnet(address, prefix, type);
    }
  }
  return list;
}

const isTrusted = (list: BlockList, ip: string) => {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
};

/**
 * The address a request came from. It is the connection's peer, unless that peer is one of our trusted
 * proxies: then X-Forwarded-For is walked from the right, skipping trusted proxies, and the first other
 * address is the client. A client cannot pick its own address by sending the header directly. Null when
 * there is no connection (requests made in-process by tests).
 */
export function clientAddress(c: Context, trusted: BlockList): string | null {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    return null;
  }
  if (!peer) return null;
  const chain = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => isIP(part) !== 0);
  let client = peer.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  while (isTrusted(trusted, client) && chain.length > 0) client = chain.pop()!;
  return client;
}
