import { describe, expect, it } from "vitest";
import { templateVariables } from "./call-variables";

describe("templateVariables", () => {
  it("finds each {name} once, welcome message first, then tasks in order", () => {
    const vars = templateVariables({
      agent_config: { agent_welcome_message: "Hi {first_name}, this is {agent}." },
      agent_prompts: {
        task_10: { system_prompt: "Late: {tenth}" },
        task_2: { system_prompt: "Remind {first_name} about {plan_name}." },
        task_1: { system_prompt: "You call {first_name} about order {order_id}." },
      },
    });
    expect(vars).toEqual(["first_name", "agent", "order_id", "plan_name", "tenth"]);
  });

  it("ignores JSON-looking braces and non-identifiers", () => {
    expect(templateVariables({ agent_prompts: { task_1: { system_prompt: 'Reply {"ok": true} or { } or {1st} or {{literal}}' } } })).toEqual([]);
  });

  it("copes with missing parts", () => {
    expect(templateVariables({})).toEqual([]);
    expect(templateVariables({ agent_config: {}, agent_prompts: { task_1: {} } })).toEqual([]);
  });
});
