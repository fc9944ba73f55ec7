import { z } from "zod";
import { CreateTestBody, type Expectation } from "@/lib/agents/tests/schema";
import type { Entry } from "./use-test-chat";

// The test case form (Save as test case, Edit): its values, the body it sends, and its validation,
// which is the API's own schema (CreateTestBody) run on that body, its issues put on the fields.

export const EXPECTATION_KINDS = ["reply_contains", "reply_matches", "tool_called", "judge"] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];
export const KIND_LABELS: Record<ExpectationKind, string> = {
  reply_contains: "Reply contains", reply_matches: "Reply matches", tool_called: "Tool called", judge: "Judged",
};

/** One row of the form: every kind's inputs, so switching the kind keeps what was typed. args: JSON text. */
export type ExpectationDraft = { type: ExpectationKind; text: string; pattern: string; tool: string; args: string; criteria: string };
export const blankDraft = (type: ExpectationKind = "reply_contains"): ExpectationDraft => ({ type, text: "", pattern: "", tool: "", args: "", criteria: "" });

export type TestCaseValues = {
  name: string;
  turns: { text: string }[];
  variables: { name: string; value: string }[];
  expect: ExpectationDraft[];
};

const ARGS_HELP = 'a JSON object, e.g. {"day": "monday"}';

/** The arguments text as the API's `args` (undefined when blank), or why it is not a JSON object. */
export function parseArgs(text: string): { ok: true; args?: Record<string, unknown> } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `Arguments must be ${ARGS_HELP}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, message: `Arguments must be ${ARGS_HELP}` };
  return { ok: true, args: value as Record<string, unknown> };
}

function toExpectation(d: ExpectationDraft): Expectation {
  switch (d.type) {
    case "reply_contains": return { type: d.type, text: d.text };
    case "reply_matches": return { type: d.type, pattern: d.pattern };
    case "judge": return { type: d.type, criteria: d.criteria };
    case "tool_called": {
      const parsed = parseArgs(d.args);
      return { type: d.type, tool: d.tool, ...(parsed.ok && parsed.args ? { args: parsed.args } : {}) };
    }
  }
}

/** What the form sends (POST or PUT): blank variables left out, as the chat leaves them out. */
export function toBody(v: TestCaseValues): CreateTestBody {
  return {
    name: v.name,
    variables: Object.fromEntries(v.variables.filter((x) => x.value.trim() !== "").map((x) => [x.name, x.value])),
    turns: v.turns.map((t) => t.text),
    expect: v.expect.map(toExpectation),
  };
}

/** The form field an API error path names: `expect[1].pattern` → `expect.1.pattern`, `turns[0]` → `turns.0.text`. */
export function fieldOf(path: string, v: Pick<TestCaseValues, "variables">): string | null {
  if (path === "name") return "name";
  const turn = /^turns\[(\d+)\]$/.exec(path);
  if (turn) return `turns.${turn[1]}.text`;
  if (path === "turns" || path === "expect") return `${path}.root`;
  const exp = /^expect\[(\d+)\](?:\.(\w+))?/.exec(path);
  if (exp) return `expect.${exp[1]}.${exp[2] && exp[2] !== "type" ? exp[2] : "type"}`;
  const variable = /^variables\.(.+)$/.exec(path);
  if (variable) {
    const i = v.variables.findIndex((x) => x.name === variable[1]);
    return i >= 0 ? `variables.${i}.value` : null;
  }
  return null;
}

/** The form's schema: the values' shape, then CreateTestBody on the body they make, each issue on its field. */
export const TestCaseForm = z.object({
  name: z.string(),
  turns: z.array(z.object({ text: z.string() })),
  variables: z.array(z.object({ name: z.string(), value: z.string() })),
  expect: z.array(z.object({
    type: z.enum(EXPECTATION_KINDS), text: z.string(), pattern: z.string(), tool: z.string(), args: z.string(), criteria: z.string(),
  })),
}).superRefine((v, ctx) => {
  v.expect.forEach((d, i) => {
    const parsed = d.type === "tool_called" ? parseArgs(d.args) : { ok: true as const };
    if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["expect", i, "args"], message: parsed.message });
  });
  const body = CreateTestBody.safeParse(toBody(v));
  if (body.success) return;
  for (const issue of body.error.issues) {
    const path = issue.path.map((p, j) => (typeof p === "number" && j > 0 ? `[${p}]` : j > 0 ? `.${String(p)}` : String(p))).join("");
    const field = fieldOf(path, v);
    // Field arrays keep their own errors at `root` (react-hook-form); one level up from `.root` for zod.
    const at = (field ?? "root").replace(/\.root$/, "").split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    ctx.addIssue({ code: "custom", path: field ? at : [], message: field ? issue.message : `${path}: ${issue.message}` });
  }
});

/** The last reply's first sentence (a whole model reply rarely repeats word for word). */
function replySnippet(text: string): string {
  const first = text.trim().split(/(?<=[.!?])\s/)[0] ?? "";
  return first.slice(0, 200);
}

/** Expectations this conversation would pass: each distinct tool it called, and its last reply's first sentence. */
export function suggestedExpectations(entries: readonly Entry[]): ExpectationDraft[] {
  const tools = [...new Set(entries.flatMap((e) => (e.kind === "tool" ? [e.name] : [])))];
  const lastReply = entries.findLast((e) => e.kind === "assistant" && e.text.trim() !== "");
  const out = tools.map((tool) => ({ ...blankDraft("tool_called"), tool }));
  if (lastReply?.kind === "assistant") out.push({ ...blankDraft(), text: replySnippet(lastReply.text) });
  return out;
}

/** The arguments each tool was called with in this conversation (shown beside the arguments field). */
export function calledArgs(entries: readonly Entry[]): Map<string, Record<string, unknown>[]> {
  const out = new Map<string, Record<string, unknown>[]>();
  for (const e of entries) if (e.kind === "tool") out.set(e.name, [...(out.get(e.name) ?? []), e.args]);
  return out;
}

/** A saved test as form values (Edit); its variables joined by the version's own {variables}. */
export function valuesOf(t: CreateTestBody, variableNames: readonly string[]): TestCaseValues {
  const names = [...new Set([...Object.keys(t.variables), ...variableNames])];
  return {
    name: t.name,
    turns: t.turns.map((text) => ({ text })),
    variables: names.map((name) => ({ name, value: t.variables[name] ?? "" })),
    expect: t.expect.map((e) => {
      const d = blankDraft(e.type);
      if (e.type === "reply_contains") d.text = e.text;
      if (e.type === "reply_matches") d.pattern = e.pattern;
      if (e.type === "judge") d.criteria = e.criteria;
      if (e.type === "tool_called") Object.assign(d, { tool: e.tool, args: e.args ? JSON.stringify(e.args, null, 2) : "" });
      return d;
    }),
  };
}
