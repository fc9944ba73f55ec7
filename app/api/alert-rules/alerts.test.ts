import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateOnce, type TickReport } from "@/lib/alerts/evaluator";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { callHooks } from "@/lib/engines/call-hooks";
import { statusRank } from "@/lib/calls/status";
import { db, writeTx } from "@/lib/core/client";
import { writeOutcome } from "@/lib/outcomes/db";
import type { Evaluated } from "@/lib/outcomes/evaluate";
import { hashPassword } from "@/lib/people/password";
import { createUser } from "@/lib/people/db/users";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as session from "@/app/api/session/route";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { webhookWorld, type WebhookWorld } from "@/lib/testing/webhook-world";
import * as incident from "../incidents/[incident_id]/route";
import * as incidents from "../incidents/route";
import * as byId from "./[rule_id]/route";
import * as rules from "./route";

// Recorded as an engine's report is: with every feature's hook (alert minutes among them).
const ingest = (accountId: string, call: ResolvedCall) => upsertCall(accountId, call, callHooks(null));

// Alerts over real HTTP: rule CRUD (admin writes, 400 naming the field, 404 across
// tenants); an incident opens from ingested failed calls and resolves once the window has passed
// (the evaluator's clock injected); two evaluators at once open one incident; alert.triggered reaches
// a webhook endpoint, signed.
let w: WebhookWorld;
let rx: WebhookReceiver;
let other: { accountId: string; token: string };
let location: string;

beforeAll(async () => {
  location = await useTempDatabase({ TOOL_TARGET_ALLOWLIST: "127.0.0.1", RATE_LIMIT_PER_MINUTE: "100000" });
  rx = await startWebhookReceiver();
  w = await webhookWorld([
    [/^\/api\/alert-rules$/, rules], [/^\/api\/alert-rules\/(?<rule_id>[^/]+)$/, byId],
    [/^\/api\/incidents$/, incidents], [/^\/api\/incidents\/(?<incident_id>[^/]+)$/, incident],
  ]);
  other = await newAccountWithToken("Other tenant");
});
afterAll(async () => Promise.all([w?.close(), rx?.close()]));

const RULE = { name: "Front desk failing", metric: "failed_calls", comparator: "gt", threshold: 2, window_minutes: 10, severity: "critical" };
const asOther = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${w.origin}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${other.token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
  });
  return res.status;
};

