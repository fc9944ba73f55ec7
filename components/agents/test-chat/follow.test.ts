import { describe, expect, it } from "vitest";
import { atBottom } from "./follow";

describe("atBottom (the conversation follows new messages only from the bottom)", () => {
  it("follows at the bottom and within a line of it", () => {
    expect(atBottom({ scrollHeight: 1000, scrollTop: 700, clientHeight: 300 })).toBe(true);
    expect(atBottom({ scrollHeight: 1000, scrollTop: 680, clientHeight: 300 })).toBe(true);
  });
  it("stops following once the reader scrolled up", () => {
    expect(atBottom({ scrollHeight: 1000, scrollTop: 500, clientHeight: 300 })).toBe(false);
  });
  it("follows when everything fits", () => {
    expect(atBottom({ scrollHeight: 300, scrollTop: 0, clientHeight: 300 })).toBe(true);
  });
});
