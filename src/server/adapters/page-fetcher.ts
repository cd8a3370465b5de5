import { promises as dns } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction, type Socket } from "node:net";
import { pipeline, type Readable, type Transform } from "node:stream";
import zlib from "node:zlib";
import { isBlockedAddress, isBlockedHostname } from "./page-fetcher/address-policy.ts";

/**
 * Server-side fetch of a user-supplied web page, guarded against SSRF.
 *
 * - http/https on the default ports only, no credentials in the URL.
 * - Host names are resolved here, every resolved address is checked, and the connection is pinned to the
 *   checked addresses (a custom `lookup` handed to http.request), so DNS rebinding between the check and
 *   the connect cannot redirect us. The peer address is checked again once the socket connects.
 * - Redirects are followed by hand and each hop is checked the same way.
 * - One deadline covers the whole fetch; the body is capped; only HTML/text is accepted.
 * - Every failure is a PageFetchError; nothing else escapes.
 */

export type PageFetchFailure =
  | "invalid_url"
  | "blocked_address"
  | "unreachable"
  | "timeout"
  | "too_large"
  | "not_html"
  | "http_error"
  | "too_many_redirects";

/** The default user-facing sentence for each failure. */
export const pageFetchMessages: Record<PageFetchFailure, string> = {
  invalid_url:
    "That doesn't look like a web address we can fetch. Use a full link starting with http:// or https://.",
  blocked_address: "That address points to a private network and cannot be fetched.",
  unreachable: "We couldn't connect to that website. Check the address and try again.",
  timeout: "That website took too long to respond. Please try again later.",
  too_large: "That page is too large to read.",
  not_html: "That link doesn't point to a web page we can read.",
  http_error: "That website returned an error instead of the page.",
  too_many_redirects: "That link redirects too many times.",
};

const portNotAllowedMessage = "Only links on the standard web ports can be fetched.";

export class PageFetchError extends Error {
  readonly reason: PageFetchFailure;
  /** The HTTP status, for http_error only. */
  readonly status: number | undefined;

  constructor(reason: PageFetchFailure, message: string = pageFetchMessages[reason], status?: number) {
    super(message);
    this.name = "PageFetchError";
    this.reason = reason;
    this.status = status;
  }
}

export interface PageFetcherOptions {
  /** Deadline for the whole fetch, redirects included. Default 10 s. */
  timeoutMs?: number;
  /** Body cap in bytes (after decompression). Default 5 MB. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** TESTS ONLY: lets 127.0.0.1 through. Off by default; named so nobody turns it on by accident. */
  dangerouslyAllowLoopbackForTests?: boolean;
  /** Optional DNS lookup override (for tests of names that resolve to blocked addresses). Same shape as dns.lookup with {all:true}. */
  lookup?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
}

export interface FetchedPage {
  /** The final URL, after redirects. */
  url: string;
  contentType: string;
  body: string;
}

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

interface Settings {
  maxBytes: number;
  maxRedirects: number;
  allowLoopback: boolean;
  lookup: (hostname: string) => Promise<ResolvedAddress[]>;
}

const MAX_URL_LENGTH = 2048;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const acceptedMediaTypes = new Set(["text/html", "application/xhtml+xml", "text/plain"]);
const latin1Charsets = new Set([
  "iso-8859-1",
  "latin1",
  "l1",
  "iso8859-1",
  "iso_8859-1",
  "windows-1252",
  "cp1252",
  "us-ascii",
  "ascii",
]);

async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const results = await dns.lookup(hostname, { all: true, order: "verbatim" });
  return results.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
}

export function createPageFetcher(options: PageFetcherOptions = {}): (url: string) => Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const settings: Settings = {
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    allowLoopback: options.dangerouslyAllowLoopbackForTests === true,
    lookup: options.lookup ?? systemLookup,
  };

  return async (url: string) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await fetchPage(url, settings, controller.signal);
    } catch (error) {
      if (error instanceof PageFetchError) throw error;
      if (controller.signal.aborted) throw new PageFetchError("timeout");
      throw new PageFetchError("unreachable");
    } finally {
      clearTimeout(timer);
    }
  };
}

interface Target {
  url: URL;
  /** Host name or IP literal without brackets. */
  host: string;
  isLiteral: boolean;
  /** Explicit non-default port (only ever allowed for loopback under the test allowance). */
  customPort: boolean;
}