describe("alert rules API", () => {
  it("creates, gets, lists, patches and deletes a rule", async () => {
    const res = await w.api("POST", "/api/alert-rules", { ...RULE, notify: { emails: ["oncall@example.com"] } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ...RULE, agent_id: null, relative: false, state: "ok", value: 0, notify: { emails: ["oncall@example.com"], webhook: true } });
    const id = res.json.rule_id;
    expect((await w.api("GET", `/api/alert-rules/${id}`)).json).toEqual(res.json);
    expect((await w.api("GET", "/api/alert-rules")).json.rules.map((r: { rule_id: string }) => r.rule_id)).toContain(id);
    const patched = await w.api("PATCH", `/api/alert-rules/${id}`, { threshold: 5, window_minutes: 60, relative: true });
    expect(patched.json).toMatchObject({ threshold: 5, window_minutes: 60, relative: true, name: RULE.name });
    expect((await w.api("DELETE", `/api/alert-rules/${id}`)).json).toEqual({ rule_id: id, status: "deleted" });
    expect((await w.api("GET", `/api/alert-rules/${id}`)).status).toBe(404);
  });

  it("answers 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...RULE, name: undefined }, "name"], [{ ...RULE, metric: "latency" }, "metric"], [{ ...RULE, window_minutes: 15 }, "window_minutes"],
      [{ ...RULE, comparator: "ge" }, "comparator"], [{ ...RULE, threshold: "2" }, "threshold"], [{ ...RULE, severity: "info" }, "severity"],
      [{ ...RULE, notify: { emails: ["nope"] } }, "notify.emails"], [{ ...RULE, extra: 1 }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await w.api("POST", "/api/alert-rules", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toContain(field);
    }
    const made = (await w.api("POST", "/api/alert-rules", RULE)).json.rule_id;
    const bad = await w.api("PATCH", `/api/alert-rules/${made}`, { window_minutes: 5 });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe("window_minutes");
    await w.api("DELETE", `/api/alert-rules/${made}`);
  });

  it("changing rules needs admin: an editor reads them but cannot write", async () => {
    const PW = "Tr0ub4dor&3-alerts-pw";
    await createUser({ accountId: w.accountId, email: "editor@alerts.test", name: "Editor", passwordHash: await hashPassword(PW), role: "editor" });
    const signedIn = await call(session.POST, "POST", "/api/session", { body: { email: "editor@alerts.test", password: PW }, headers: { "x-forwarded-for": "10.23.0.1" } });
    const cookie = /voxdesk_session=([^;]+)/.exec(signedIn.headers.get("set-cookie") ?? "")?.[1];
    const asEditor = async (method: string, path: string, body?: unknown) => (await fetch(`${w.origin}${path}`, {
      method, body: body === undefined ? undefined : JSON.stringify(body),
      headers: { cookie: `voxdesk_session=${cookie}`, origin: w.origin, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    })).status;
    const id = (await w.api("POST", "/api/alert-rules", RULE)).json.rule_id;
    expect(await asEditor("GET", `/api/alert-rules/${id}`)).toBe(200);
    expect(await asEditor("POST", "/api/alert-rules", RULE)).toBe(403);
    expect(await asEditor("PATCH", `/api/alert-rules/${id}`, { threshold: 1 })).toBe(403);
    expect(await asEditor("DELETE", `/api/alert-rules/${id}`)).toBe(403);
    await w.api("DELETE", `/api/alert-rules/${id}`);
  });

  it("a rule saved while its condition holds answers triggered with its value and evaluation time; an edit that clears it resolves", async () => {
    const now = Date.now();
    await ingest(w.accountId, execution("saved-1", "failed", now - 2 * 60_000, "agent-saved"));
    const made = await w.api("POST", "/api/alert-rules", { ...RULE, agent_id: "agent-saved", threshold: 0 });
    expect(made.json).toMatchObject({ state: "triggered", value: 1 });
    expect(Date.parse(made.json.evaluated_at)).toBeGreaterThanOrEqual(now - 1000);
    const id = made.json.rule_id;
    expect((await w.api("GET", `/api/incidents?rule_id=${id}`)).json.incidents).toEqual([expect.objectContaining({ status: "open", call_sids: ["saved-1"] })]);
    const patched = await w.api("PATCH", `/api/alert-rules/${id}`, { threshold: 5 });
    expect(patched.json).toMatchObject({ state: "ok", value: 1 });
    expect((await w.api("GET", `/api/incidents?rule_id=${id}`)).json.incidents).toEqual([expect.objectContaining({ status: "resolved" })]);
    await w.api("DELETE", `/api/alert-rules/${id}`);
  });

  it("another account's rule and incident answer 404", async () => {
    const id = (await w.api("POST", "/api/alert-rules", RULE)).json.rule_id;
    expect(await asOther("GET", `/api/alert-rules/${id}`)).toBe(404);
    expect(await asOther("PATCH", `/api/alert-rules/${id}`, { threshold: 1 })).toBe(404);
    expect(await asOther("DELETE", `/api/alert-rules/${id}`)).toBe(404);
    expect((await w.api("GET", `/api/alert-rules/${id}`)).json.threshold).toBe(2);
    await w.api("DELETE", `/api/alert-rules/${id}`);
  });
});

let seq = 0;
function execution(sid: string, status: string, createdAt: number, agentId = "agent-front"): ResolvedCall {
  return {
    call_sid: sid, remote_agent_id: "remote", agent_id: agentId, name: "Front desk", engine_id: "e1",
    from_number: "+14155550101", to_number: "+14155550199", duration: 30, recording_url: "", transcription: "", status, cost: 0.02,
    call_type: "outbound", created_at: new Date(createdAt).toISOString(), updated_at: new Date(createdAt + ++seq).toISOString(),
    status_rank: statusRank(status),
    extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null, error_message: null, template_variables: null },
  };
}

