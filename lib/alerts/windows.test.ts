import { beforeAll, describe, expect, it } from "vitest";
import { createRule } from "@/lib/alerts/db/rules";
import { evaluateOnce } from "@/lib/alerts/evaluator";
import type { RuleCreateInput } from "@/lib/alerts/schema";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { statusRank } from "@/lib/calls/status";
import { db } from "@/lib/core/client";
import { callHooks } from "@/lib/engines/call-hooks";
import { newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";

// Which minutes a rule sees: a call counts in the minute it ended (a long call's duration and cost
// land when it ends, not in the minute it started), and a window is the last whole minutes before
// the current one (the minute still filling is left out). Calls go through the real ingest with
// every feature's hook; the evaluator's clock is injected.

const MIN = 60_000;
const T = Math.floor(Date.now() / MIN) * MIN;
let accountId = "";
let seq = 0;

beforeAll(async () => {
  await useTempDatabase({ LOG_LEVEL: "silent" });
  accountId = (await newAccountWithToken("Windows")).accountId;
});

function report(sid: string, agentId: string, status: string, createdAt: number, duration: number, cost: number): ResolvedCall {
  return {
    call_sid: sid, remote_agent_id: "remote", agent_id: agentId, name: "Desk", engine_id: "e1", from_number: "+14155550101", to_number: "+14155550199",
    duration, recording_url: "", transcription: "", status, cost, call_type: "outbound", created_at: new Date(createdAt).toISOString(),
    updated_at: new Date(createdAt + duration * 1000 + ++seq).toISOString(), status_rank: statusRank(status),
    extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null, error_message: null, template_variables: null },
  };
}
const ingest = (c: ResolvedCall) => upsertCall(accountId, c, callHooks(null));
const rule = async (agentId: string, r: Partial<RuleCreateInput>) => (await createRule(accountId, {
  name: "r", metric: "calls", agent_id: agentId, comparator: "gt", threshold: 0, window_minutes: 10, relative: false, severity: "warning",
  notify: { emails: [], webhook: false }, ...r,
})).id;
const incident = (ruleId: string) => db().selectFrom("alert_incidents").select(["value", "call_sids", "status"]).where("rule_id", "=", ruleId).executeTakeFirst();

describe("alert windows", () => {
  it("count a long call's duration and cost in the minute it ended", async () => {
    const cost = await rule("agent-long", { metric: "cost", threshold: 1 });
    const duration = await rule("agent-long", { metric: "average_duration", threshold: 600 });
    // Started 41 minutes before T, in progress, then ended a minute before T after 40 minutes.
    await ingest(report("long", "agent-long", "in-progress", T - 41 * MIN, 0, 0));
    expect((await evaluateOnce({ now: T - 30 * MIN })).opened).toEqual([]);
    await ingest(report("long", "agent-long", "completed", T - 41 * MIN, 2400, 1.5));
    expect((await evaluateOnce({ now: T })).opened).toHaveLength(2);
    expect(await incident(cost)).toMatchObject({ value: 1.5, call_sids: JSON.stringify(["long"]) });
    expect(await incident(duration)).toMatchObject({ value: 2400, call_sids: JSON.stringify(["long"]) });
  });

  it("leave the current minute out: a failure counts once its minute is whole, and for exactly the window's minutes", async () => {
    const failing = await rule("agent-now", { metric: "failed_calls" });
    await ingest(report("now-fail", "agent-now", "failed", T + 5_000, 0, 0));
    await evaluateOnce({ now: T + 30_000 });
    expect(await incident(failing)).toBeUndefined(); // its minute is still filling
    await evaluateOnce({ now: T + MIN });
    expect(await incident(failing)).toMatchObject({ value: 1, status: "open", call_sids: JSON.stringify(["now-fail"]) });
    // The 10 whole minutes before T + 10 still start at T; those before T + 11 no longer do.
    await evaluateOnce({ now: T + 10 * MIN + 59_000 });
    expect(await incident(failing)).toMatchObject({ status: "open" });
    await evaluateOnce({ now: T + 11 * MIN });
    expect(await incident(failing)).toMatchObject({ status: "resolved" });
  });
});
