import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { lastLinkTo } from "../testing/outbox.ts";
import { createOutboxMailer, outboxNewestFirst, readOutbox } from "./mail.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function emptyDataDir() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "velolog-outbox-"));
  dirs.push(dataDir);
  return dataDir;
}

function outboxIn() {
  const dataDir = emptyDataDir();
  return { dataDir, mailer: createOutboxMailer(dataDir, createLogger("silent")) };
}

describe("the mail outbox", () => {
  it("keeps the order messages were written in, even within one millisecond", async () => {
    const { dataDir, mailer } = outboxIn();
    const subjects = Array.from({ length: 40 }, (_, i) => `Message ${i}`);
    for (const subject of subjects) await mailer.send({ to: "a@example.com", subject, text: "-" });
    expect(readOutbox(dataDir).map((m) => m.subject)).toEqual(subjects);
    expect([...outboxNewestFirst(dataDir)].map((m) => m.subject)).toEqual([...subjects].reverse());
  });

  it("finds the newest link of a kind sent to an address, not another address's", async () => {
    const { dataDir, mailer } = outboxIn();
    const send = (to: string, link: string) => mailer.send({ to, subject: "Link", text: `Open ${link}\n` });
    await send("rider@example.com", "http://localhost:3000/api/auth/verify-email?token=first");
    await send("rider@example.com", "http://localhost:3000/reset-password?token=reset");
    await send("rider@example.com", "http://localhost:3000/api/auth/verify-email?token=second");
    await send("other@example.com", "http://localhost:3000/api/auth/verify-email?token=other");
    expect(lastLinkTo(dataDir, "Rider@example.com", "/api/auth/verify-email")).toBe(
      "http://localhost:3000/api/auth/verify-email?token=second",
    );
    expect(lastLinkTo(dataDir, "rider@example.com", "/reset-password")).toContain("token=reset");
    expect(lastLinkTo(dataDir, "nobody@example.com", "/api/auth/verify-email")).toBeNull();
    expect(lastLinkTo(emptyDataDir(), "a@b.c", "/x")).toBeNull();
  });
});
