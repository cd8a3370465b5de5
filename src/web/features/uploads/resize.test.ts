import { describe, expect, it } from "vitest";
import { formatFileSize } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import { checkFile, fitWithin, withExtension } from "./resize.ts";

describe("fitWithin", () => {
  it("fits within 1024x1024 keeping the aspect ratio", () => {
    expect(fitWithin(3000, 2000)).toEqual({ width: 1024, height: 683 });
    expect(fitWithin(2000, 3000)).toEqual({ width: 683, height: 1024 });
    expect(fitWithin(4096, 4096)).toEqual({ width: 1024, height: 1024 });
    expect(fitWithin(20_000, 10)).toEqual({ width: 1024, height: 1 });
  });

  it("never enlarges a small image", () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1024, 500)).toEqual({ width: 1024, height: 500 });
  });
});

describe("file names and checks", () => {
  it("replaces the extension", () => {
    expect(withExtension("IMG_0001.JPG", "webp")).toBe("IMG_0001.webp");
    expect(withExtension("my.bike.photo.png", "webp")).toBe("my.bike.photo.webp");
    expect(withExtension("noextension", "webp")).toBe("noextension.webp");
  });

  it("allows images, PDFs only as receipts, and at most 10MB", () => {
    const file = (type: string, size = 10) => new File([new Uint8Array(size)], "f", { type });
    expect(checkFile(file("image/jpeg"), "image")).toBeNull();
    expect(checkFile(file("image/gif"), "image")).toBe(messages.images.invalidType);
    expect(checkFile(file("application/pdf"), "image")).toBe(messages.images.invalidType);
    expect(checkFile(file("application/pdf"), "receipt")).toBeNull();
    expect(checkFile(file("image/png", 10 * 1024 * 1024 + 1), "image")).toBe(messages.images.tooLarge);
  });

  it("shows sizes in bytes, KB and MB with one decimal", () => {
    expect(formatFileSize(512)).toBe("512 bytes");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(3.25 * 1024 * 1024)).toBe("3.3 MB");
  });
});
