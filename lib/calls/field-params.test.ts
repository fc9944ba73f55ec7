import { describe, expect, it } from "vitest";
import { fieldFilters } from "@/lib/outcomes/filters";
import { clearedFields, fieldParamKeys, fieldParamNames, fieldQuery, isFieldParam } from "./field-params";
import { CLEARED_FILTERS, callLogParsers, callLogQuery } from "./url-state";

describe("field filter parameters", () => {
  it("are a range for a number and one value for the other types, named as the API reads them", () => {
    expect(fieldParamNames({ name: "seats", type: "number" })).toEqual(["field[seats][gte]", "field[seats][lte]"]);
    expect(fieldParamNames({ name: "plan", type: "enum" })).toEqual(["field[plan]"]);
    expect(fieldParamNames({ name: "vip", type: "boolean" })).toEqual(["field[vip]"]);
    // The server's parser reads every one back as a filter on that field.
    const query = { "field[seats][gte]": "2", "field[seats][lte]": "9", "field[plan]": "pro" };
    expect(fieldFilters(query, []).filters.map((f) => [f.name, f.op])).toEqual([["seats", "gte"], ["seats", "lte"], ["plan", "eq"]]);
  });

  it("keeps the plan's keys and those already in the URL, once each, and nothing else", () => {
    const url = ["field[plan]", "field[old_field]", "agent_id", "field[Bad]", "field[seats][gte]"];
    expect(fieldParamKeys([{ name: "seats", type: "number" }, { name: "plan", type: "enum" }], url))
      .toEqual(["field[seats][gte]", "field[seats][lte]", "field[plan]", "field[old_field]"]);
    expect(isFieldParam("field[seats][between]")).toBe(false);
  });

  it("sends only filled values, trimmed, and never a range bound that is not a number yet", () => {
    expect(fieldQuery({ "field[plan]": " pro ", "field[seats][gte]": "2", "field[seats][lte]": "-", "field[note]": "", "field[x]": null, q: "refund" }))
      .toEqual({ "field[plan]": "pro", "field[seats][gte]": "2" });
    expect(clearedFields(["field[plan]", "field[seats][gte]"])).toEqual({ "field[plan]": null, "field[seats][gte]": null });
  });
});

describe("callLogQuery with outcome filters", () => {
  it("passes success, sentiment, disposition, outcome_status and the field filters under the API's names", () => {
    const q = callLogQuery(
      { range: null, from: "2026-03-01", to: "2026-03-02", agent_id: "a1", success: "true", sentiment: "negative", disposition: "booked", outcome_status: "analyzed" },
      "2026-03-02",
      { "field[seats][gte]": "2", "field[plan]": "pro" },
    );
    expect(q).toEqual({
      from: "2026-03-01", to: "2026-03-02", agent_id: "a1", success: "true", sentiment: "negative", disposition: "booked",
      outcome_status: "analyzed", "field[seats][gte]": "2", "field[plan]": "pro",
    });
    expect(new URLSearchParams(q).toString()).toContain("field%5Bseats%5D%5Bgte%5D=2");
  });

  it("leaves unset outcome filters out", () => {
    expect(callLogQuery({ range: null, from: "2026-03-01", to: "2026-03-01", success: null, disposition: "" }, "2026-03-01")).toEqual({ from: "2026-03-01", to: "2026-03-01" });
  });

  it("clears every filter parser but the open call", () => {
    expect(Object.keys(CLEARED_FILTERS).sort()).toEqual(Object.keys(callLogParsers).filter((k) => k !== "call").sort());
  });

  it("reads only the API's values for success, sentiment and status from the URL", () => {
    expect(callLogParsers.success.parse("yes")).toBeNull();
    expect(callLogParsers.sentiment.parse("positive")).toBe("positive");
    expect(callLogParsers.outcome_status.parse("pending")).toBe("pending");
  });
});
