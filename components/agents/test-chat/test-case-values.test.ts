import { describe, expect, it } from "vitest";
import { CreateTestBody } from "@/lib/agents/tests/schema";
import { blankDraft, fieldOf, suggestedExpectations, TestCaseForm, toBody, valuesOf, type TestCaseValues } from "./test-case-values";
import type { Entry } from "./use-test-chat";

const values = (over: Partial<TestCaseValues> = {}): TestCaseValues => ({
  name: "Books Monday", turns: [{ text: "Book me on Monday" }], variables: [{ name: "first_name", value: "Ada" }, { name: "day", value: " " }],
  expect: [{ ...blankDraft("reply_contains"), text: "Booked" }], ...over,
});
/** The form's errors as react-hook-form gets them: dotted paths. */
const problems = (v: TestCaseValues) => {
  const r = TestCaseForm.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("Save as test case: the expectations it starts from", () => {
  it("names each tool called once, then the last reply's first sentence", () => {
    const entries: Entry[] = [
      { kind: "welcome", text: "Hello Ada!" },
      { kind: "user", text: "Book me on Monday" },
      { kind: "tool", id: "c1", name: "book_slot", args: {} },
      { kind: "tool", id: "c2", name: "book_slot", args: {} },
      { kind: "assistant", text: "Booked you for Monday at 10. Anything else?", done: true },
      { kind: "error", message: "late failure" },
    ];
    const drafted = suggestedExpectations(entries);
    expect(drafted).toEqual([{ ...blankDraft("tool_called"), tool: "book_slot" }, { ...blankDraft("reply_contains"), text: "Booked you for Monday at 10." }]);
    // What the dialog sends is a body the API's own schema accepts.
    const body = CreateTestBody.parse(toBody(values({ expect: drafted })));
    expect(body.expect).toEqual([{ type: "tool_called", tool: "book_slot" }, { type: "reply_contains", text: "Booked you for Monday at 10." }]);
    expect(body.variables).toEqual({ first_name: "Ada" });
  });

  it("suggests nothing for a conversation without tools or replies (the form then asks for one)", () => {
    expect(suggestedExpectations([{ kind: "user", text: "Hi" }, { kind: "assistant", text: "  ", done: true }])).toEqual([]);
    expect(problems(values({ expect: [] }))).toEqual({ expect: "expect needs at least 1 expectation" });
  });
});

describe("the test case form", () => {
  it("sends each of the four kinds, tool arguments as an object", () => {
    const v = values({ expect: [
      { ...blankDraft("reply_contains"), text: "booked", pattern: "left over from another kind" },
      { ...blankDraft("reply_matches"), pattern: "Monday at \\d+" },
      { ...blankDraft("tool_called"), tool: "book_slot", args: '{"day": "monday", "seats": 2}' },
      { ...blankDraft("judge"), criteria: "Confirms the day" },
    ] });
    expect(problems(v)).toEqual({});
    expect(toBody(v).expect).toEqual([
      { type: "reply_contains", text: "booked" },
      { type: "reply_matches", pattern: "Monday at \\d+" },
      { type: "tool_called", tool: "book_slot", args: { day: "monday", seats: 2 } },
      { type: "judge", criteria: "Confirms the day" },
    ]);
  });

  it("puts the API schema's messages on the fields: a bad pattern, arguments that are not an object, blanks", () => {
    expect(problems(values({
      name: " ",
      turns: [{ text: "ok" }, { text: "" }],
      expect: [
        { ...blankDraft("reply_matches"), pattern: "(unclosed" },
        { ...blankDraft("tool_called"), tool: "book_slot", args: '["day"]' },
        { ...blankDraft("tool_called"), args: "{day: monday}" },
        blankDraft("judge"),
      ],
    }))).toEqual({
      name: "name is required",
      "turns.1.text": "a turn must not be empty",
      "expect.0.pattern": expect.stringMatching(/^pattern is not a valid regular expression/),
      "expect.1.args": 'Arguments must be a JSON object, e.g. {"day": "monday"}',
      "expect.2.args": 'Arguments must be a JSON object, e.g. {"day": "monday"}',
      "expect.2.tool": "tool is required",
      "expect.3.criteria": "criteria is required",
    });
  });

  it("maps the API's error paths to the form's fields", () => {
    const v = values();
    expect(fieldOf("expect[2].pattern", v)).toBe("expect.2.pattern");
    expect(fieldOf("expect[0]", v)).toBe("expect.0.type");
    expect(fieldOf("turns[1]", v)).toBe("turns.1.text");
    expect(fieldOf("turns", v)).toBe("turns.root");
    expect(fieldOf("variables.first_name", v)).toBe("variables.0.value");
    expect(fieldOf("variables.other", v)).toBeNull();
  });

  it("reads a saved test back into the form unchanged", () => {
    const saved = CreateTestBody.parse({
      name: "All four", variables: { first_name: "Ada" }, turns: ["Hi", "Monday"],
      expect: [{ type: "tool_called", tool: "book_slot", args: { day: "monday" } }, { type: "tool_called", tool: "cancel" }, { type: "reply_matches", pattern: "x+" }, { type: "judge", criteria: "Polite" }],
    });
    const v = valuesOf(saved, ["first_name", "day"]);
    expect(v.variables).toEqual([{ name: "first_name", value: "Ada" }, { name: "day", value: "" }]);
    expect(toBody(v)).toEqual(saved);
  });
});
