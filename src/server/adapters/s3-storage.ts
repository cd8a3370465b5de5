import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config.ts";
import { assertKey, type Storage } from "./storage.ts";

/**
 * True for "no such key" answers (NoSuchKey from GET, a bodiless 404 from HEAD). A missing bucket is an
 * error, not a missing file. With AWS IAM, the keys need s3:ListBucket, or a missing key answers 403.
 */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    error.name !== "NoSuchBucket" &&
    (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph...), under the same keys as on disk
 * (`component_images/...`, `receipts/...`, photos at the top). The bucket can stay private: files are
 * only ever served through GET /api/files/<id>.
 *
 * Never overwriting is a HEAD before the PUT, not a conditional PUT (`If-None-Match: *`): the local
 * stand-in the tests run against (s3rver) ignores that header on PUT and overwrites, so the conditional
 * path could not be tested, and not every S3-compatible server supports it. Keys are made by the server
 * with 96 random bits (newStorageKey), so two writers racing for one key between HEAD and PUT does not
 * happen in practice; the HEAD catches a bug that would reuse a key.
 */
export function createS3Storage(s3: S3Config): Storage {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
    // default (CRC32 trailers on every PUT).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const bucket = s3.bucket;

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      assertKey(key);
      if (await exists(key)) throw new Error(`Storage key already exists: ${key}`);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
        }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      try {
        // S3 answers a DELETE of a missing key with 204; a few compatible servers answer 404.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
