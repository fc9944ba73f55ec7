import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db, dialect } from "@/lib/core/client";
import { call } from "@/lib/testing/harness";
import { selfHostedWorld } from "@/lib/testing/self-hosted-world";
import * as summary from "./summary/route";

// Per-turn latency (p50/p90) and interruptions per agent and engine, in GET /api/details/summary:
// pushed by a self-hosted engine with each call's conversation, counted in the rollups
// (call_daily_latency's histogram and call_daily_engine's counters, migration 0025) as the pushes
// come, replaced when a call's record is replaced, and the same when read from the calls
// themselves (one agent version's summary).

const w = selfHostedWorld();

async function getSummary(token: string, q = "") {
  const res = await call(summary.GET, "GET", `/api/details/summary?${q}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

let engineId = "";
let one = { agentId: "", remoteId: "" };
let two = { agentId: "", remoteId: "" };
let pushSecret = "";

async function push(sid: string, remoteId: string, body: Record<string, unknown>, id?: string) {
  const res = await w.push(engineId, pushSecret, { call_sid: sid, agent_id: remoteId, task: "conversation",
    transcript: [{ role: "assistant", text: "Hello." }, { role: "user", text: "Hi." }], ...body }, id);
  expect(res.status).toBe(200);
  return (await res.json()).outcome as string;
}

/** call_daily_latency as the migration's backfill would build it from the calls now stored. */
async function rebuiltHistogram() {
  const text = fs.readFileSync(path.join(process.cwd(), `lib/core/migrations/${dialect()}/0025_call_latency.sql`), "utf8");
  const backfill = /INSERT INTO call_daily_latency[\s\S]*?;/.exec(text)![0].replace("INSERT INTO call_daily_latency", "INSERT INTO latency_check");
  await sql`DROP TABLE IF EXISTS latency_check`.execute(db());
  await sql`CREATE TABLE latency_check AS SELECT * FROM call_daily_latency WHERE 1 = 0`.execute(db());
  await sql.raw(backfill).execute(db());
  return histogram("latency_check");
}

async function histogram(table: string) {
  const { rows } = await sql<{ agent_id: string; bucket: number; turns: number }>`SELECT agent_id, bucket, turns FROM ${sql.table(table)}
    WHERE account_id = ${w.a.accountId} ORDER BY agent_id, bucket`.execute(db());
  return rows.map((r) => ({ agent_id: r.agent_id, bucket: Number(r.bucket), turns: Number(r.turns) }));
}

describe("per-turn latency and interruptions in the summary", () => {
  it("p50/p90 over every measured turn, interruptions per call, per agent and per engine", async () => {
    const engine = await w.register(w.a.token);
    engineId = String(engine.engine_id);
    pushSecret = String(engine.push_secret);
    one = await w.deployed(w.a.token, engineId);
    two = await w.deployed(w.a.token, engineId);
    const before = await getSummary(w.a.token);
    expect(before.latency).toEqual({ latency_calls: 0, turns: 0, p50_ms: null, p90_ms: null, interruption_calls: 0, interruptions: 0,
      interruptions_per_call: null, per_agent: [], per_engine: [] });

    expect(await push("CAlatency1", one.remoteId, { latency: { turns: [700, 650, 720] }, interruptions: 2 })).toBe("imported");
    expect(await push("CAlatency2", one.remoteId, { latency: { turns: [1500, 900] }, interruptions: 1 })).toBe("imported");
    expect(await push("CAlatency3", two.remoteId, { latency: { turns: [400] } })).toBe("imported"); // no interruptions reported
    expect(await push("CAlatency4", two.remoteId, {})).toBe("imported"); // neither

    const s = await getSummary(w.a.token);
    // Turns 400 650 700 720 900 1500: the 3rd (700) and the 6th (1500), at their buckets' middles.
    expect(s.latency).toMatchObject({ latency_calls: 3, turns: 6, p50_ms: 705, p90_ms: 1525, interruption_calls: 2, interruptions: 3, interruptions_per_call: 1.5 });
    const agents = new Map(s.latency.per_agent.map((a: { agent_id: string }) => [a.agent_id, a]));
    // Agent one: 650 700 720 900 1500.
    expect(agents.get(one.agentId)).toEqual({ agent_id: one.agentId, name: expect.any(String), latency_calls: 2, turns: 5, p50_ms: 725, p90_ms: 1525,
      interruption_calls: 2, interruptions: 3, interruptions_per_call: 1.5 });
    expect(agents.get(two.agentId)).toMatchObject({ latency_calls: 1, turns: 1, p50_ms: 405, p90_ms: 405, interruption_calls: 0, interruptions_per_call: null });
    expect(s.latency.per_engine).toEqual([expect.objectContaining({ engine_id: engineId, provider: "bolna-self-hosted", turns: 6, p50_ms: 705 })]);
    // Narrowed to one agent, read from the same rollups.
    const narrowed = await getSummary(w.a.token, `agent_id=${one.agentId}`);
    expect(narrowed.latency).toMatchObject({ latency_calls: 2, turns: 5, p50_ms: 725, p90_ms: 1525, interruptions_per_call: 1.5 });
  });

  it("a call's later record replaces its turns, a repeat adds nothing, and the rollup equals one rebuilt from the calls", async () => {
    expect(await push("CAlatency1", one.remoteId, { latency: { turns: [300] }, interruptions: 0 }, "again-1")).toBe("updated");
    expect(await push("CAlatency1", one.remoteId, { latency: { turns: [300] }, interruptions: 0 }, "again-1")).toBe("unchanged");
    const s = await getSummary(w.a.token, `agent_id=${one.agentId}`);
    // Agent one now: 300 900 1500; interruptions 0 and 1 over two calls.
    expect(s.latency).toMatchObject({ latency_calls: 2, turns: 3, p50_ms: 905, p90_ms: 1525, interruption_calls: 2, interruptions: 1, interruptions_per_call: 0.5 });
    expect(await histogram("call_daily_latency")).toEqual(await rebuiltHistogram());
  });

  it("one agent version's summary, read from its calls, says the same; another engine and another account see none", async () => {
    const fromCalls = await getSummary(w.a.token, `agent_id=${one.agentId}&agent_version=1`);
    const fromRollups = await getSummary(w.a.token, `agent_id=${one.agentId}`);
    expect(fromCalls.latency).toEqual(fromRollups.latency);
    expect(fromCalls.latency.turns).toBe(3);
    const other = await w.register(w.a.token, { name: "Another Bolna" });
    expect((await getSummary(w.a.token, `engine_id=${other.engine_id}`)).latency).toMatchObject({ turns: 0, per_agent: [], per_engine: [] });
    expect((await getSummary(w.b.token)).latency).toMatchObject({ latency_calls: 0, turns: 0, per_agent: [] });
  });
});
