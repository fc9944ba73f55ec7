import { describe, expect, it } from "vitest";
import { decodeCursor, keysetPage } from "./cursor";

const rows = [{ at: "2024-01-03", id: "c" }, { at: "2024-01-02", id: "b" }, { at: "2024-01-01", id: "a" }];
const keyOf = (r: { at: string; id: string }) => [r.at, r.id];

describe("keysetPage", () => {
  it("drops the probe row and points the cursor at the last row kept", () => {
    const page = keysetPage(rows, 2, keyOf);
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(page.has_more).toBe(true);
    expect(decodeCursor(page.next_cursor!, 2)).toEqual(["2024-01-02", "b"]);
  });

  it("ends the list when the probe row is missing, however full the page", () => {
    expect(keysetPage(rows, 3, keyOf)).toEqual({ items: rows, next_cursor: null, has_more: false });
    expect(keysetPage([], 3, keyOf)).toEqual({ items: [], next_cursor: null, has_more: false });
  });
});
