import { describe, expect, it } from "vitest";
import { AgentPayload } from "@/lib/agents/schema";
import { providerInfo } from "@/lib/engines/providers";
import { DEMO_AGENTS } from "./demo-agents";
import { syntheticCalls } from "./synthetic-calls";

describe("the demo's agents and calls as they come", () => {
  it("every demo agent is ready for Bolna: nothing it would refuse or drop (the deploy handler's own check)", () => {
    const bolna = providerInfo("bolna")!;
    for (const a of DEMO_AGENTS) {
      const agent = AgentPayload.parse(a.payload);
      expect({ agent: agent.agent_config.agent_name, issues: bolna.readiness(agent) }).toEqual({ agent: agent.agent_config.agent_name, issues: [] });
    }
  });

  it("the seed ends every call it starts, even those of the last minutes before `until`", () => {
    const until = new Date("2026-03-02T15:00:00Z");
    // Ten minutes of calls: all inside the window where the seed used to leave calls in flight.
    const calls = [...syntheticCalls({ count: 200, days: 10 / 1440, seed: 7, until })].flat();
    expect(calls).toHaveLength(200);
    const unfinished = calls.filter((c) => !["completed", "rejected", "failed", "canceled"].includes(c.status));
    expect(unfinished.map((c) => c.status)).toEqual([]);
    // A call cannot have lasted longer than the time since it began.
    for (const c of calls) expect(Date.parse(c.created_at) + c.duration * 1000).toBeLessThanOrEqual(until.getTime());
  });
});
