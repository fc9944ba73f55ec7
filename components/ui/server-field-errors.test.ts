import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/fetch-json";
import { placeServerErrors, topLevelField } from "./server-field-errors";

type Call = [string, { message: string }, { shouldFocus?: boolean } | undefined];
function recorder() {
  const calls: Call[] = [];
  const setError = ((name: string, error: { message: string }, options?: { shouldFocus?: boolean }) => void calls.push([name, error, options])) as never;
  return { calls, setError };
}
const fieldOf = topLevelField(["name", "notify"] as const);

describe("placeServerErrors", () => {
  it("puts each message beside the field its path starts with, focusing the first", () => {
    const r = recorder();
    placeServerErrors(new ApiError(400, "Invalid", null, { "notify.emails[0]": "not an email", name: "required", other: "x" }), r.setError, fieldOf);
    expect(r.calls).toEqual([
      ["notify", { type: "server", message: "not an email" }, { shouldFocus: true }],
      ["name", { type: "server", message: "required" }, { shouldFocus: false }],
    ]);
  });
  it("a message no field takes, or no answer at all, goes to the form's root", () => {
    const r = recorder();
    placeServerErrors(new ApiError(409, "Name taken elsewhere", null, { other: "x" }), r.setError, fieldOf);
    placeServerErrors(new TypeError("fetch failed"), r.setError, fieldOf);
    expect(r.calls.map((c) => [c[0], c[1].message])).toEqual([["root.server", "Name taken elsewhere"], ["root.server", "Could not reach the server. Try again."]]);
  });
});
