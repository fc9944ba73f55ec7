import { describe, expect, it } from "vitest";
import { z } from "zod";
import { uuid7Batch } from "./uuid7";

describe("uuid7Batch", () => {
  it("makes distinct, valid version-7 UUIDs whose order follows time", async () => {
    const first = uuid7Batch(1000);
    await new Promise((r) => setTimeout(r, 5));
    const second = uuid7Batch(1000);
    const all = [...first, ...second];
    expect(new Set(all).size).toBe(2000);
    for (const id of all) {
      expect(z.uuid().safeParse(id).success).toBe(true);
      expect(id[14]).toBe("7");
      expect("89ab").toContain(id[19]);
    }
    // Every id of a later batch sorts after every id of an earlier one (the index-locality claim).
    expect([...first].sort().at(-1)! < [...second].sort()[0]).toBe(true);
    const ms = parseInt(first[0].replace(/-/g, "").slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(5_000);
  });

  it("only grows within a process, even many times in one millisecond (lists by id keep their order)", () => {
    const ids = Array.from({ length: 10_000 }, () => uuid7Batch(1)[0]);
    expect(ids.every((id, i) => i === 0 || ids[i - 1] < id)).toBe(true);
    const batch = uuid7Batch(10_000);
    expect(batch.every((id, i) => i === 0 || batch[i - 1] < id)).toBe(true);
    expect(ids.at(-1)! < batch[0]).toBe(true);
  });
});
