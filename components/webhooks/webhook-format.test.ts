import { describe, expect, it } from "vitest";
import { disabledExplanation, disabledShort, eventsSummary, healthSummary, messageSummary, prettyBody, toggleEvent } from "./webhook-format";

describe("webhook console wording", () => {
  it("summarises health with a tone by success rate", () => {
    expect(healthSummary({ attempts: 0, succeeded: 0, success_rate: null })).toMatchObject({ text: "No deliveries", tone: "default" });
    expect(healthSummary({ attempts: 120, succeeded: 120, success_rate: 1 })).toMatchObject({ text: "100% of 120", tone: "success" });
    expect(healthSummary({ attempts: 1000, succeeded: 999, success_rate: 0.999 })).toMatchObject({ text: "99.9% of 1000", tone: "success" });
    expect(healthSummary({ attempts: 4, succeeded: 3, success_rate: 0.75 })).toMatchObject({ text: "75% of 4", tone: "warning" });
    expect(healthSummary({ attempts: 4, succeeded: 1, success_rate: 0.25 }).tone).toBe("destructive");
  });

  it("says what became of an attempt's message, with the time of its next attempt", () => {
    const when = (iso: string) => `at ${iso}`;
    expect(messageSummary({ status: "pending", next_attempt_at: "2026-03-04T10:00:05.000Z" }, when)).toBe("Next attempt at 2026-03-04T10:00:05.000Z");
    expect(messageSummary({ status: "success", next_attempt_at: null }, when)).toBe("Delivered");
    expect(messageSummary({ status: "failed", next_attempt_at: null }, when)).toBe("Failed: no retry left");
  });

  it("explains why an endpoint is disabled", () => {
    expect(disabledExplanation("the endpoint answered 410 Gone")).toMatch(/410 Gone/);
    expect(disabledExplanation("every attempt failed for 5 days")).toMatch(/5 days/);
    expect(disabledExplanation("disabled by a person")).toMatch(/by a person/);
    expect(disabledExplanation(null)).toMatch(/nothing is sent/);
    expect(disabledShort("the endpoint answered 410 Gone")).toBe("Disabled: the receiver answered 410 Gone");
    expect(disabledShort("every attempt failed for 5 days")).toBe("Disabled: every attempt failed for 5 days");
  });

  it("picks events: all stands alone, types keep the schema's order", () => {
    expect(toggleEvent(["call.ended"], "*", true)).toEqual(["*"]);
    expect(toggleEvent(["*"], "call.ended", true)).toEqual(["call.ended"]);
    expect(toggleEvent(["call.ended"], "call.started", true)).toEqual(["call.started", "call.ended"]);
    expect(toggleEvent(["call.started", "call.ended"], "call.started", false)).toEqual(["call.ended"]);
    expect(eventsSummary(["*"])).toBe("All events");
    expect(eventsSummary(["call.ended", "call.started"])).toBe("2 event types");
  });

  it("pretty-prints JSON bodies and keeps other text", () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyBody("receiver broke")).toBe("receiver broke");
    expect(prettyBody("")).toBe("(empty)");
  });
});
