import { describe, expect, it } from "vitest";
import { statusColor, statusStyle, unknownStatusStyle } from "@/components/ui/status-colors";
import { CALL_STATUSES as callStatuses } from "@/lib/calls/status";

describe("statusColor", () => {
  it("gives every call status its own chart colour and badge", () => {
    const hexes = callStatuses.map((s) => statusColor[s].hex);
    expect(new Set(hexes).size).toBe(callStatuses.length);
    for (const hex of hexes) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    const badges = callStatuses.map((s) => statusColor[s].badge);
    expect(new Set(badges).size).toBe(callStatuses.length);
  });

  it("keeps unknown statuses apart from every known colour", () => {
    expect(callStatuses.map((s) => statusColor[s].hex)).not.toContain(unknownStatusStyle.hex);
  });

  // The engine's statuses (no-answer, busy, …) were missing here and showed as grey "unknown".
  it("styles every status an engine sends or an import carries, none as unknown", () => {
    for (const s of [...callStatuses, "no-answer", "busy", "in-progress", "queued", "error", "balance-low"]) {
      const style = statusStyle(s);
      expect(style.badge, s).not.toBe(unknownStatusStyle.badge);
      expect(style.dot, s).not.toBe(unknownStatusStyle.dot);
      expect(style.hex, s).not.toBe(unknownStatusStyle.hex);
    }
    expect(statusStyle("no-answer").label).toBe("No answer");
    expect(statusStyle("busy").label).toBe("Busy");
  });
});

describe("statusStyle", () => {
  it("returns the shared style for a known status", () => {
    expect(statusStyle("in_progress")).toBe(statusColor.in_progress);
    expect(statusStyle("in_progress").label).toBe("In progress");
  });

  it("labels an unknown status readably with the neutral colour", () => {
    const style = statusStyle("voice-mail_left");
    expect(style.label).toBe("Voice mail left");
    expect(style.hex).toBe(unknownStatusStyle.hex);
  });
});
