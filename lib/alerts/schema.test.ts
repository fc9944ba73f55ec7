import { describe, expect, it } from "vitest";
import { PROVIDER_NAMES } from "@/lib/engines/providers";
import { RuleCreate } from "./schema";

// The rule's one schema speaks to the console's form as to the API: each mistake in words, on its field.
const RULE = { name: "Failing", metric: "failed_calls", comparator: "gt", threshold: 2, window_minutes: 10, severity: "warning" };
const messages = (body: unknown) => Object.fromEntries((RuleCreate.safeParse(body).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("RuleCreate", () => {
  it("says what a threshold, window, name and email must be", () => {
    expect(messages({ ...RULE, threshold: undefined })).toEqual({ threshold: "must be a number" });
    expect(messages({ ...RULE, window_minutes: 15 })).toEqual({ window_minutes: "must be 10, 30, 60, 180 or 1440 minutes" });
    expect(messages({ ...RULE, name: " " })).toEqual({ name: "must not be empty" });
    expect(messages({ ...RULE, notify: { emails: ["nope"] } })).toEqual({ "notify.emails.0": "must be an email address" });
    expect(RuleCreate.parse(RULE)).toMatchObject({ relative: false, notify: { emails: [], webhook: true } });
  });

  it("says what an engine and a kind of engine must be; null watches every one", () => {
    expect(messages({ ...RULE, engine_id: "front-line" })).toEqual({ engine_id: "must be an engine id (a UUID)" });
    expect(messages({ ...RULE, provider: "twilio" })).toEqual({ provider: `must be one of: ${PROVIDER_NAMES.join(", ")}` });
    const engine = "22222222-2222-4222-8222-222222222222";
    expect(RuleCreate.parse({ ...RULE, engine_id: engine, provider: "vapi" })).toMatchObject({ engine_id: engine, provider: "vapi" });
    expect(RuleCreate.parse({ ...RULE, engine_id: null, provider: null })).toMatchObject({ engine_id: null, provider: null });
  });
});
