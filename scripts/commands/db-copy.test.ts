import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "@/app/api/agent/route";
import * as contactsRoute from "@/app/api/contacts/route";
import * as listRoute from "@/app/api/contacts/[list_id]/route";
import * as addRoute from "@/app/api/contacts/[list_id]/add/route";
import * as deployRoute from "@/app/api/agent/[id]/deploy/route";
import * as agentTestsRoute from "@/app/api/agent/[id]/tests/route";
import * as agentTestRunRoute from "@/app/api/agent/[id]/tests/run/route";
import * as details from "@/app/api/details/route";
import * as syncRoute from "@/app/api/engines/[engine_id]/sync/route";
import * as enginesRoute from "@/app/api/engines/route";
import * as aiProvidersRoute from "@/app/api/ai-providers/route";
import * as aiCheckRoute from "@/app/api/ai-providers/[provider_id]/check/route";
import * as analyzeRoute from "@/app/api/details/[call_sid]/analyze/route";
import * as analysisRunsRoute from "@/app/api/analysis-runs/route";
import * as webhookRoute from "@/app/api/webhooks/[provider]/[secret]/route";
import * as summary from "@/app/api/details/summary/route";
import * as sessionRoute from "@/app/api/session/route";
import * as suppressionsRoute from "@/app/api/suppressions/route";
import * as campaignActionRoute from "@/app/api/campaigns/[campaign_id]/[action]/route";
import * as campaignsRoute from "@/app/api/campaigns/route";
import * as invitesRoute from "@/app/api/members/invites/route";
import * as toolsRoute from "@/app/api/tools/route";
import * as recoverRoute from "@/app/api/webhook-endpoints/[endpoint_id]/recover/route";
import * as pricingRoute from "@/app/api/pricing/route";
import * as webhookEndpointsRoute from "@/app/api/webhook-endpoints/route";
import * as toolTest from "@/app/api/tools/[tool_id]/test/route";
import { registration } from "@/app/api/tools/tools-fixtures";
import { newApiToken, sha256Hex } from "@/lib/people/credentials";
import { keyFilePath } from "@/lib/core/secrets";
import { insertApiToken, revokeApiToken } from "@/lib/people/db/accounts";
import { insertCalls } from "@/lib/calls/db/calls";
import { upsertCall } from "@/lib/calls/db/ingest";
import { closeDb, db } from "@/lib/core/client";
import { enqueuePriceJob } from "@/lib/engines/db/price-jobs";
import { canConnect, createDatabase, dropDatabase } from "@/lib/core/postgres";
import { call, newAccountWithToken, pointAt } from "@/lib/testing/harness";
import { echoHandler, startLoopbackServer, type LoopbackServer } from "@/lib/testing/loopback-server";
import { bolnaExampleAgent } from "@/lib/testing/bolna-fixtures";
import { startFakeBolna, type FakeBolna } from "@/lib/testing/fake-bolna";
import { startFakeAiProvider, type FakeAiProvider } from "@/lib/testing/fake-ai-provider";
import { expectSummaryMatchesCalls, runCli } from "../cli-testing";
import { seedCalls } from "../support/seed-calls";
import { hashPassword } from "@/lib/people/password";
import { createUser } from "@/lib/people/db/users";
import { deliveryTick } from "@/lib/webhooks/worker";
import * as alertRulesRoute from "@/app/api/alert-rules/route";
import * as incidentsRoute from "@/app/api/incidents/route";
import { evaluateOnce } from "@/lib/alerts/evaluator";

// db:copy end to end: an embedded installation filled through the real handlers is copied by the
// real CLI into a fresh PostgreSQL database, then the app, pointed at PostgreSQL, must answer the
// same. Needs a PostgreSQL server: TEST_PG_ADMIN_URL (CI sets it; then it must answer), else the
// development server on 55432 if one is running; skipped only when neither is there.
const ADMIN = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:55432/postgres";
const havePg = Boolean(process.env.TEST_PG_ADMIN_URL) || (await canConnect(ADMIN));

