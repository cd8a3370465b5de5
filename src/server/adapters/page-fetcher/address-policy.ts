import { isIPv4, isIPv6 } from "node:net";

/**
 * Which IP addresses a server-side fetch may connect to.
 *
 * The policy is "public unicast only": an address is blocked unless it is an ordinary globally routed
 * unicast address. IPv6 is handled as an allow-list (only 2000::/3 global unicast can pass, minus the
 * special ranges inside it), and IPv6 forms that embed an IPv4 address (IPv4-mapped, NAT64, 6to4) are
 * judged by the IPv4 address they carry. Anything that cannot be parsed is blocked (fail closed).
 */

export type AddressKind = "public" | "loopback" | "blocked";

interface Range {
  /** Network address, as 4 (IPv4) or 16 (IPv6) bytes. */
  readonly bytes: readonly number[];
  readonly prefix: number;
}

function v4(cidr: string): Range {
  const [address, prefix] = cidr.split("/");
  const bytes = parseIPv4(address ?? "");
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, prefix: Number(prefix) };
}

function v6(cidr: string): Range {
  const [address, prefix] = cidr.split("/");
  const bytes = parseIPv6(address ?? "");
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, prefix: Number(prefix) };
}

/** IANA IPv4 special-purpose registry, plus private and multicast space. 127/8 is handled separately. */
const blockedIPv4: readonly Range[] = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT
  "169.254.0.0/16", // link-local, incl. 169.254.169.254 cloud metadata
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation (TEST-NET-1)
  "192.31.196.0/24", // AS112
  "192.52.193.0/24", // AMT
  "192.88.99.0/24", // deprecated 6to4 relay anycast
  "192.168.0.0/16", // private
  "192.175.48.0/24", // AS112 direct delegation
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation (TEST-NET-2)
  "203.0.113.0/24", // documentation (TEST-NET-3)
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, incl. 255.255.255.255 broadcast
].map(v4);

const loopbackIPv4 = v4("127.0.0.0/8");

/** Ranges inside 2000::/3 that are not ordinary public unicast. */
const blockedGlobalIPv6: readonly Range[] = [
  "2001::/23", // IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID, ...
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation (RFC 9637)
].map(v6);

const globalUnicastIPv6 = v6("2000::/3");
const ipv4MappedIPv6 = v6("::ffff:0:0/96");
const nat64WellKnown = v6("64:ff9b::/96");
const sixToFour = v6("2002::/16");

function inRange(bytes: readonly number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** Strict dotted-quad parse (the form the WHATWG URL parser and DNS produce). */
export function parseIPv4(text: string): number[] | null {
  if (!isIPv4(text)) return null;
  const parts = text.split(".").map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return null;
  return parts;
}

/** Parses any textual IPv6 form (compressed, embedded dotted IPv4, zone id) into 16 bytes. */
export function parseIPv6(text: string): number[] | null {
  const unbracketed = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  // A zone id (fe80::1%eth0) does not change which range the address is in.
  const address = unbracketed.split("%")[0] ?? "";
  if (!isIPv6(address)) return null;

  let groups: string[];
  const halves = address.split("::");
  if (halves.length > 2) return null;

  const toGroups = (part: string): string[] | null => {
    if (part === "") return [];
    const pieces = part.split(":");
    const last = pieces[pieces.length - 1] ?? "";
    if (last.includes(".")) {
      const embedded = parseIPv4(last);
      if (!embedded) return null;
      pieces.splice(
        -1,
        1,
        (((embedded[0] ?? 0) << 8) | (embedded[1] ?? 0)).toString(16),
        (((embedded[2] ?? 0) << 8) | (embedded[3] ?? 0)).toString(16),
      );
    }
    return pieces;
  };

  if (halves.length === 2) {
    const head = toGroups(halves[0] ?? "");
    const tail = toGroups(halves[1] ?? "");
    if (!head || !tail) return null;
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  } else {
    const all = toGroups(address);
    if (!all) return null;
    groups = all;
  }
  if (groups.length !== 8) return null;

  const bytes: number[] = [];
  for (const group of groups) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes;
}

function classifyIPv4(bytes: readonly number[]): AddressKind {
  if (inRange(bytes, loopbackIPv4)) return "loopback";
  if (blockedIPv4.some((range) => inRange(bytes, range))) return "blocked";
  return "public";
}

function classifyIPv6(bytes: readonly number[]): AddressKind {
  // IPv4-mapped (::ffff:a.b.c.d) is the embedded IPv4 address itself.
  if (inRange(bytes, ipv4MappedIPv6)) return classifyIPv4(bytes.slice(12));
  // NAT64 (64:ff9b::a.b.c.d) is translated to the embedded IPv4 address by a gateway: only public passes.
  if (inRange(bytes, nat64WellKnown)) {
    return classifyIPv4(bytes.slice(12)) === "public" ? "public" : "blocked";
  }
  // ::1 is the only IPv6 loopback.
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return "loopback";
  // Everything outside 2000::/3 is special: ::, IPv4-compatible ::/96, 64:ff9b:1::/48 (local NAT64),
  // fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast, ...
  if (!inRange(bytes, globalUnicastIPv6)) return "blocked";
  if (blockedGlobalIPv6.some((range) => inRange(bytes, range))) return "blocked";
  // 6to4 (2002:a.b.c.d::/48) tunnels to the embedded IPv4 address.
  if (inRange(bytes, sixToFour)) {
    return classifyIPv4(bytes.slice(2, 6)) === "public" ? "public" : "blocked";
  }
  return "public";
}

/**
 * Classifies an IP address literal (IPv4 dotted quad, or IPv6 with or without brackets).
 * Anything that is not a valid IP literal is "blocked".
 */
export function classifyAddress(address: string): AddressKind {
  const ipv4 = parseIPv4(address);
  if (ipv4) return classifyIPv4(ipv4);
  const ipv6 = parseIPv6(address);
  if (ipv6) return classifyIPv6(ipv6);
  return "blocked";
}

/** True unless the address is public unicast (or loopback, when loopback is explicitly allowed). */
export function isBlockedAddress(address: string, options: { allowLoopback?: boolean } = {}): boolean {
  const kind = classifyAddress(address);
  if (kind === "public") return false;
  if (kind === "loopback") return options.allowLoopback !== true;
  return true;
}

const blockedHostnames = new Set([
  "localhost",
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "metadata.azure.com",
  "instance-data",
  "instance-data.ec2.internal",
]);

const blockedHostnameSuffixes = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa"];

/**
 * Host names refused without resolving them: localhost and *.localhost, cloud metadata names,
 * local-only suffixes, and single-label names (which resolve through the server's search domains).
 * Expects the lower-case ASCII host name produced by the WHATWG URL parser (not an IP literal).
 */
export function isBlockedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, "");
  if (name === "" || !name.includes(".")) return true;
  if (blockedHostnames.has(name)) return true;
  return blockedHostnameSuffixes.some((suffix) => name.endsWith(suffix));
}