/** Syntax checks that need no DNS: scheme, credentials, port, literal addresses, local names. */
function checkUrl(input: string | URL, settings: Settings): Target {
  let url: URL;
  try {
    if (typeof input === "string" && input.length > MAX_URL_LENGTH) throw new Error("too long");
    url = new URL(input);
  } catch {
    throw new PageFetchError("invalid_url");
  }
  if (url.href.length > MAX_URL_LENGTH) throw new PageFetchError("invalid_url");
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new PageFetchError("invalid_url");
  if (url.username !== "" || url.password !== "") throw new PageFetchError("invalid_url");
  if (url.hostname === "") throw new PageFetchError("invalid_url");

  // The WHATWG parser drops a port equal to the scheme's default, so any port left is non-default.
  const customPort = url.port !== "";
  if (customPort && !settings.allowLoopback) {
    throw new PageFetchError("blocked_address", portNotAllowedMessage);
  }

  // The parser has already normalised IPv4 forms (127.1, 2130706433, 0x7f000001, 0177.0.0.1) to dotted
  // quads and IPv6 to compressed lower case; the checks below only ever see that normalised form.
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const isLiteral = isIP(host) !== 0;
  if (isLiteral) {
    if (isBlockedAddress(host, { allowLoopback: settings.allowLoopback })) {
      throw new PageFetchError("blocked_address");
    }
  } else if (url.hostname.startsWith("[")) {
    throw new PageFetchError("invalid_url");
  } else if (isBlockedHostname(host)) {
    throw new PageFetchError("blocked_address");
  }
  return { url, host, isLiteral, customPort };
}

