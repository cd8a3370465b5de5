import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Config } from "../config.ts";

/** s3rver's fixed credentials: it checks every request's signature against them. */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export interface S3TestServer {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  bucket: string;
  /** For createS3Storage. */
  config: S3Config;
  /** The S3_* variables for loadConfig, createTestApp({ env }) or startServer (a spawned server). */
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's files. */
  directory: string;
  /** A client of the stand-in, for looking into the bucket behind the app's back. */
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) for tests: 127.0.0.1 on a free port, files in a fresh temporary
 * directory, one empty bucket. Path-style addressing (no DNS for bucket.127.0.0.1). Several processes can
 * share it: pass `env` to each.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? "velolog-test";
  const directory = mkdtempSync(path.join(os.tmpdir(), "velolog-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    config,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "1",
    },
    directory,
    client,
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      // Keep-alive sockets from the app's client would otherwise hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
