import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluateOnce } from "@/lib/alerts/evaluator";
import { upsertCall, type ResolvedCall } from "@/lib/calls/db/ingest";
import { statusRank } from "@/lib/calls/status";
import { db, dialect, writeTx } from "@/lib/core/client";
import { callHooks } from "@/lib/engines/call-hooks";
import { createEngine, deleteEngine } from "@/lib/engines/db";
import { writeOutcome } from "@/lib/outcomes/db";
import { call, newAccountWithToken, useTempDatabase } from "@/lib/testing/harness";
import * as byId from "./[rule_id]/route";
import * as rules from "./route";

// Alert rules on one engine or one kind of engine: the fields checked (400 for their shape, 422 for
// an engine that is not the account's or a provider that is not the engine's, 404 for another
// account's rule), and the evaluator counting only that engine's (or kind's) calls, ingested through
// the real ingest with every hook. call_minute, moved by the hooks, equals what migration 0029's
// rebuild makes of the same calls and outcomes.

let a: { accountId: string; token: string };
let b: { accountId: string; token: string };
let front = "", back = "", own = "", others = "";

beforeAll(async () => {
  await useTempDatabase();
  a = await newAccountWithToken("Engines");
  b = await newAccountWithToken("Other tenant");
  const engine = async (accountId: string, name: string, provider: string) =>
    (await createEngine(accountId, { name, provider, base_url: "https://engine.example", api_key: provider === "bolna" ? "bn-key-0000000000" : "" })).id;
  front = await engine(a.accountId, "Front line", "bolna");
  back = await engine(a.accountId, "Back line", "bolna");
  own = await engine(a.accountId, "Own server", "bolna-self-hosted");
  others = await engine(b.accountId, "B's line", "bolna");
});

const RULE = { name: "Line failing", metric: "failed_calls", comparator: "gt", threshold: 1, window_minutes: 10, severity: "critical" };
const post = (body: unknown, token = a.token) => call(rules.POST, "POST", "/api/alert-rules", { token, body });
const patch = (id: string, body: unknown, token = a.token) => call(byId.PATCH, "PATCH", `/api/alert-rules/${id}`, { token, body, params: { rule_id: id } });
const get = (id: string) => call(byId.GET, "GET", `/api/alert-rules/${id}`, { token: a.token, params: { rule_id: id } });
const remove = (id: string) => call(byId.DELETE, "DELETE", `/api/alert-rules/${id}`, { token: a.token, params: { rule_id: id } });

/** The answer's one field error: its status, path and message. */
const fieldError = (res: { status: number; json: { errors?: { path: string; message: string }[]; message: string } }) =>
  ({ status: res.status, path: res.json.errors?.[0]?.path, named: res.json.message.includes(res.json.errors?.[0]?.path ?? "?") });