// In creation order; migration 0023 recreated the three daily rollups (keyed by engine and provider too), 0028 call_minute; 0029 added alert_mails; 0034 webhook_lanes.
const TABLES = ["accounts", "calls", "agents", "tools", "tool_tests", "contact_lists", "contacts", "engines", "agent_deployments", "users", "api_tokens", "sessions", "audit_log", "signin_failures", "suppressions", "member_links", "campaigns", "campaign_contacts", "call_outcomes", "call_outcome_fields", "ai_providers", "analysis_jobs", "analysis_runs", "webhook_endpoints", "webhook_events", "webhook_deliveries", "webhook_attempts", "agent_versions", "agent_deployment_log", "alert_rules", "alert_incidents", "agent_tests", "agent_test_runs", "agent_test_results", "webhook_recovers", "call_price_jobs", "call_daily", "call_daily_engine", "call_outcome_daily", "account_pricing", "call_daily_latency", "engine_syncs", "call_minute", "alert_mails", "call_marks", "webhook_lanes"];
const TOOL_TOKEN = "tok_copy_plaintext_9Xq2Lm";
const UNTIL = new Date("2025-06-30T12:00:00Z");
const pgName = `voxdesk_copy_${crypto.randomBytes(5).toString("hex")}`;
let pgUrl = "";
let sqlitePath: string;
let target: LoopbackServer;
let bolna: FakeBolna;
let ai: FakeAiProvider;
let aiProviderId: string;
let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
let cookie: string;
let toolId: string;
let listId: string;
let before: Awaited<ReturnType<typeof snapshot>>;

const get = (handler: Parameters<typeof call>[0], url: string, token: string | null, params?: Record<string, string>, headers?: Record<string, string>) =>
  call(handler, "GET", url, { token, params, headers });

/** Follows next_cursor to the end: every page as the API serves it. */
type Answer = Awaited<ReturnType<typeof get>>;
async function allPages(page: (cursor: string) => Promise<Answer>, pick: (json: Answer["json"]) => Answer["json"]) {
  const pages = [];
  for (let cursor = ""; ;) {
    const res = await page(cursor ? `&cursor=${encodeURIComponent(cursor)}` : "");
    expect(res.status).toBe(200);
    pages.push(pick(res.json));
    if (!res.json.next_cursor) return pages;
    cursor = res.json.next_cursor;
  }
}
const allCalls = (token: string, query = "") => allPages((c) => get(details.GET, `/api/details?limit=1000${query}${c}`, token), (j) => j.calls);
const allContacts = (token: string) => allPages((c) => get(listRoute.GET, `/?limit=200${c}`, token, { list_id: listId }), (j) => j);

// Arrays whose order among equal call counts is the database's row order, not part of the API.
const byKey = (xs: Record<string, unknown>[], key: string) => [...xs].sort((x, y) => String(x[key]).localeCompare(String(y[key])));

/** What the API shows of both accounts: every call page, searches, the summary, agents, tools, contacts, the session. */
async function snapshot() {
  const sum = (await get(summary.GET, "/api/details/summary?from=2025-04-01&to=2025-06-30", a.token)).json;
  return {
    callsA: await allCalls(a.token),
    callsB: await allCalls(b.token),
    completedA: await allCalls(a.token, "&status=completed"),
    searchWord: await allCalls(a.token, "&q=zebra"),
    searchCommon: await allCalls(a.token, "&q=refund"),
    searchPhone: await allCalls(a.token, `&q=${encodeURIComponent("7700 900123")}`),
    searchSeeded: await allCalls(a.token, `&q=${encodeURIComponent("555 0150")}`),
    summary: { ...sum, per_status: byKey(sum.per_status, "status"), per_call_type: byKey(sum.per_call_type, "call_type"), per_agent: byKey(sum.per_agent, "agent_id") },
    agents: (await get(agentRoute.GET, "/api/agent?limit=200", a.token)).json,
    engines: (await get(enginesRoute.GET, "/api/engines", a.token)).json,
    aiProviders: (await get(aiProvidersRoute.GET, "/api/ai-providers", a.token)).json,
    webhookEndpoints: (await get(webhookEndpointsRoute.GET, "/api/webhook-endpoints", a.token)).json,
    alertRules: (await get(alertRulesRoute.GET, "/api/alert-rules", a.token)).json,
    pricing: (await get(pricingRoute.GET, "/api/pricing", a.token)).json,
    incidents: (await get(incidentsRoute.GET, "/api/incidents", a.token)).json,
    tools: (await get(toolsRoute.GET, "/api/tools", a.token)).json,
    lists: (await get(contactsRoute.GET, "/api/contacts", a.token)).json,
    contacts: await allContacts(a.token),
    contactSearch: (await get(listRoute.GET, "/?q=vip", a.token, { list_id: listId })).json,
    session: (await get(sessionRoute.GET, "/api/session", null, undefined, { cookie })).json,
  };
}

