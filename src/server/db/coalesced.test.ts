import { describe, expect, it } from "vitest";
import { CoalescedBatch, CoalescedLookup } from "./coalesced.ts";

// What the statements of coalesced work receive and what each caller gets back (decisions 0029 and 0030).
describe("coalesced work", () => {
  function doubling(options: {
    maxItems?: number;
    failWhen?: (items: number[]) => boolean;
    alone?: boolean;
  }) {
    const sent: number[][] = [];
    const batch = new CoalescedBatch<number, number>({
      send: async (items) => {
        sent.push(items);
        if (options.failWhen?.(items)) throw new Error("statement failed");
        return items.map((item) => (item < 0 ? undefined : item * 2));
      },
      alone: options.alone
        ? async (item) => {
            sent.push([item]);
            if (item === 13) throw new Error(`item ${item} failed`);
            return item * 2;
          }
        : undefined,
      maxItems: options.maxItems,
    });
    return { batch, sent };
  }

  it("sends what is asked in one turn together, and gives each caller its own result", async () => {
    const { batch, sent } = doubling({});
    const results = await Promise.all([batch.add(1), batch.add(-1), batch.add(3)]);
    expect(sent).toEqual([[1, -1, 3]]);
    expect(results).toEqual([2, undefined, 6]);
    expect(await batch.add(4)).toBe(8);
    expect(sent).toEqual([[1, -1, 3], [4]]);
  });

  it("splits more than the most items one statement takes", async () => {
    const { batch, sent } = doubling({ maxItems: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => batch.add(n)))).toEqual([2, 4, 6, 8, 10]);
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("does each item alone when the statement fails, so only the item at fault fails", async () => {
    const { batch, sent } = doubling({ failWhen: (items) => items.length > 1, alone: true });
    const results = await Promise.allSettled([batch.add(1), batch.add(13), batch.add(3)]);
    expect(results).toEqual([
      { status: "fulfilled", value: 2 },
      { status: "rejected", reason: new Error("item 13 failed") },
      { status: "fulfilled", value: 6 },
    ]);
    expect(sent).toEqual([[1, 13, 3], [1], [13], [3]]);
  });

  it("fails every caller of the statement when nothing can be done alone", async () => {
    const { batch } = doubling({ failWhen: () => true });
    const results = await Promise.allSettled([batch.add(1), batch.add(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });

  it("looks each key up once, whoever asked for it", async () => {
    const asked: string[][] = [];
    const lookup = new CoalescedLookup<string>(async (keys) => {
      asked.push(keys);
      return new Map(keys.filter((key) => key !== "none").map((key) => [key, key.toUpperCase()]));
    });
    const rows = await Promise.all(["a", "b", "a", "none"].map((key) => lookup.get(key)));
    expect(asked).toEqual([["a", "b", "none"]]);
    expect(rows).toEqual(["A", "B", "A", undefined]);
  });
});
