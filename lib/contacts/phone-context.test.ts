import { describe, expect, it } from "vitest";
import { parseContactPhone } from "./schema";

describe("parseContactPhone wording by context", () => {
  it("a contact list points to its default country; the do-not-call list, which has none, does not", () => {
    expect(parseContactPhone("(415) 555-0102", null)).toEqual({
      ok: false, reason: "no country code: write it with + and the country code, or give the list a default country",
    });
    const dnc = parseContactPhone("(415) 555-0102", null, "do-not-call");
    expect(dnc.ok).toBe(false);
    expect(!dnc.ok && dnc.reason).toMatch(/^no country code: write it with \+ and the country code/);
    expect(!dnc.ok && dnc.reason).not.toMatch(/list|default/);
    expect(parseContactPhone("+1 415 555 0102", null, "do-not-call")).toEqual({ ok: true, e164: "+14155550102" });
  });

  it("names the country of a number that is not valid there, not its code", () => {
    expect(parseContactPhone("+49 30 1")).toEqual({ ok: false, reason: "not a valid number for Germany" });
  });
});
