import { describe, expect, it } from "vitest";
import { ALL_DAY } from "./windows";
import { windowsText } from "./windows-text";

// A campaign whose windows never close said "windows in Asia/Calcutta" in its header.

const schedule = (over: Partial<Parameters<typeof windowsText>[0]>) => ({ start_at: null, time_zone: "Asia/Calcutta", recipient_time_zone: false, windows: ALL_DAY, ...over });

describe("windowsText", () => {
  it("names no zone when the windows never close", () => {
    expect(windowsText(schedule({}))).toBe("any day, any time");
    expect(windowsText(schedule({ recipient_time_zone: true }))).toBe("any day, any time");
  });
  it("writes day runs, lists and the zone the windows are read in", () => {
    expect(windowsText(schedule({ time_zone: "Europe/Berlin", windows: [{ days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "18:00" }, { days: ["sat", "mon"], start: "10:00", end: "12:00" }] })))
      .toBe("Mon–Fri 09:00–18:00; Mon, Sat 10:00–12:00 in Europe/Berlin");
    expect(windowsText(schedule({ recipient_time_zone: true, windows: [{ days: ["sun"], start: "22:00", end: "02:00" }] })))
      .toBe("Sun 22:00–02:00 in each recipient's zone where their country has one, else Asia/Kolkata");
  });
});
