import { describe, expect, it } from "vitest";
import { callStatuses, statusColor, statusStyle, unknownStatusStyle } from "@/components/ui/status-colors";

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
});

describe("statusStyle", () => {
  it("returns the shared style for a known status", () => {
    expect(statusStyle("in_progress")).toBe(statusColor.in_progress);
    expect(statusStyle("in_progress").label).toBe("In progress");
  });

  it("labels an unknown status readably with the neutral colour", () => {
    const style = statusStyle("no-answer");
    expect(style.label).toBe("No answer");
    expect(style.hex).toBe(unknownStatusStyle.hex);
  });
});
