import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";

/**
 * Past the limit, the rest of a body is still read and thrown away, up to this much. Most HTTP clients
 * read the answer only after sending the whole request: closing the connection while they send would
 * reset it (EPIPE) and they would never see the 413. A body larger than this gets its 413 at once and
 * the connection is cut.
 */
const DISCARD_AT_MOST = 64 * 1024 * 1024;

/**
 * Refuses a request body over `maxBytes` with a 413 (`message`) and `Connection: close`, answered once
 * the client has sent its body (up to DISCARD_AT_MOST). A body of unknown length (chunked) within the
 * limit is read here and handed on.
 */
export function bodyLimit(maxBytes: number, message: string): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header("content-length");
    const chunked = c.req.header("transfer-encoding") !== undefined;
    if (declared !== undefined && !chunked && Number(declared) <= maxBytes) return next();

    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > DISCARD_AT_MOST) break;
      if (size <= maxBytes) chunks.push(read.value);
    }
    if (size > maxBytes) {
      c.header("Connection", "close");
      throw new AppError("PAYLOAD_TOO_LARGE", message);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
