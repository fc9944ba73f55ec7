import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY } from "./defaults";
import { decideAfterAttempt, finalStateOf } from "./retry";
import { recipientZone, regionZone } from "./recipient-zone";
import { dispatchableNow, nextDispatchAt } from "./schedule";
import { missingVariables, variablesOf } from "./variables";
import { ALL_DAY, inWindow, localTime, nextWindowStart, type CallingWindow } from "./windows";

const WEEKDAYS: CallingWindow[] = [{ days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "18:00" }];

describe("calling windows", () => {
  it("reads the local day and minute in the zone", () => {
    // 2026-11-23 is a Monday; 08:30 UTC is 09:30 in Berlin (CET) and 03:30 in New York (EST).
    const at = new Date("2026-11-23T08:30:00Z");
    expect(localTime(at, "Europe/Berlin")).toMatchObject({ day: "mon", minute: 9 * 60 + 30, text: "2026-11-23T09:30" });
    expect(localTime(at, "America/New_York")).toMatchObject({ day: "mon", minute: 3 * 60 + 30 });
    expect(inWindow(WEEKDAYS, "Europe/Berlin", at)).toBe(true);
    expect(inWindow(WEEKDAYS, "America/New_York", at)).toBe(false);
  });

  it("end is exclusive, start inclusive; weekends excluded", () => {
    expect(inWindow(WEEKDAYS, "UTC", new Date("2026-11-23T09:00:00Z"))).toBe(true);
    expect(inWindow(WEEKDAYS, "UTC", new Date("2026-11-23T17:59:59Z"))).toBe(true);
    expect(inWindow(WEEKDAYS, "UTC", new Date("2026-11-23T18:00:00Z"))).toBe(false);
    expect(inWindow(WEEKDAYS, "UTC", new Date("2026-11-22T12:00:00Z"))).toBe(false); // Sunday
  });

  it("a window crossing midnight belongs to its start day", () => {
    const night: CallingWindow[] = [{ days: ["fri"], start: "22:00", end: "02:00" }];
    expect(inWindow(night, "UTC", new Date("2026-11-27T23:00:00Z"))).toBe(true); // Fri 23:00
    expect(inWindow(night, "UTC", new Date("2026-11-28T01:59:00Z"))).toBe(true); // Sat 01:59
    expect(inWindow(night, "UTC", new Date("2026-11-28T02:00:00Z"))).toBe(false);
    expect(inWindow(night, "UTC", new Date("2026-11-27T01:00:00Z"))).toBe(false); // Fri 01:00: Thu not listed
  });

  it("all day every day is always open", () => {
    expect(inWindow(ALL_DAY, "Asia/Kolkata", new Date("2026-11-22T23:59:00Z"))).toBe(true);
  });

  it("finds the next opening, across the weekend and in the zone", () => {
    // Friday 2026-11-27 19:00 Berlin → Monday 09:00 Berlin = 08:00 UTC.
    expect(nextWindowStart(WEEKDAYS, "Europe/Berlin", new Date("2026-11-27T18:00:00Z"))?.toISOString()).toBe("2026-11-30T08:00:00.000Z");
    // Inside a window: now.
    const now = new Date("2026-11-23T10:00:07Z");
    expect(nextWindowStart(WEEKDAYS, "UTC", now)).toEqual(now);
    expect(nextWindowStart([{ days: [], start: "09:00", end: "10:00" }], "UTC", now)).toBeNull();
  });

  it("follows DST: 09:00 New York is 14:00 UTC in winter and 13:00 UTC in summer", () => {
    // DST starts 2026-03-08 in the US: Monday 2026-03-09 09:00 EDT = 13:00 UTC.
    expect(nextWindowStart(WEEKDAYS, "America/New_York", new Date("2026-03-07T12:00:00Z"))?.toISOString()).toBe("2026-03-09T13:00:00.000Z");
    // A week earlier, EST: Monday 2026-03-02 09:00 = 14:00 UTC.
    expect(nextWindowStart(WEEKDAYS, "America/New_York", new Date("2026-02-28T12:00:00Z"))?.toISOString()).toBe("2026-03-02T14:00:00.000Z");
  });
});

