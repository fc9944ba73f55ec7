import { describe, expect, it } from "vitest";
import { AgentPayload } from "@/lib/agents/schema";
import { agentToValues, errorText, newAgentValues, promptsWithoutTask, serverPathToField } from "./agent-form-values";
import { importPayload } from "./import-payload";

describe("builder defaults", () => {
  it("need only a name, a welcome message and a prompt to be a valid agent", () => {
    const values = newAgentValues();
    expect(AgentPayload.safeParse(values).success).toBe(false);
    values.agent_config.agent_name = "Ava";
    values.agent_config.agent_welcome_message = "Hello";
    values.agent_prompts.task_1.system_prompt = "You are Ava.";
    const out = AgentPayload.parse(values);
    const task = out.agent_config.tasks[0];
    expect(task.task_type).toBe("conversation");
    expect(task.tools_config.input).toEqual({ provider: "twilio", format: "wav" });
    expect(task.tools_config.output).toEqual({ provider: "twilio", format: "wav" });
    expect(task.tools_config.llm_agent.llm_config).toEqual({ provider: "openai", model: "gpt-4o-mini" });
  });

  it("clone appends (copy) and does not share objects with the original", () => {
    const original = AgentPayload.parse({ ...newAgentValues(), agent_config: { ...newAgentValues().agent_config, agent_name: "Ava" }, agent_prompts: { task_1: { system_prompt: "x" } } });
    const copy = agentToValues(original, true);
    expect(copy.agent_config.agent_name).toBe("Ava (copy)");
    copy.agent_config.tasks[0].task_type = "extraction";
    expect(original.agent_config.tasks[0].task_type).toBe("conversation");
  });
});

describe("promptsWithoutTask", () => {
  const prompts = { task_1: { system_prompt: "a" }, task_2: { system_prompt: "b" }, task_3: { system_prompt: "c" }, notes: { system_prompt: "n" } };
  it("shifts later prompts down one key", () => {
    expect(promptsWithoutTask(prompts, 1, 3)).toEqual({ task_1: { system_prompt: "a" }, task_2: { system_prompt: "c" }, notes: { system_prompt: "n" } });
  });
  it("drops the last key when the last task goes", () => {
    expect(promptsWithoutTask(prompts, 2, 3)).toEqual({ task_1: { system_prompt: "a" }, task_2: { system_prompt: "b" }, notes: { system_prompt: "n" } });
  });
  it("removing the first task makes task_2 the new task_1", () => {
    expect(promptsWithoutTask(prompts, 0, 3).task_1).toEqual({ system_prompt: "b" });
  });
});

describe("server error paths", () => {
  it("map bracket indexes to form paths", () => {
    expect(serverPathToField("agent_config.tasks[0].tools_config.api_tools.api_tool_ids[12]"))
      .toBe("agent_config.tasks.0.tools_config.api_tools.api_tool_ids.12");
    expect(serverPathToField("agent_prompts.task_2.system_prompt")).toBe("agent_prompts.task_2.system_prompt");
  });
  it("errorText finds a message nested under an array index, skipping ref", () => {
    const ref = { message: "not me" };
    expect(errorText([undefined, { type: "server", message: "unknown tool", ref }])).toBe("unknown tool");
    expect(errorText({ type: "x", ref })).toBeUndefined();
  });
});

describe("importPayload", () => {
  it("refuses text that is not JSON or has no agent_config", () => {
    expect(importPayload("{nope").ok).toBe(false);
    expect(importPayload("[]").ok).toBe(false);
    expect(importPayload('{"agent_prompts":{}}')).toEqual({ ok: false, error: "agent_config is missing or not an object" });
  });

  it("takes a valid body as the schema reads it, optional parts left out", () => {
    const body = {
      agent_config: { agent_name: "Ava", tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "groq", model: "llama-3.3-70b" } } } }] },
      agent_prompts: { task_1: { system_prompt: "Hi" } },
    };
    const r = importPayload(JSON.stringify(body));
    expect(r.ok && r.valid).toBe(true);
    if (!r.ok) return;
    expect(r.values.agent_config.tasks[0].tools_config.synthesizer).toBeUndefined();
    expect(r.values.agent_config.tasks[0].toolchain?.execution).toBe("parallel");
    expect(r.values).toEqual(AgentPayload.parse(body));
  });

  it("accepts an agent record as GET returns it (extra keys ignored)", () => {
    const body = { agent_id: "x", agent_config: { agent_name: "A", tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "o", model: "m" } } } }] }, agent_prompts: { task_1: { system_prompt: "p" } } };
    const r = importPayload(JSON.stringify(body));
    expect(r.ok && r.valid).toBe(true);
    expect(r.ok && "agent_id" in r.values).toBe(false);
  });

  it("fills an invalid body around its gaps so the form can show what is wrong", () => {
    const r = importPayload(JSON.stringify({ agent_config: { agent_name: "", tasks: [{ task_type: "extraction" }, "junk"] } }));
    expect(r.ok && !r.valid).toBe(true);
    if (!r.ok) return;
    expect(r.values.agent_config.tasks).toHaveLength(2);
    expect(r.values.agent_config.tasks[0].task_type).toBe("extraction");
    expect(r.values.agent_config.tasks[1].tools_config.llm_agent.llm_config.provider).toBe("openai");
    expect(r.values.agent_prompts).toEqual({ task_1: { system_prompt: "" }, task_2: { system_prompt: "" } });
    const issues = AgentPayload.safeParse(r.values).error?.issues.map((i) => i.path.join("."));
    expect(issues).toEqual(expect.arrayContaining(["agent_config.agent_name", "agent_prompts.task_1.system_prompt"]));
  });
});
