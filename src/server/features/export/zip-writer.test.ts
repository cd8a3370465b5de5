import { unzipSync } from "fflate";
import { expect, it } from "vitest";
import { type ZipEntry, zipStream } from "./zip-writer.ts";

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

it("writes stored and streamed entries that an unzip program reads back", async () => {
  const photo = new Uint8Array(100_000).map((_, i) => (i * 7) % 251);
  async function* json() {
    yield '{"rides":[';
    for (let i = 0; i < 20_000; i++) yield `${i ? "," : ""}{"name":"Ride ${i}","km":${i / 10}}`;
    yield "]}";
  }
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: "files/a.webp", bytes: photo };
    yield { name: "velolog.json", stream: json() };
  }
  const zip = unzipSync(await collect(zipStream(entries())));
  expect(zip["files/a.webp"]).toEqual(photo);
  const text = new TextDecoder().decode(zip["velolog.json"]);
  expect((JSON.parse(text) as { rides: unknown[] }).rides).toHaveLength(20_000);
});

it("asks for the next entry only when the reader has taken what came before", async () => {
  let made = 0;
  async function* entries(): AsyncGenerator<ZipEntry> {
    for (let i = 0; i < 100; i++) {
      made++;
      yield { name: `files/${i}.pdf`, bytes: new Uint8Array(1000) };
    }
  }
  const chunks = zipStream(entries());
  await chunks.next();
  // The first entry's header is out; nothing past it was read.
  expect(made).toBe(1);
  await chunks.return(undefined);
});