describe("next dispatch time", () => {
  const now = new Date("2026-11-23T10:00:00Z"); // Monday
  it("waits for start_at, retry delay and the window, whichever is latest", () => {
    expect(nextDispatchAt({ now, start_at: null, next_attempt_at: null, windows: WEEKDAYS, zone: "UTC" })).toEqual(now);
    expect(dispatchableNow({ now, start_at: null, next_attempt_at: null, windows: WEEKDAYS, zone: "UTC" })).toBe(true);
    const later = new Date("2026-11-23T12:00:00Z");
    expect(nextDispatchAt({ now, start_at: later, next_attempt_at: null, windows: WEEKDAYS, zone: "UTC" })).toEqual(later);
    // Retry due at 17:30 Monday… inside; due at 18:30 → Tuesday 09:00.
    expect(nextDispatchAt({ now, start_at: null, next_attempt_at: new Date("2026-11-23T18:30:00Z"), windows: WEEKDAYS, zone: "UTC" })?.toISOString()).toBe("2026-11-24T09:00:00.000Z");
    expect(dispatchableNow({ now, start_at: later, next_attempt_at: null, windows: WEEKDAYS, zone: "UTC" })).toBe(false);
  });
});

describe("recipient zone", () => {
  it("uses the region's zone only when unambiguous", () => {
    expect(recipientZone("+442071838750", "UTC")).toBe("Europe/London");
    expect(recipientZone("+919812345678", "UTC")).toBe("Asia/Kolkata");
    expect(recipientZone("+4930901820", "UTC")).toBe("Europe/Berlin"); // Berlin and Büsingen: same clock
    expect(recipientZone("+14155550100", "Europe/Paris")).toBe("America/Los_Angeles"); // +1: by area code
    expect(recipientZone("+12125550100", "UTC")).toBe("America/New_York");
    expect(recipientZone("+13125550100", "UTC")).toBe("America/Chicago");
    expect(recipientZone("+16045550100", "UTC")).toBe("America/Vancouver"); // Canada too
    expect(recipientZone("+19075550100", "Europe/Paris")).toBe("Europe/Paris"); // 907: Anchorage and Adak differ
    expect(recipientZone("+18765550100", "UTC")).toBe("America/Jamaica"); // another NANP country, one zone
    expect(regionZone("ES")).toBeNull(); // the Canaries are an hour behind
  });
});

describe("retries", () => {
  const ended = new Date("2026-11-23T10:00:00Z");
  const policy = { max_attempts: 3, delay_seconds: 600, on: ["no-answer" as const, "busy" as const] };
  it("retries listed statuses after the delay until attempts run out", () => {
    expect(decideAfterAttempt(policy, 1, "no-answer", ended)).toEqual({ kind: "retry", next_attempt_at: new Date("2026-11-23T10:10:00Z") });
    expect(decideAfterAttempt(policy, 2, "busy", ended).kind).toBe("retry");
    expect(decideAfterAttempt(policy, 3, "busy", ended)).toEqual({ kind: "final", state: "busy" });
  });
  it("never retries unlisted, completed or canceled; unknown counts as failed", () => {
    expect(decideAfterAttempt(policy, 1, "failed", ended)).toEqual({ kind: "final", state: "failed" });
    expect(decideAfterAttempt({ ...policy, on: ["failed"] }, 1, "error", ended).kind).toBe("retry");
    expect(decideAfterAttempt({ ...policy, on: ["failed"] }, 1, "balance-low", ended).kind).toBe("retry");
    expect(decideAfterAttempt({ ...policy, on: ["failed", "busy", "no-answer"] }, 1, "completed", ended)).toEqual({ kind: "final", state: "completed" });
    expect(decideAfterAttempt({ ...policy, on: ["failed"] }, 1, "canceled", ended)).toEqual({ kind: "final", state: "canceled" });
    expect(decideAfterAttempt(DEFAULT_RETRY, 1, "no-answer", ended)).toEqual({ kind: "final", state: "no_answer" });
    expect(decideAfterAttempt(policy, 1, "weird", ended)).toEqual({ kind: "final", state: "failed" });
  });
  it("only final statuses end an attempt", () => {
    expect(finalStateOf("ringing")).toBeNull();
    expect(finalStateOf("call-disconnected")).toBeNull();
    expect(finalStateOf("stopped")).toBe("failed");
  });
});

describe("missing variables", () => {
  it("collects {names} of prompts and welcome message, not JSON braces", () => {
    const names = variablesOf(["Hi {first_name}, about {plan}.", null, 'Reply as {"a": 1} {first_name} {timezone}']);
    expect(names).toEqual(["first_name", "plan", "timezone"]);
    expect(missingVariables(names, { first_name: "Ada", plan: "" })).toEqual(["plan"]);
    expect(missingVariables(names, null)).toEqual(["first_name", "plan"]);
    expect(missingVariables(names, { first_name: "Ada", plan: "Pro" })).toEqual([]);
  });
});
