import { describe, expect, it } from "vitest";
import { agentToValues, newAgentValues } from "@/components/agents/agent-form-values";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { AgentPayload } from "@/lib/agents/schema";
import { SYNTHESIZERS, VOICE_PRESETS } from "@/lib/agents/catalog";
import { bolnaReadiness } from "./readiness";

function builderDefault() {
  const v = newAgentValues();
  v.agent_config.agent_name = "Ava";
  v.agent_prompts.task_1.system_prompt = "You are Ava.";
  return AgentPayload.parse(v);
}

describe("bolnaReadiness", () => {
  it("accepts the builder's default agent as is", () => {
    expect(bolnaReadiness(builderDefault())).toEqual([]);
  });

  it.each(VOICE_PRESETS.map((p) => [p.label, p] as const))("accepts the preset %s", (_, preset) => {
    const agent = builderDefault();
    agent.agent_config.tasks[0].tools_config.synthesizer = { provider: preset.provider, provider_config: { ...preset.provider_config } };
    expect(bolnaReadiness(agent)).toEqual([]);
    expect(Object.keys(preset.provider_config).sort()).toEqual([...SYNTHESIZERS[preset.provider].required].sort());
  });

  it("accepts Bolna's own style of example agent", () => {
    expect(bolnaReadiness(AgentPayload.parse(bolnaExampleAgent()))).toEqual([]);
  });

  it("names a missing voice_id, an unknown agent_type and a bad pipeline stage by path", () => {
    const agent = builderDefault();
    const tools = agent.agent_config.tasks[0].tools_config;
    tools.synthesizer = { provider: "elevenlabs", provider_config: { voice: "Rachel", engine: "eleven_turbo_v2_5" } };
    tools.llm_agent.agent_type = "chatty_agent";
    agent.agent_config.tasks[0].toolchain.pipelines = [["transcription", "llm"]];
    const issues = bolnaReadiness(agent);
    expect(issues).toEqual(expect.arrayContaining([
      expect.objectContaining({ path: "agent_config.tasks[0].tools_config.synthesizer.provider_config.voice_id", kind: "refused" }),
      expect.objectContaining({ path: "agent_config.tasks[0].tools_config.synthesizer.provider_config.model", kind: "refused" }),
      expect.objectContaining({ path: "agent_config.tasks[0].tools_config.llm_agent.agent_type", kind: "dropped" }),
      expect.objectContaining({ path: "agent_config.tasks[0].toolchain.pipelines[0][0]", kind: "refused" }),
    ]));
    expect(issues).toHaveLength(4);
  });

  it("flags unknown providers and formats, and a task without its prompt", () => {
    const agent = builderDefault();
    const tools = agent.agent_config.tasks[0].tools_config;
    tools.transcriber = { provider: "whisper" };
    tools.input = { provider: "twilio", format: "mulaw" };
    tools.llm_agent.llm_config.provider = "skynet";
    agent.agent_prompts = {};
    const paths = bolnaReadiness(agent).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining([
      "agent_config.tasks[0].tools_config.transcriber.provider",
      "agent_config.tasks[0].tools_config.input.format",
      "agent_config.tasks[0].tools_config.llm_agent.llm_config.provider",
      "agent_prompts.task_1.system_prompt",
    ]));
  });

  it("the builder keeps fields it does not show: an imported agent round-trips through the form values", () => {
    const stored = AgentPayload.parse(bolnaExampleAgent());
    expect(AgentPayload.parse(agentToValues(stored))).toEqual(stored);
  });
});
