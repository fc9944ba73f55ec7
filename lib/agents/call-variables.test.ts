import { describe, expect, it } from "vitest";
import { blankVariables, blankVariablesWarning, promptVariables, templateVariables } from "./call-variables";

describe("promptVariables", () => {
  it("lists {names} once, in order, and ignores {{double}} and empty braces", () => {
    expect(promptVariables("Hi {customer_name}, your {date} slot. {customer_name}? {{literal}} {} { spaced }"))
      .toEqual(["customer_name", "date", "spaced"]);
  });
  it("finds nothing in plain text", () => {
    expect(promptVariables("Be polite.")).toEqual([]);
  });
});

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

describe("blankVariables and their warning", () => {
  it("names every variable left blank or only spaces, in the dialog's order", () => {
    expect(blankVariables(["first_name", "appointment", "city"], { first_name: "Bruce", appointment: "  " })).toEqual(["appointment", "city"]);
    expect(blankVariables(["a"], undefined)).toEqual(["a"]);
    expect(blankVariables(["a"], { a: "x" })).toEqual([]);
    expect(blankVariables(["a", "b"], { a: 0, b: false })).toEqual([]);
  });

  it("says which ones, and why it matters", () => {
    expect(blankVariablesWarning([])).toBeNull();
    expect(blankVariablesWarning(["appointment"])).toBe("{appointment} is blank: the agent gets the placeholder instead of a value, and a campaign would skip a contact without it.");
    expect(blankVariablesWarning(["a", "b", "c"])).toMatch(/^\{a\}, \{b\} and \{c\} are blank: .* without them\.$/);
  });
});
