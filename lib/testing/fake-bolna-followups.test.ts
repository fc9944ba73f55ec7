import { describe, expect, it } from "vitest";
import { compileAgent } from "@/lib/engines/bolna/compile";
import { ANALYSIS_PLAN_EXAMPLE } from "@/lib/outcomes/openapi";
import { AnalysisPlan } from "@/lib/outcomes/schema";
import { bolnaExampleAgent } from "./bolna-fixtures";
import { agentError } from "./fake-bolna-rules";

// The fake refuses follow-up tasks the way Bolna's models and agent-saving code would take them
// (lib/testing/fake-bolna-followups.ts), and our compiled plan passes.

type Json = Record<string, unknown>;
const compiled = () => compileAgent({ ...bolnaExampleAgent(), analysis_plan: AnalysisPlan.parse(ANALYSIS_PLAN_EXAMPLE) }, new Map(), "https://hooks.example/x");
const extraction = (body: ReturnType<typeof compiled>) => (body.agent_config.tasks as Json[])[1];
const llmOf = (task: Json) => (task.tools_config as Json).llm_agent as Json;

describe("fake Bolna: follow-up tasks", () => {
  it("accepts the compiled plan", () => {
    expect(agentError(compiled())).toBeNull();
  });

  const bad: [string, (b: ReturnType<typeof compiled>) => void, string][] = [
    ["details nested in llm_config (an LlmAgent drops them)", (b) => {
      const t = extraction(b);
      (t.tools_config as Json).llm_agent = { agent_type: "simple_llm_agent", agent_flow_type: "streaming", llm_config: llmOf(t) };
    }, "agent_config.tasks.1.tools_config.llm_agent: a extraction task's llm_agent is a SimpleLlmAgent"],
    ["no extraction_details", (b) => { delete llmOf(extraction(b)).extraction_details; }, "agent_config.tasks.1.tools_config.llm_agent.extraction_details: Field required"],
    ["max_tokens as text", (b) => { llmOf(extraction(b)).max_tokens = "100"; }, "agent_config.tasks.1.tools_config.llm_agent.max_tokens: Input should be a valid integer"],
    ["request_json as text", (b) => { llmOf(extraction(b)).request_json = "true"; }, "agent_config.tasks.1.tools_config.llm_agent.request_json: Input should be a valid boolean"],
    ["a voice pipeline", (b) => { (extraction(b).toolchain as Json).pipelines = [["transcriber", "llm", "synthesizer"]]; }, "agent_config.tasks.1.toolchain.pipelines"],
    ["a synthesizer", (b) => { (extraction(b).tools_config as Json).synthesizer = { provider: "polly" }; }, "agent_config.tasks.1.tools_config.synthesizer"],
    ["no toolchain", (b) => { delete extraction(b).toolchain; }, "agent_config.tasks.1.toolchain: Field required"],
    ["an extraction before the conversation", (b) => { (b.agent_config.tasks as Json[]).reverse(); }, "agent_config.tasks.0.task_type"],
  ];
  it.each(bad)("refuses %s", (_, change, message) => {
    const body = compiled();
    change(body);
    expect(agentError(body)).toContain(message);
  });
});
