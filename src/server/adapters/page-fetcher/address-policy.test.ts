import { describe, expect, it } from "vitest";
import {
  type AddressKind,
  classifyAddress,
  isBlockedAddress,
  isBlockedHostname,
  parseIPv4,
  parseIPv6,
} from "./address-policy.ts";

const ipv4Cases: [string, AddressKind][] = [
  ["0.0.0.0", "blocked"],
  ["0.255.255.255", "blocked"],
  ["1.1.1.1", "public"],
  ["8.8.8.8", "public"],
  ["9.255.255.255", "public"],
  ["10.0.0.0", "blocked"],
  ["10.255.255.255", "blocked"],
  ["11.0.0.0", "public"],
  ["100.63.255.255", "public"],
  ["100.64.0.0", "blocked"],
  ["100.127.255.255", "blocked"],
  ["100.128.0.0", "public"],
  ["126.255.255.255", "public"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["128.0.0.0", "public"],
  ["169.253.255.255", "public"],
  ["169.254.0.1", "blocked"],
  ["169.254.169.254", "blocked"],
  ["169.255.0.0", "public"],
  ["172.15.255.255", "public"],
  ["172.16.0.0", "blocked"],
  ["172.31.255.255", "blocked"],
  ["172.32.0.0", "public"],
  ["192.0.0.8", "blocked"],
  ["192.0.1.1", "public"],
  ["192.0.2.1", "blocked"],
  ["192.88.99.1", "blocked"],
  ["192.167.255.255", "public"],
  ["192.168.0.1", "blocked"],
  ["192.168.255.255", "blocked"],
  ["192.169.0.0", "public"],
  ["198.17.255.255", "public"],
  ["198.18.0.0", "blocked"],
  ["198.19.255.255", "blocked"],
  ["198.20.0.0", "public"],
  ["198.51.100.7", "blocked"],
  ["203.0.113.9", "blocked"],
  ["223.255.255.255", "public"],
  ["224.0.0.1", "blocked"],
  ["239.255.255.255", "blocked"],
  ["240.0.0.1", "blocked"],
  ["255.255.255.255", "blocked"],
];

const ipv6Cases: [string, AddressKind][] = [
  ["::", "blocked"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  ["::2", "blocked"],
  // IPv4-mapped: judged by the embedded IPv4 address
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::ffff:8.8.8.8", "public"],
  ["::FFFF:8.8.8.8", "public"],
  ["::ffff:10.0.0.1", "blocked"],
  ["::ffff:a9fe:a9fe", "blocked"],
  ["0000:0000:0000:0000:0000:ffff:0a00:0001", "blocked"],
  // IPv4-compatible (deprecated): always blocked
  ["::127.0.0.1", "blocked"],
  ["::8.8.8.8", "blocked"],
  // NAT64
  ["64:ff9b::8.8.8.8", "public"],
  ["64:ff9b::7f00:1", "blocked"],
  ["64:ff9b::a9fe:a9fe", "blocked"],
  ["64:ff9b:1::1", "blocked"],
  ["64:ff9b:1::808:808", "blocked"],
  // unique local, link-local, site-local, multicast
  ["fc00::1", "blocked"],
  ["fd12:3456::1", "blocked"],
  ["fe80::1", "blocked"],
  ["FE80::1", "blocked"],
  ["fe80::1%eth0", "blocked"],
  ["febf::1", "blocked"],
  ["fec0::1", "blocked"],
  ["ff02::1", "blocked"],
  ["ff0e::1", "blocked"],
  // documentation, Teredo, IETF assignments
  ["2001:db8::1", "blocked"],
  ["2001::1", "blocked"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "blocked"],
  ["2001:2::1", "blocked"],
  ["3fff::1", "blocked"],
  // 6to4: judged by the embedded IPv4 address
  ["2002:7f00:1::", "blocked"],
  ["2002:a00:1::1", "blocked"],
  ["2002:a9fe:a9fe::", "blocked"],
  ["2002:808:808::1", "public"],
  // ordinary global unicast
  ["2606:4700:4700::1111", "public"],
  ["2001:4860:4860::8888", "public"],
  ["2a00:1450:4001:82b::200e", "public"],
  // outside 2000::/3
  ["4000::1", "blocked"],
  ["5f00::1", "blocked"],
];

const malformed = [
  "",
  "localhost",
  "example.com",
  "1.2.3",
  "01.2.3.4",
  "1.2.3.256",
  "::ffff:1.2.3.4.5",
  "1:2:3:4:5:6:7:8:9",
  "1::2::3",
  "12345::1",
  "[::1",
  " 8.8.8.8",
];

describe("classifyAddress", () => {
  it.each(ipv4Cases)("IPv4 %s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(ipv6Cases)("IPv6 %s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(malformed)("fails closed on malformed %j", (address) => {
    expect(classifyAddress(address)).toBe("blocked");
  });
});

describe("isBlockedAddress", () => {
  it("blocks loopback by default", () => {
    expect(isBlockedAddress("127.0.0.1")).toBe(true);
    expect(isBlockedAddress("::1")).toBe(true);
    expect(isBlockedAddress("8.8.8.8")).toBe(false);
    expect(isBlockedAddress("2606:4700:4700::1111")).toBe(false);
  });

  it("lets only loopback through when loopback is allowed", () => {
    const allowLoopback = { allowLoopback: true };
    expect(isBlockedAddress("127.0.0.1", allowLoopback)).toBe(false);
    expect(isBlockedAddress("127.8.9.10", allowLoopback)).toBe(false);
    expect(isBlockedAddress("::1", allowLoopback)).toBe(false);
    expect(isBlockedAddress("10.0.0.1", allowLoopback)).toBe(true);
    expect(isBlockedAddress("192.168.1.1", allowLoopback)).toBe(true);
    expect(isBlockedAddress("169.254.169.254", allowLoopback)).toBe(true);
    expect(isBlockedAddress("::ffff:10.0.0.1", allowLoopback)).toBe(true);
    expect(isBlockedAddress("fc00::1", allowLoopback)).toBe(true);
    expect(isBlockedAddress("0.0.0.0", allowLoopback)).toBe(true);
    expect(isBlockedAddress("::", allowLoopback)).toBe(true);
    expect(isBlockedAddress("64:ff9b::7f00:1", allowLoopback)).toBe(true);
  });
});

describe("isBlockedHostname", () => {
  it.each([
    "localhost",
    "localhost.",
    "LOCALHOST",
    "foo.localhost",
    "a.b.localhost.",
    "metadata",
    "metadata.google.internal",
    "metadata.google.internal.",
    "anything.internal",
    "printer.local",
    "router.home.arpa",
    "box.localdomain",
    "intranet",
    "",
    ".",
  ])("blocks %j", (name) => {
    expect(isBlockedHostname(name)).toBe(true);
  });

  it.each([
    "example.com",
    "example.com.",
    "bikes.example.co.uk",
    "localhost.example.com",
    "notlocalhost.com",
  ])("allows %j", (name) => {
    expect(isBlockedHostname(name)).toBe(false);
  });
});

describe("parsers", () => {
  it("parses IPv4 dotted quads only", () => {
    expect(parseIPv4("192.168.1.2")).toEqual([192, 168, 1, 2]);
    expect(parseIPv4("127.1")).toBeNull();
    expect(parseIPv4("0x7f.0.0.1")).toBeNull();
  });

  it("expands IPv6 forms to 16 bytes", () => {
    expect(parseIPv6("::")).toEqual(Array(16).fill(0));
    expect(parseIPv6("::1")).toEqual([...Array(15).fill(0), 1]);
    expect(parseIPv6("1::")).toEqual([0, 1, ...Array(14).fill(0)]);
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([...Array(10).fill(0), 0xff, 0xff, 1, 2, 3, 4]);
    expect(parseIPv6("2001:db8:0:0:1:0:0:1")).toEqual([
      0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1,
    ]);
    expect(parseIPv6("[fe80::1%25eth0]")).toEqual([0xfe, 0x80, ...Array(13).fill(0), 1]);
    expect(parseIPv6("1.2.3.4")).toBeNull();
  });
});
