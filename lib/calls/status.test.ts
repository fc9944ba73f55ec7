import { describe, expect, it } from "vitest";
import { CALL_END_REASONS, CALL_STATUSES, endReasonOf, FINAL_CALL_STATUSES, isFinalStatus, statusLabel, statusOptionLabel, statusRank } from "./status";

describe("call statuses", () => {
  it("list every status the engine sends (docs/bolna.md) and the two older imported names", () => {
    const engine = ["scheduled", "queued", "rescheduled", "initiated", "ringing", "in-progress", "call-disconnected", "completed",
      "balance-low", "busy", "no-answer", "canceled", "failed", "stopped", "error"];
    expect([...CALL_STATUSES].sort()).toEqual([...engine, "in_progress", "rejected"].sort());
  });

  it("rank every final status above every in-flight one; an unknown one ranks with in-flight ones", () => {
    const inFlight = CALL_STATUSES.filter((s) => !isFinalStatus(s));
    const top = Math.max(...inFlight.map(statusRank));
    for (const s of FINAL_CALL_STATUSES) expect(statusRank(s), s).toBeGreaterThan(top);
    expect(statusRank("queued")).toBeLessThan(statusRank("ringing"));
    expect(statusRank("ringing")).toBeLessThan(statusRank("in-progress"));
    expect(statusRank("in-progress")).toBeLessThan(statusRank("call-disconnected"));
    expect(statusRank("voicemail")).toBe(statusRank("in-progress"));
  });

  it("give every final status an end reason and no in-flight one", () => {
    for (const s of CALL_STATUSES) {
      const reason = endReasonOf(s);
      expect(reason !== null, s).toBe(isFinalStatus(s));
      if (reason) expect(CALL_END_REASONS).toContain(reason);
    }
    expect(endReasonOf("no-answer")).toBe("no_answer");
    expect(endReasonOf("balance-low")).toBe("failed");
    expect(endReasonOf("call-disconnected")).toBeNull();
    expect(endReasonOf("voicemail")).toBeNull();
  });

  it("label both spellings of in progress alike, and tell them apart in a list", () => {
    expect(statusLabel("in-progress")).toBe(statusLabel("in_progress"));
    expect(statusOptionLabel("in-progress")).not.toBe(statusOptionLabel("in_progress"));
    expect(new Set(CALL_STATUSES.map(statusOptionLabel)).size).toBe(CALL_STATUSES.length);
    expect(statusLabel("left_voice-mail")).toBe("Left voice mail");
  });
});