describe("alert evaluator", () => {
  // The receiver rejects signatures more than 5 minutes off: the clock starts at the real minute.
  const T = Math.floor(Date.now() / 60_000) * 60_000;
  const MIN = 60_000;

  it("opens an incident from ingested failed calls, emits alert.triggered, and resolves once the window has passed", async () => {
    await w.endpoint(rx, ["alert.triggered", "alert.resolved"]);
    const rule = (await w.api("POST", "/api/alert-rules", { ...RULE, agent_id: "agent-front" })).json.rule_id;
    // Three calls end failed (one through an in-progress delivery first); a completed one and another agent's failure do not count.
    await ingest(w.accountId, execution("fail-1", "in-progress", T - 3 * MIN));
    for (const [sid, status, at, agent] of [["fail-1", "failed", T - 3 * MIN], ["fail-2", "error", T - 2 * MIN], ["ok-1", "completed", T - 2 * MIN],
      ["other-agent", "failed", T - 2 * MIN, "agent-other"]] as const) {
      await ingest(w.accountId, execution(sid, status, at, agent));
    }
    expect((await evaluateOnce({ now: T })).opened).toEqual([]); // 2 failed: not above 2
    await ingest(w.accountId, execution("fail-3", "failed", T - MIN));
    const tick = await evaluateOnce({ now: T });
    expect(tick.opened).toHaveLength(1);
    expect((await evaluateOnce({ now: T + MIN })).opened).toEqual([]); // still holding: the same incident
    const open = (await w.api("GET", "/api/incidents?status=open")).json.incidents;
    expect(open).toEqual([expect.objectContaining({ incident_id: tick.opened[0], rule_id: rule, status: "open", value: 3, resolved_at: null,
      call_sids: ["fail-1", "fail-2", "fail-3"], opened_at: new Date(T).toISOString() })]);
    // Each call as the console names it: the number called, the agent, when it started.
    expect(open[0].calls).toEqual(["fail-1", "fail-2", "fail-3"].map((sid, i) => ({ call_sid: sid, agent_id: "agent-front", agent_name: "Front desk",
      number: "+14155550199", created_at: new Date(T - (3 - i) * MIN).toISOString() })));
    expect((await w.api("GET", `/api/alert-rules/${rule}`)).json).toMatchObject({ state: "triggered", value: 3 }); // the value now, as the evaluator sees it
    expect((await w.api("GET", `/api/incidents/${tick.opened[0]}`)).json.value).toBe(3);
    expect(await asOther("GET", `/api/incidents/${tick.opened[0]}`)).toBe(404);

    await w.tick();
    const triggered = rx.accepted.filter((m) => m.type === "alert.triggered");
    expect(triggered).toHaveLength(1);
    expect(JSON.parse(triggered[0].body).data).toMatchObject({ incident_id: tick.opened[0], value: 3, call_sids: ["fail-1", "fail-2", "fail-3"], rule: { rule_id: rule } });

    // fail-1 ended in minute T - 3: the window of whole minutes before T + 7 still holds it, the one before T + 8 not (2 failed remain).
    expect((await evaluateOnce({ now: T + 7 * MIN + 59_000 })).resolved).toEqual([]);
    const later = await evaluateOnce({ now: T + 8 * MIN });
    expect(later.resolved).toEqual(tick.opened);
    const done = (await w.api("GET", `/api/incidents?rule_id=${rule}`)).json.incidents;
    expect(done).toEqual([expect.objectContaining({ status: "resolved", resolved_at: new Date(T + 8 * MIN).toISOString() })]);
    const events = await db().selectFrom("webhook_events").select("type").where("account_id", "=", w.accountId).where("type", "like", "alert.%").execute();
    expect(events.map((e) => e.type).sort()).toEqual(["alert.resolved", "alert.triggered"]);
    await w.api("DELETE", `/api/alert-rules/${rule}`);
  });

  it("two evaluators ticking together open one incident", async () => {
    // On an agent with no call yet: the rule's own first evaluation (at its creation) finds nothing.
    const rule = (await w.api("POST", "/api/alert-rules", { ...RULE, agent_id: "agent-busy", metric: "calls", threshold: 0, window_minutes: 30 })).json.rule_id;
    await ingest(w.accountId, execution("busy-1", "completed", T - 5 * MIN, "agent-busy"));
    const ticks = await Promise.all([evaluateOnce({ now: T }), evaluateOnce({ now: T }), evaluateOnce({ now: T })]);
    expect(ticks.flatMap((t) => t.opened)).toHaveLength(1);
    const rows = await db().selectFrom("alert_incidents").select("status").where("rule_id", "=", rule).execute();
    expect(rows).toEqual([{ status: "open" }]);
    const after = await Promise.all([evaluateOnce({ now: T + 40 * MIN }), evaluateOnce({ now: T + 40 * MIN })]);
    expect(after.flatMap((t) => t.resolved)).toHaveLength(1);
    const events = await db().selectFrom("webhook_events").select("payload").where("account_id", "=", w.accountId).where("type", "=", "alert.triggered").execute();
    expect(events.filter((e) => e.payload.includes(rule))).toHaveLength(1);
  });

  it("an evaluator in another process and one in this process open and resolve each incident once", async () => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("lib", "testing", "alert-evaluator-process.ts")], {
      env: { ...process.env, ...(location.startsWith("postgres") ? { DATABASE_URL: location } : { DATABASE_PATH: location }) },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const exited = new Promise((resolve) => child.once("exit", resolve));
    expect((await lines.next()).value).toBe("ready");
    const made: string[] = [];
    for (let i = 0; i < 8; i++) {
      made.push((await w.api("POST", "/api/alert-rules", { ...RULE, name: `twin ${i}`, agent_id: "agent-twin", metric: "calls", threshold: 0, window_minutes: 60 })).json.rule_id);
    }
    await ingest(w.accountId, execution("twin-call", "completed", T - MIN, "agent-twin"));
    const both = async (now: number) => {
      child.stdin!.write(`tick ${now}\n`);
      const [here, there] = await Promise.all([evaluateOnce({ now }), lines.next().then((l) => JSON.parse(l.value as string) as TickReport)]);
      return { opened: [...here.opened, ...there.opened], resolved: [...here.resolved, ...there.resolved] };
    };
    const opened = (await both(T)).opened;
    const rows = await db().selectFrom("alert_incidents").select(["id", "rule_id"]).where("rule_id", "in", made).execute();
    expect(rows.map((r) => r.rule_id).sort()).toEqual([...made].sort()); // one incident per rule
    expect(opened.filter((id) => rows.some((r) => r.id === id))).toHaveLength(made.length); // each reported by one process
    expect((await both(T + 2 * 60 * MIN)).resolved.filter((id) => rows.some((r) => r.id === id)).sort()).toEqual(rows.map((r) => r.id).sort());
    child.stdin!.end("stop\n");
    await exited;
    const events = await db().selectFrom("webhook_events").select("payload").where("type", "=", "alert.triggered").execute();
    for (const rule of made) expect(events.filter((e) => e.payload.includes(rule))).toHaveLength(1);
    for (const id of made) await w.api("DELETE", `/api/alert-rules/${id}`);
  }, 60_000);

  it("rates come from outcomes (a re-analysis moves its share), and a relative rule compares with the window before", async () => {
    const agent = "agent-rates";
    const outcome = (success: boolean, sentiment: "negative" | "positive"): Evaluated => ({ success, success_reason: null, sentiment, disposition: null, fields: {}, errors: [] });
    const analyse = (sid: string, o: Evaluated, isNew: boolean) => writeTx((trx) =>
      writeOutcome(trx, w.accountId, sid, agent, o, { source: "voxdesk", model: "m", analyzedAt: new Date(T - MIN).toISOString() }, isNew));
    for (const sid of ["rate-a", "rate-b"]) await ingest(w.accountId, execution(sid, "completed", T - 2 * MIN, agent));
    await analyse("rate-a", outcome(false, "negative"), true);
    await analyse("rate-b", outcome(true, "positive"), true);
    await analyse("rate-b", outcome(true, "negative"), false);
    const make = async (body: Record<string, unknown>) => (await w.api("POST", "/api/alert-rules", { ...RULE, agent_id: agent, ...body })).json.rule_id;
    const negative = await make({ metric: "negative_sentiment_rate", threshold: 60 });
    const success = await make({ metric: "success_rate", comparator: "lt", threshold: 60 });
    // One call 10-20 minutes before, two in the last 10: +100 % against the window before.
    await ingest(w.accountId, execution("rate-early", "completed", T - 15 * MIN, agent));
    const relative = await make({ metric: "calls", relative: true, threshold: 99 });
    const steady = await make({ metric: "calls", relative: true, threshold: 100 });
    await evaluateOnce({ now: T });
    const open = (await w.api("GET", "/api/incidents?status=open")).json.incidents as { rule_id: string; value: number; call_sids: string[] }[];
    const of = (rule: string) => open.find((i) => i.rule_id === rule);
    expect(of(negative)).toMatchObject({ value: 100, call_sids: ["rate-a", "rate-b"] });
    expect(of(success)).toMatchObject({ value: 50, call_sids: ["rate-a"] });
    expect(of(relative)).toMatchObject({ value: 100 });
    expect(of(steady)).toBeUndefined();
    for (const id of [negative, success, relative, steady]) await w.api("DELETE", `/api/alert-rules/${id}`);
  });
});