beforeAll(async () => {
  if (!havePg) return;
  target = await startLoopbackServer(echoHandler);
  sqlitePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "voxdesk-copy-")), "voxdesk.db");
  // No SECRET_KEY: the embedded default, a key file beside the database, which PostgreSQL then needs.
  delete process.env.SECRET_KEY;
  // SMTP on a port nobody listens on: the alert's mail stays in its outbox (alert_mails) to be copied.
  await pointAt(sqlitePath, { LOG_LEVEL: "silent", TOOL_TARGET_ALLOWLIST: "127.0.0.1", SMTP_URL: "smtp://127.0.0.1:1" });
  a = await newAccountWithToken("Copy A");
  b = await newAccountWithToken("Copy B");
  const old = newApiToken();
  await revokeApiToken(await insertApiToken(a.accountId, old, sha256Hex(old)));
  const signIn = await call(sessionRoute.POST, "POST", "/api/session", { body: { token: a.token } });
  cookie = signIn.headers.get("set-cookie")!.split(";")[0];
  // A member (scrypt hash), their session, and a failed sign-in (counter + audit row).
  await createUser({ accountId: a.accountId, email: "copy@example.test", name: "Copy", passwordHash: await hashPassword("copy-password-1"), role: "editor" });
  expect((await call(sessionRoute.POST, "POST", "/api/session", { body: { email: "copy@example.test", password: "copy-password-1" } })).status).toBe(201);
  expect((await call(sessionRoute.POST, "POST", "/api/session", { body: { email: "copy@example.test", password: "wrong" } })).status).toBe(401);

  await seedCalls(a.accountId, { count: 2_500, days: 90, seed: 11, until: UNTIL });
  await seedCalls(b.accountId, { count: 300, days: 90, seed: 12, until: UNTIL });
  await insertCalls(a.accountId, [{
    call_sid: "copy-zebra", agent_id: "agent-z", name: "Zed", from_number: "+44 7700 900123", to_number: "+1 212 555 0199",
    duration: 61.25, recording_url: "", transcription: "Agent: hello\nUser: a zebra crossing refund", status: "completed",
    cost: 0.0731, call_type: "inbound", created_at: "2025-06-01T08:00:00.000Z",
  }]);

  for (const name of ["Copy agent one", "Copy agent two"]) {
    const payload = { agent_config: { agent_name: name, tasks: [{ tools_config: { llm_agent: { llm_config: { provider: "p", model: "m" } } } }] }, agent_prompts: { task_1: { system_prompt: `s ${name}` } } };
    expect((await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: payload })).status).toBe(201);
  }
  const tools = await call(toolsRoute.POST, "POST", "/api/tools", { token: a.token, body: registration(["copy_tool"], { method: "POST", url: `${target.origin}/hook`, api_token: TOOL_TOKEN }) });
  toolId = tools.json.data.id;
  expect((await call(toolTest.POST, "POST", "/", { token: a.token, params: { tool_id: toolId }, body: { city: "Oslo" } })).json.success).toBe(true);

  // A webhook endpoint (sealed secret): the execution below emits call.ended to it (webhook_events, _deliveries).
  const hook = await call(webhookEndpointsRoute.POST, "POST", "/api/webhook-endpoints", { token: a.token, body: { url: `${target.origin}/events`, events: ["call.ended"] } });
  expect(hook.status).toBe(201);
  // An engine (sealed key and webhook secret) and a deployment, through the real handlers.
  bolna = await startFakeBolna();
  const engine = await call(enginesRoute.POST, "POST", "/api/engines", { token: a.token, body: { name: "Copy engine", base_url: bolna.origin, api_key: bolna.apiKey } });
  // With an analysis plan, so the execution below gives the call an outcome (call_outcomes, call_outcome_fields).
  const plan = { sentiment: true, fields: [{ name: "seats", type: "number" }, { name: "plan", type: "enum", choices: ["basic", "pro"] }] };
  const agentId = (await call(agentRoute.POST, "POST", "/api/agent", { token: a.token, body: { ...bolnaExampleAgent(), analysis_plan: plan } })).json.agent_id;
  const deployed = await call(deployRoute.POST, "POST", "/", { token: a.token, params: { id: agentId }, body: { engine_id: engine.json.engine_id } });
  expect(deployed.status).toBe(200);
  // An execution posted to the engine's webhook (the engine rollup gets a row).
  const secret = engine.json.webhook_url.split("/").pop();
  const execution = { id: "copy-exec-1", agent_id: deployed.json.remote_agent_id, status: "completed", created_at: "2025-06-02T09:00:00Z", transcript: "Agent: hello\nUser: two pro seats",
    total_cost: 12, cost_breakdown: { llm: 4, synthesizer: 8 }, extracted_data: { sentiment: "positive", seats: 2, plan: "pro" }, telephony_data: { to_number: "+14155550102", hangup_by: "Callee", hangup_reason: "done" } };
  expect((await call(webhookRoute.POST, "POST", "/", { params: { provider: "bolna", secret }, body: execution })).status).toBe(200);
  expect((await (await deliveryTick()).done).succeeded).toBe(1); // signed with the sealed secret (webhook_attempts)
  // A later report of the call with its turns' latency, as a push gives it (call_daily_latency).
  expect(await upsertCall(a.accountId, { call_sid: "copy-exec-1", patch: true, engine_id: engine.json.engine_id, extra: { latency_ms: [640, 820], interruptions: 1 } })).toBe("updated");
  // An alert rule the execution above sets off (its call is in call_minute): alert_rules, alert_incidents, alert_mails.
  const rule = { name: "Copy alert", metric: "calls", comparator: "gt", threshold: 0, window_minutes: 10, severity: "warning", notify: { emails: ["oncall@example.test"] } };
  expect((await call(alertRulesRoute.POST, "POST", "/api/alert-rules", { token: a.token, body: rule })).status).toBe(201);
  expect((await evaluateOnce({ now: Date.parse("2025-06-02T09:05:00Z") })).opened).toHaveLength(1);
  // A test case of the agent and a run of it, queued (agent_tests, agent_test_runs, agent_test_results).
  const agentTest = { name: "Copy test", variables: { name: "Ann" }, turns: ["hello"], expect: [{ type: "reply_matches", pattern: "^hel+o" }] };
  expect((await call(agentTestsRoute.POST, "POST", "/", { token: a.token, params: { id: agentId }, body: agentTest })).status).toBe(201);
  expect((await call(agentTestRunRoute.POST, "POST", "/", { token: a.token, params: { id: agentId } })).json.total).toBe(1);
  // A carrier price still to be asked for (call_price_jobs) and the account's own price table (account_pricing).
  await enqueuePriceJob(db(), { account_id: a.accountId, call_sid: "copy-exec-1", engine_id: engine.json.engine_id }, UNTIL);
  const rates = { stt_per_minute: 0.0043, tts_per_1k_characters: 0.03, llm_per_1m_input_tokens: 2.5, llm_per_1m_output_tokens: 10 };
  expect((await call(pricingRoute.PUT, "PUT", "/api/pricing", { token: a.token, body: rates })).status).toBe(200);
  // A recover run of the endpoint (webhook_recovers).
  expect((await call(recoverRoute.POST, "POST", "/", { token: a.token, params: { endpoint_id: hook.json.endpoint_id }, body: { since: "2025-01-01T00:00:00Z" } })).status).toBe(202);
  // A sync of the engine, waiting for a worker (engine_syncs).
  expect((await call(syncRoute.POST, "POST", "/", { token: a.token, params: { engine_id: engine.json.engine_id }, body: { from: "2025-06-01T00:00:00Z", to: "2025-06-03T00:00:00Z" } })).status).toBe(202);

  listId = (await call(contactsRoute.POST, "POST", "/api/contacts", { token: a.token, body: { name: "Leads", default_country: "US" } })).json.list_id;
  const contacts = Array.from({ length: 1_500 }, (_, i) => ({ phone_number: `+1 415 30${String(i).padStart(5, "0")}`, template_variables: { first_name: `N${i}`, tier: i % 10 ? "std" : "vip", score: i } }));
  expect((await call(addRoute.POST, "POST", "/", { token: a.token, params: { list_id: listId }, body: { contacts } })).json.total_added).toBe(1_500);
  const dnc = await call(suppressionsRoute.POST, "POST", "/api/suppressions", { token: a.token, body: { phone_numbers: ["+14155550199", "+442071838750"], reason: "asked" } });
  expect(dnc.json.total_added).toBe(2);
  // A started campaign: its row and the snapshot of the list's contacts (nothing is dialled: no dispatcher runs here).
  const campaign = await call(campaignsRoute.POST, "POST", "/api/campaigns", { token: a.token, body: { name: "Copy campaign", agent_id: agentId, list_id: listId } });
  expect(campaign.status).toBe(201);
  const started = await call(campaignActionRoute.POST, "POST", "/", { token: a.token, params: { campaign_id: campaign.json.campaign_id, action: "start" } });
  expect(started.json).toMatchObject({ status: "running", total: 1_500 });
  const invite = await call(invitesRoute.POST, "POST", "/api/members/invites", { token: a.token, body: { email: "copy-invite@example.test", role: "viewer" } });
  expect(invite.status).toBe(201);

  // An AI provider (sealed key), through the real handler.
  ai = await startFakeAiProvider();
  aiProviderId = (await call(aiProvidersRoute.POST, "POST", "/api/ai-providers", { token: a.token, body: { name: "Copy AI", base_url: ai.baseUrl, api_key: ai.apiKey, model: "fake-small" } })).json.provider_id;
  // Voxdesk's own analysis: the execution queued again, then taken into a run (analysis_jobs, analysis_runs).
  expect((await call(analyzeRoute.POST, "POST", "/", { token: a.token, params: { call_sid: "copy-exec-1" } })).status).toBe(202);
  expect((await call(analysisRunsRoute.POST, "POST", "/api/analysis-runs", { token: a.token, body: { agent_id: agentId } })).json.total).toBe(1);

  before = await snapshot();
  pgUrl = await createDatabase(ADMIN, pgName);
}, 180_000);

