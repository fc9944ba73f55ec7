import { describe, expect, it } from "vitest";
import { engineFilterOptions, engineFilterPatch, engineFilterValue } from "./engine-filter";

// The call log's Engine control: engines by name, kinds of engine above them only when there is a
// choice of kinds (or the URL names one), and each choice sets one API filter and clears the other.

const hosted = { engine_id: "11111111-1111-4111-8111-111111111111", name: "Sales line", provider: "bolna" };
const own = { engine_id: "22222222-2222-4222-8222-222222222222", name: "Own server", provider: "bolna-self-hosted" };

describe("engine filter", () => {
  it("lists engines by name, and kinds only when there are several", () => {
    expect(engineFilterOptions([hosted])).toEqual([{ value: hosted.engine_id, label: "Sales line" }]);
    expect(engineFilterOptions([hosted, own, { ...hosted, engine_id: "x", name: "Support" }]).map((o) => o.label)).toEqual([
      "All Bolna engines", "All Bolna (self-hosted) engines", "Sales line", "Own server", "Support",
    ]);
    expect(engineFilterOptions([hosted], "bolna-self-hosted").map((o) => o.label)).toEqual(["All Bolna engines", "All Bolna (self-hosted) engines", "Sales line"]);
    expect(engineFilterOptions([], "bolna")).toEqual([{ value: "provider:bolna", label: "All Bolna engines" }]);
  });

  it("maps the URL's filters to the control and a choice back, one filter at a time", () => {
    expect(engineFilterValue({ engine_id: null, provider: null })).toBeNull();
    expect(engineFilterValue({ engine_id: own.engine_id, provider: null })).toBe(own.engine_id);
    expect(engineFilterValue({ engine_id: null, provider: "bolna" })).toBe("provider:bolna");
    expect(engineFilterPatch("provider:bolna-self-hosted")).toEqual({ engine_id: null, provider: "bolna-self-hosted" });
    expect(engineFilterPatch(hosted.engine_id)).toEqual({ engine_id: hosted.engine_id, provider: null });
    expect(engineFilterPatch(null)).toEqual({ engine_id: null, provider: null });
    for (const o of engineFilterOptions([hosted, own])) expect(engineFilterValue(engineFilterPatch(o.value))).toBe(o.value);
  });
});