describe("a rule's engine and provider", () => {
  it("are checked: a UUID of an engine of the account, a provider this build knows and that engine's kind", async () => {
    expect(fieldError(await post({ ...RULE, engine_id: "front" }))).toEqual({ status: 400, path: "engine_id", named: true });
    expect(fieldError(await post({ ...RULE, provider: "twilio" }))).toEqual({ status: 400, path: "provider", named: true });
    expect(fieldError(await post({ ...RULE, engine_id: crypto.randomUUID() }))).toEqual({ status: 422, path: "engine_id", named: true });
    expect(fieldError(await post({ ...RULE, engine_id: others }))).toEqual({ status: 422, path: "engine_id", named: true });
    expect(fieldError(await post({ ...RULE, engine_id: front, provider: "bolna-self-hosted" }))).toEqual({ status: 422, path: "provider", named: true });
    // Another tenant names its own engine: refused as unknown to it, never as "someone else's".
    expect(fieldError(await post({ ...RULE, engine_id: front }, b.token))).toEqual({ status: 422, path: "engine_id", named: true });

    const made = await post({ ...RULE, engine_id: front, provider: "bolna" });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ engine_id: front, provider: "bolna", agent_id: null });
    const id = made.json.rule_id as string;
    expect((await get(id)).json).toMatchObject({ engine_id: front, provider: "bolna" });
    expect(fieldError(await patch(id, { engine_id: others }))).toEqual({ status: 422, path: "engine_id", named: true });
    expect(fieldError(await patch(id, { provider: "bolna-self-hosted" }))).toEqual({ status: 422, path: "provider", named: true }); // the stored engine's kind
    expect(fieldError(await patch(id, { provider: "nope" }))).toEqual({ status: 400, path: "provider", named: true });
    expect((await patch(id, { engine_id: crypto.randomUUID() }, b.token)).status).toBe(404); // another account's rule: 404 before its fields
    expect((await patch(crypto.randomUUID(), { engine_id: others })).status).toBe(404);
    expect((await patch(id, { engine_id: null, provider: "bolna-self-hosted" })).json).toMatchObject({ engine_id: null, provider: "bolna-self-hosted" });
    expect((await patch(id, { provider: null })).json).toMatchObject({ engine_id: null, provider: null });
    expect((await get(id)).json).toMatchObject({ engine_id: null, provider: null, threshold: 1 });
    await remove(id);
  });

  it("a rule keeps its engine after the engine is deleted, and still changes", async () => {
    const gone = (await createEngine(a.accountId, { name: "Short-lived", provider: "bolna", base_url: "https://engine.example", api_key: "bn-key-1111111111" })).id;
    const id = (await post({ ...RULE, engine_id: gone })).json.rule_id as string;
    expect(await deleteEngine(a.accountId, gone)).toBe(true);
    expect((await patch(id, { threshold: 4 })).json).toMatchObject({ engine_id: gone, threshold: 4 });
    expect(fieldError(await patch(id, { engine_id: gone }))).toEqual({ status: 422, path: "engine_id", named: true }); // named anew: checked
    await remove(id);
  });
});

const T = Math.floor(Date.now() / 60_000) * 60_000;
const MIN = 60_000;
let seq = 0;
function execution(sid: string, engineId: string, status: string, at: number, agentId = "agent-desk"): ResolvedCall {
  return {
    call_sid: sid, remote_agent_id: "remote", agent_id: agentId, name: "Desk", engine_id: engineId,
    from_number: "+14155550101", to_number: "+14155550199", duration: 30, recording_url: "", transcription: "", status, cost: 0.02,
    call_type: "outbound", created_at: new Date(at).toISOString(), updated_at: new Date(at + ++seq).toISOString(), status_rank: statusRank(status),
    extra: { summary: null, extracted_data: null, cost_breakdown: null, hangup_by: null, hangup_reason: null, answered_by_voice_mail: null, error_message: null, template_variables: null },
  };
}
const ingest = (accountId: string, c: ResolvedCall) => upsertCall(accountId, c, callHooks(null));