afterAll(async () => {
  await closeDb();
  await target?.close();
  await bolna?.close();
  await ai?.close();
  if (pgUrl) await dropDatabase(ADMIN, pgName).catch(() => {});
});

describe.runIf(havePg)("db:copy from SQLite to PostgreSQL", () => {
  it("copies every table with verified counts, and the copy answers the API exactly as the original", async () => {
    const res = await runCli(["db:copy", "--from", `sqlite:${sqlitePath}`, "--to", pgUrl]);
    expect(res.json.error).toBeUndefined();
    expect(res.code).toBe(0);
    const tables = res.json.tables as Record<string, { source: number; target: number }>;
    expect(Object.keys(tables)).toEqual(TABLES);
    for (const [name, t] of Object.entries(tables)) {
      expect(t.source, name).toBeGreaterThan(0);
      expect(t.target, name).toBe(t.source);
    }
    expect(tables.calls.source).toBe(2_500 + 300 + 1 + 1); // + the engine execution
    expect(tables.contacts.source).toBe(1_500);
    expect(res.json.verified).toBe(true);
    expect(res.json.note).toContain(keyFilePath(sqlitePath));

    const key = fs.readFileSync(keyFilePath(sqlitePath), "utf8").trim();
    await pointAt(pgUrl, { SECRET_KEY: key });
    const after = await snapshot();
    expect(after.searchWord.flat().map((c: { call_sid: string }) => c.call_sid)).toEqual(["copy-zebra"]);
    expect(after.searchPhone.flat().map((c: { call_sid: string }) => c.call_sid)).toContain("copy-zebra");
    expect(after.searchSeeded.flat().length).toBeGreaterThan(0);
    expect(after.callsA.flat()).toHaveLength(2_502);
    expect(after.contacts.flatMap((p) => p.contacts)).toHaveLength(1_500);
    expect(after.agents.agents).toHaveLength(3);
    expect(after.tools.data).toHaveLength(1);
    expect(after).toEqual(before);
    await expectSummaryMatchesCalls(a.accountId, a.token, "2025-01-01", "2025-12-31");
  });

  it("the copied tool token still decrypts, and new rows get fresh ids after the copied ones", async () => {
    const run = await call(toolTest.POST, "POST", "/", { token: a.token, params: { tool_id: toolId }, body: { city: "Bergen" } });
    expect(run.json.success).toBe(true);
    expect(target.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOOL_TOKEN}`);
    expect((await call(aiCheckRoute.POST, "POST", "/", { token: a.token, params: { provider_id: aiProviderId } })).json.ok).toBe(true);
    // Identity sequences moved past the copied ids: these inserts would collide otherwise.
    expect(await insertCalls(a.accountId, [{ ...before.callsA[0][0], call_sid: "after-copy" }])).toEqual({ inserted: 1, skipped: 0 });
    const add = await call(addRoute.POST, "POST", "/", { token: a.token, params: { list_id: listId }, body: { contacts: [{ phone_number: "+1 415 399 0000" }, { phone_number: "+1 415 300 0007" }] } });
    expect(add.json).toMatchObject({ total_added: 1, total_duplicates: 1 });
  });

  it("refuses a target that already has data, changing nothing", async () => {
    const res = await runCli(["db:copy", "--from", `sqlite:${sqlitePath}`, "--to", pgUrl]);
    expect(res.code).toBe(1);
    expect(res.json.error).toMatch(/target database is not empty \(table accounts has rows\)/);
    expect((await allCalls(a.token)).flat()).toHaveLength(2_503);
  });

  it("refuses a SQLite file that is not a Voxdesk database", async () => {
    const empty = path.join(path.dirname(sqlitePath), "empty.db");
    fs.writeFileSync(empty, "");
    const res = await runCli(["db:copy", "--from", `sqlite://${empty}`, "--to", pgUrl]);
    expect(res).toMatchObject({ code: 1, json: { error: expect.stringMatching(/is not a Voxdesk database/) } });
  });
});