/** Resolves the host and checks every address; returns only vetted addresses. */
async function resolveTarget(
  target: Target,
  settings: Settings,
  signal: AbortSignal,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  if (target.isLiteral) {
    addresses = [{ address: target.host, family: isIP(target.host) === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await abortable(settings.lookup(target.host), signal);
    } catch (error) {
      if (error instanceof PageFetchError) throw error;
      if (signal.aborted) throw new PageFetchError("timeout");
      throw new PageFetchError(
        "unreachable",
        "We couldn't find that website. Check the address and try again.",
      );
    }
    if (!Array.isArray(addresses) || addresses.length === 0) {
      throw new PageFetchError(
        "unreachable",
        "We couldn't find that website. Check the address and try again.",
      );
    }
    addresses = addresses.map((entry) => {
      const family = isIP(entry?.address ?? "");
      // Fail closed on anything that is not an IP literal.
      if (family === 0) throw new PageFetchError("blocked_address");
      return { address: entry.address, family: family === 6 ? 6 : 4 };
    });
  }

  // Every address must pass: a name with one public and one private address is refused.
  for (const { address } of addresses) {
    if (isBlockedAddress(address, { allowLoopback: settings.allowLoopback })) {
      throw new PageFetchError("blocked_address");
    }
  }
  // Non-default ports only for loopback, and only under the test allowance (checked in checkUrl).
  if (target.customPort) {
    const allLoopback = addresses.every(
      ({ address }) => isBlockedAddress(address) && !isBlockedAddress(address, { allowLoopback: true }),
    );
    if (!settings.allowLoopback || !allLoopback) {
      throw new PageFetchError("blocked_address", portNotAllowedMessage);
    }
  }
  return addresses;
}

/** A `lookup` for http.request that only ever answers with the vetted addresses. */
function pinnedLookup(expectedHost: string, addresses: ResolvedAddress[]): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    const matching = addresses.filter((a) => family === undefined || a.family === family);
    const first = matching[0];
    process.nextTick(() => {
      if (hostname !== expectedHost || !first) {
        const error: NodeJS.ErrnoException = new Error("address not vetted");
        error.code = "ENOTFOUND";
        callback(error, "", 0);
      } else if (options.all) {
        callback(null, matching);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new PageFetchError("timeout"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new PageFetchError("timeout"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function toFetchError(error: unknown, signal: AbortSignal): PageFetchError {
  if (error instanceof PageFetchError) return error;
  if (signal.aborted) return new PageFetchError("timeout");
  return new PageFetchError("unreachable");
}

/** Sends one GET to the vetted addresses and resolves with the response head. */
function sendRequest(
  target: Target,
  addresses: ResolvedAddress[],
  settings: Settings,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const { url } = target;
  const isHttps = url.protocol === "https:";
  const requestOptions: https.RequestOptions = {
    method: "GET",
    hostname: target.host,
    port: url.port === "" ? (isHttps ? 443 : 80) : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: {
      host: url.host,
      "user-agent": "Velolog/1.0 (+spec page reader)",
      accept: "text/html,application/xhtml+xml,text/plain;q=0.9",
      "accept-encoding": "gzip, deflate, br",
    },
    agent: false,
    lookup: pinnedLookup(target.host, addresses),
    signal,
  };
  if (isHttps && !target.isLiteral) requestOptions.servername = target.host.replace(/\.$/, "");

  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new PageFetchError("timeout"));
      return;
    }
    let request: http.ClientRequest;
    try {
      request = (isHttps ? https : http).request(requestOptions);
    } catch (error) {
      reject(toFetchError(error, signal));
      return;
    }
    request.on("error", (error) => reject(toFetchError(error, signal)));
    request.on("socket", (socket: Socket) => {
      // Defence in depth: whatever the lookup did, the peer we actually reached must pass the policy.
      const verifyPeer = () => {
        const remote = socket.remoteAddress;
        if (remote === undefined || isBlockedAddress(remote, { allowLoopback: settings.allowLoopback })) {
          request.destroy(new PageFetchError("blocked_address"));
        }
      };
      if (socket.connecting) socket.once("connect", verifyPeer);
      else verifyPeer();
    });
    request.on("response", (response) => {
      // Keep a listener so a late socket error never becomes an unhandled 'error' event.
      response.on("error", () => {});
      resolve(response);
    });
    request.end();
  });
}

/** Drops a response we will not read and closes its connection. */
function discard(response: http.IncomingMessage): void {
  const socket = response.socket;
  response.destroy();
  socket?.destroy();
}

function mediaTypeOf(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * The page's charset: the Content-Type's, else a byte-order mark's, else the page's own `<meta charset>` or
 * `<meta http-equiv="Content-Type" content="…; charset=…">` in its first 1024 bytes (as browsers prescan:
 * older shops' pages name Windows-1252 or ISO-8859-1 only there). Empty when none says.
 */
function charsetOf(contentType: string, bytes: Uint8Array): string {
  const declared = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1];
  if (declared) return declared.toLowerCase();
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const meta = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  const named = meta?.[1]?.toLowerCase() ?? "";
  // Bytes that spell out a <meta> are not UTF-16, whatever it says (the HTML standard reads them as UTF-8).
  return named.startsWith("utf-16") ? "utf-8" : named;
}

/**
 * Latin-1 (read as Windows-1252, as browsers do) and ASCII when the page says so, any other charset the
 * runtime knows (ISO-8859-15, Windows-1250 …) by its name, and UTF-8 for everything else.
 */
function decoderFor(contentType: string, bytes: Uint8Array): TextDecoder {
  const charset = charsetOf(contentType, bytes);
  if (latin1Charsets.has(charset)) return new TextDecoder("latin1");
  try {
    return charset ? new TextDecoder(charset) : new TextDecoder("utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

function decompressorFor(encoding: string | undefined): Transform | "identity" | null {
  const value = (encoding ?? "").trim().toLowerCase();
  if (value === "" || value === "identity") return "identity";
  if (value === "gzip" || value === "x-gzip") return zlib.createGunzip();
  if (value === "deflate") return zlib.createInflate();
  if (value === "br") return zlib.createBrotliDecompress();
  return null;
}

async function readBody(
  response: http.IncomingMessage,
  settings: Settings,
  signal: AbortSignal,
): Promise<Buffer> {
  const declared = response.headers["content-length"];
  if (declared !== undefined && Number(declared) > settings.maxBytes) {
    discard(response);
    throw new PageFetchError("too_large");
  }

  const decompressor = decompressorFor(response.headers["content-encoding"]);
  if (decompressor === null) {
    discard(response);
    throw new PageFetchError("not_html");
  }

  const onAbort = () => discard(response);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    let source: Readable = response;
    if (decompressor !== "identity") {
      // Count bytes on the wire too: a compressed stream can be long while decoding to little.
      let wireBytes = 0;
      response.on("data", (chunk: Buffer) => {
        wireBytes += chunk.length;
        if (wireBytes > settings.maxBytes) response.destroy(new PageFetchError("too_large"));
      });
      source = pipeline(response, decompressor, () => {
        // Errors surface through the iteration below.
      });
    }

    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > settings.maxBytes) {
        discard(response);
        source.destroy();
        throw new PageFetchError("too_large");
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    discard(response);
    throw toFetchError(error, signal);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

async function fetchPage(input: string, settings: Settings, signal: AbortSignal): Promise<FetchedPage> {
  let target = checkUrl(input, settings);

  for (let redirects = 0; ; redirects++) {
    const addresses = await resolveTarget(target, settings, signal);
    const response = await sendRequest(target, addresses, settings, signal);
    const status = response.statusCode ?? 0;

    if (redirectStatuses.has(status)) {
      const location = response.headers.location;
      discard(response);
      if (location === undefined || location === "") {
        throw new PageFetchError("http_error", pageFetchMessages.http_error, status);
      }
      if (redirects >= settings.maxRedirects) throw new PageFetchError("too_many_redirects");
      let next: URL;
      try {
        next = new URL(location, target.url);
      } catch {
        throw new PageFetchError("invalid_url");
      }
      target = checkUrl(next, settings);
      continue;
    }

    if (status < 200 || status > 299) {
      discard(response);
      throw new PageFetchError("http_error", pageFetchMessages.http_error, status);
    }

    const contentType = (response.headers["content-type"] ?? "").trim();
    if (!acceptedMediaTypes.has(mediaTypeOf(contentType))) {
      discard(response);
      throw new PageFetchError("not_html");
    }

    const bytes = await readBody(response, settings, signal);
    return { url: target.url.href, contentType, body: decoderFor(contentType, bytes).decode(bytes) };
  }
}