describe("the evaluator counts only the rule's engine or kind", () => {
  it("fires on that engine's failures and not on another's", async () => {
    const make = async (body: Record<string, unknown>) => (await post({ ...RULE, ...body })).json.rule_id as string;
    const onFront = await make({ engine_id: front });
    const onBack = await make({ engine_id: back });
    const onOwnKind = await make({ provider: "bolna-self-hosted", threshold: 2 });
    const onBolna = await make({ provider: "bolna", threshold: 2 });
    const everywhere = await make({ threshold: 5 });
    const negative = await make({ engine_id: own, metric: "negative_sentiment_rate", threshold: 50 });
    const frontNegative = await make({ engine_id: front, metric: "negative_sentiment_rate", threshold: 50 });

    await ingest(a.accountId, execution("front-1", front, "in-progress", T - 4 * MIN));
    for (const [sid, engine, status, at] of [["front-1", front, "failed", T - 4 * MIN], ["front-2", front, "error", T - 3 * MIN],
      ["front-ok", front, "completed", T - 3 * MIN], ["back-1", back, "failed", T - 2 * MIN], ["own-1", own, "failed", T - 2 * MIN],
      ["own-2", own, "stopped", T - 2 * MIN], ["own-3", own, "failed", T - MIN]] as const) {
      await ingest(a.accountId, execution(sid, engine, status, at));
    }
    // Reported first by the back line, then (newer) by our own server: its share moves between engines.
    await ingest(a.accountId, execution("moved", back, "in-progress", T - MIN));
    await ingest(a.accountId, execution("moved", own, "busy", T - MIN));
    // The other tenant's failures on its own engine count nowhere here.
    for (const sid of ["b-1", "b-2", "b-3"]) await ingest(b.accountId, execution(sid, others, "failed", T - MIN));
    await writeTx((trx) => writeOutcome(trx, a.accountId, "own-1", "agent-desk",
      { success: false, success_reason: null, sentiment: "negative", disposition: null, fields: {}, errors: [] },
      { source: "voxdesk", model: "m", analyzedAt: new Date(T - MIN).toISOString() }, true));

    const tick = await evaluateOnce({ now: T });
    const incidents = await db().selectFrom("alert_incidents").select(["rule_id", "value", "call_sids"]).where("id", "in", tick.opened.length ? tick.opened : [""]).execute();
    const of = (rule: string) => incidents.find((i) => i.rule_id === rule);
    expect(of(onFront)).toMatchObject({ value: 2, call_sids: JSON.stringify(["front-1", "front-2"]) });
    expect(of(onBack)).toBeUndefined(); // one failure, and the moved call is no longer the back line's
    expect(of(onOwnKind)).toMatchObject({ value: 3, call_sids: JSON.stringify(["own-1", "own-2", "own-3"]) });
    expect(of(onBolna)).toMatchObject({ value: 3, call_sids: JSON.stringify(["front-1", "front-2", "back-1"]) });
    expect(of(everywhere)).toMatchObject({ value: 6 });
    expect(of(negative)).toMatchObject({ value: 100, call_sids: JSON.stringify(["own-1"]) });
    expect(of(frontNegative)).toBeUndefined();
    expect((await get(onBack)).json).toMatchObject({ state: "ok", value: 1 });
    expect((await get(frontNegative)).json).toMatchObject({ state: "ok", value: null }); // no analysed call on the front line
    expect((await get(onOwnKind)).json).toMatchObject({ state: "triggered", value: 3 });
    for (const id of [onFront, onBack, onOwnKind, onBolna, everywhere, negative, frontNegative]) await remove(id);
  });

  it("call_minute as the hooks moved it equals migration 0029's rebuild from the calls and outcomes", async () => {
    const text = fs.readFileSync(path.join(process.cwd(), `lib/core/migrations/${dialect()}/0029_alert_minutes_mail.sql`), "utf8");
    const inserts = text.match(/INSERT INTO call_minute[\s\S]*?;/g)!;
    expect(inserts).toHaveLength(2);
    await sql`DROP TABLE IF EXISTS minute_check`.execute(db());
    await sql`CREATE TABLE minute_check AS SELECT * FROM call_minute WHERE 1 = 0`.execute(db());
    await sql`CREATE UNIQUE INDEX minute_check_key ON minute_check (account_id, minute, agent_id, engine_id, provider)`.execute(db());
    for (const insert of inserts) await sql.raw(insert.replaceAll("INSERT INTO call_minute", "INSERT INTO minute_check")).execute(db());
    const live = await minuteRows("call_minute");
    expect(live.length).toBeGreaterThan(4);
    expect(live.some((r) => r.engine_id === own && r.provider === "bolna-self-hosted")).toBe(true);
    expect(await minuteRows("minute_check")).toEqual(live);
  });
});

/** The non-empty rows of a minute table (a share taken back leaves a row of zeros until pruned), sums rounded. */
async function minuteRows(table: string) {
  const { rows } = await sql<Record<string, string | number>>`SELECT * FROM ${sql.table(table)}
    ORDER BY account_id, minute, agent_id, engine_id, provider`.execute(db());
  const counts = ["calls", "failed", "duration", "cost", "analyzed", "judged", "succeeded", "negative"];
  return rows.map((r): Record<string, string | number> => ({ ...r, minute: Number(r.minute), ...Object.fromEntries(counts.map((k) => [k, Math.round(Number(r[k]) * 1e6) / 1e6])) }))
    .filter((r) => counts.some((k) => r[k] !== 0));
}
