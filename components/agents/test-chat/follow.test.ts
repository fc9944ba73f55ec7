import { describe, expect, it } from "vitest";
import { atBottom, keepsFollowing } from "./follow";

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

describe("keepsFollowing (after a scroll event)", () => {
  it("keeps following when the content grew past the bottom since the follower scrolled (a tool card's result)", () => {
    expect(keepsFollowing(true, 700, { scrollHeight: 1300, scrollTop: 700, clientHeight: 300 })).toBe(true);
  });
  it("stops when the reader scrolled up, and starts again at the bottom", () => {
    expect(keepsFollowing(true, 700, { scrollHeight: 1000, scrollTop: 400, clientHeight: 300 })).toBe(false);
    expect(keepsFollowing(false, 400, { scrollHeight: 1000, scrollTop: 600, clientHeight: 300 })).toBe(false);
    expect(keepsFollowing(false, 600, { scrollHeight: 1000, scrollTop: 690, clientHeight: 300 })).toBe(true);
  });
});
