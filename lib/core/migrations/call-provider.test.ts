import { afterAll, expect, it } from "vitest";
import { migrate } from "@/lib/core/sqlite";
import { migratePg } from "@/lib/core/postgres";
import { dropOldDatabases, PG_ADMIN as admin, postgresBefore, sqliteBefore } from "./old-database";

// Migration 0023 on a database from before it: each call gets its engine's provider (none for
// imported calls and for an engine already deleted), each outcome the engine and provider of its
// call, and the three daily rollups are rebuilt from the calls and outcomes keyed by engine and
// provider too, keeping the agent name the old call_daily row had. Then 0033 on top: each outcome
// keeps its call's cost and the outcome rollup sums it over the outcomes with a success value
// (judged_cost). Same rows on both backends: the PostgreSQL half runs with TEST_PG_ADMIN_URL set
// (which also puts this file in vitest's db project, the one `npm run test:pg` runs).

const D1 = "2025-05-01", D2 = "2025-05-02";
const engine = (id: string, provider: string, blob: string) =>
  `('${id}', 'acc', '${id}', '${provider}', 'https://bolna.example', ${blob}, ${blob}, ${blob}, 'k', '', 'h-${id}', ${blob}, ${blob}, ${blob}, 'k', '${D1}T00:00:00Z', '${D1}T00:00:00Z')`;
const callRow = (sid: string, engineId: string | null, rank: number, status: string, cost: number, duration: number, day: string, extra: object | null) =>
  `('acc', '${sid}', 'ag1', 'Desk', '+1', '+2', ${duration}, '', '', '${status}', ${cost}, 'outbound', '${day}T10:00:00.000Z', ` +
  `${engineId ? `'${engineId}'` : "NULL"}, ${rank}, ${extra ? `'${JSON.stringify(extra)}'` : "NULL"})`;
const rows = (blob: string, t: string) => [
  "INSERT INTO accounts (id, name, created_at) VALUES ('acc', 'A', '2025-01-01T00:00:00.000Z')",
  `INSERT INTO engines (id, account_id, name, provider, base_url, key_ciphertext, key_iv, key_tag, key_key_id, api_key_hint,
     webhook_secret_hash, webhook_ciphertext, webhook_iv, webhook_tag, webhook_key_id, created_at, updated_at)
   VALUES ${engine("e1", "bolna", blob)}, ${engine("e2", "bolna-self-hosted", blob)}`,
  `INSERT INTO calls (account_id, call_sid, agent_id, name, from_number, to_number, duration, recording_url, transcription, status, cost, call_type, created_at,
     engine_id, status_rank, extra) VALUES
     ${callRow("c1", "e1", 9, "completed", 0.25, 60, D1, { hangup_by: "Callee", hangup_reason: "done", answered_by_voice_mail: false, cost_breakdown: { llm: 0.125, platform: 0.125 } })},
     ${callRow("c2", "e1", 9, "completed", 0.5, 30, D1, { answered_by_voice_mail: true, cost_breakdown: { network: 0.5 } })},
     ${callRow("c3", "e2", 9, "completed", 0.0625, 10, D1, { hangup_by: "Caller", hangup_reason: "done" })},
     ${callRow("c4", null, 0, "completed", 1, 5, D1, null)},
     ${callRow("c5", "gone", 4, "in-progress", 0, 0, D2, null)}`,
  // The old rollup's day-1 row, written after the agent was renamed; day 2 has none (its name comes from the calls).
  `INSERT INTO call_daily (account_id, day, agent_id, agent_name, status, call_type, calls, duration, cost) VALUES
     ('acc', '${D1}', 'ag1', 'Desk (renamed)', 'completed', 'outbound', 4, 105, 1.8125)`,
  `INSERT INTO call_outcomes (account_id, call_sid, agent_id, status, source, success, success_reason, sentiment, disposition, fields, errors, model, analyzed_at, created_at)
   VALUES ('acc', 'c1', 'ag1', 'analyzed', 'engine', ${t}, NULL, 'positive', 'booked', '[]', NULL, NULL, '${D1}T11:00:00.000Z', '${D1}T10:00:00.000Z'),
          ('acc', 'c4', 'ag1', 'analyzed', 'voxdesk', NULL, NULL, NULL, NULL, '[]', NULL, 'm', '${D1}T11:00:00.000Z', '${D1}T10:00:00.000Z')`,
];

const PROVIDERS = "SELECT call_sid, engine_id, provider FROM calls ORDER BY call_sid";
const EXPECTED_PROVIDERS = [
  { call_sid: "c1", engine_id: "e1", provider: "bolna" }, { call_sid: "c2", engine_id: "e1", provider: "bolna" },
  { call_sid: "c3", engine_id: "e2", provider: "bolna-self-hosted" }, { call_sid: "c4", engine_id: null, provider: null },
  { call_sid: "c5", engine_id: "gone", provider: null },
];
const DAILY = "SELECT day, agent_name, status, engine_id, provider, calls, duration, cost FROM call_daily ORDER BY day, engine_id";
const EXPECTED_DAILY = [
  { day: D1, agent_name: "Desk (renamed)", status: "completed", engine_id: "", provider: "", calls: 1, duration: 5, cost: 1 },
  { day: D1, agent_name: "Desk (renamed)", status: "completed", engine_id: "e1", provider: "bolna", calls: 2, duration: 90, cost: 0.75 },
  { day: D1, agent_name: "Desk (renamed)", status: "completed", engine_id: "e2", provider: "bolna-self-hosted", calls: 1, duration: 10, cost: 0.0625 },
  { day: D2, agent_name: "Desk", status: "in-progress", engine_id: "gone", provider: "", calls: 1, duration: 0, cost: 0 },
];
const ENGINE = `SELECT day, engine_id, provider, hangup_by, hangup_reason, calls, voicemail, cost_llm, cost_network, cost_platform, cost_synthesizer, cost_transcriber
  FROM call_daily_engine ORDER BY day, engine_id, hangup_by`;
const zero = { cost_llm: 0, cost_network: 0, cost_platform: 0, cost_synthesizer: 0, cost_transcriber: 0 };
const EXPECTED_ENGINE = [
  { day: D1, engine_id: "e1", provider: "bolna", hangup_by: "", hangup_reason: "", calls: 1, voicemail: 1, ...zero, cost_network: 0.5 },
  { day: D1, engine_id: "e1", provider: "bolna", hangup_by: "Callee", hangup_reason: "done", calls: 1, voicemail: 0, ...zero, cost_llm: 0.125, cost_platform: 0.125 },
  { day: D1, engine_id: "e2", provider: "bolna-self-hosted", hangup_by: "Caller", hangup_reason: "done", calls: 1, voicemail: 0, ...zero },
  { day: D2, engine_id: "gone", provider: "", hangup_by: "", hangup_reason: "", calls: 1, voicemail: 0, ...zero },
];
const OUTCOMES = "SELECT o.call_sid, o.engine_id, o.provider, o.cost FROM call_outcomes o ORDER BY o.call_sid";
const EXPECTED_OUTCOMES = [{ call_sid: "c1", engine_id: "e1", provider: "bolna", cost: 0.25 }, { call_sid: "c4", engine_id: "", provider: "", cost: 1 }];
const OUTCOME_DAILY = "SELECT day, disposition, engine_id, provider, analyzed, judged, succeeded, positive, judged_cost FROM call_outcome_daily ORDER BY engine_id";
const EXPECTED_OUTCOME_DAILY = [
  // c4's outcome has no success value: its $1 is not a judged call's cost.
  { day: D1, disposition: "", engine_id: "", provider: "", analyzed: 1, judged: 0, succeeded: 0, positive: 0, judged_cost: 0 },
  { day: D1, disposition: "booked", engine_id: "e1", provider: "bolna", analyzed: 1, judged: 1, succeeded: 1, positive: 1, judged_cost: 0.25 },
];

afterAll(dropOldDatabases);

it.runIf(!admin)("SQLite: 0023 copies providers onto calls and outcomes and rebuilds the rollups by engine", () => {
  const raw = sqliteBefore(23);
  for (const sql of rows("X'00'", "1")) raw.exec(sql);
  expect(migrate(raw).to).toBeGreaterThanOrEqual(23);
  expect(raw.prepare(PROVIDERS).all()).toEqual(EXPECTED_PROVIDERS);
  expect(raw.prepare(DAILY).all()).toEqual(EXPECTED_DAILY);
  expect(raw.prepare(ENGINE).all()).toEqual(EXPECTED_ENGINE);
  expect(raw.prepare(OUTCOMES).all()).toEqual(EXPECTED_OUTCOMES);
  expect(raw.prepare(OUTCOME_DAILY).all()).toEqual(EXPECTED_OUTCOME_DAILY);
  // The provider filter's index is the one a provider-filtered page walks.
  const plan = raw.prepare("EXPLAIN QUERY PLAN SELECT call_sid FROM calls WHERE account_id = ? AND provider = ? ORDER BY created_at DESC, call_sid DESC LIMIT 10")
    .all("acc", "bolna") as { detail: string }[];
  expect(plan.map((p) => p.detail).join("\n")).toMatch(/USING (COVERING )?INDEX calls_provider/);
  raw.close();
});

it.runIf(!!admin)("PostgreSQL: 0023 copies providers onto calls and outcomes and rebuilds the rollups by engine", async () => {
  const pool = await postgresBefore(23);
  for (const sql of rows("'\\x00'::bytea", "true")) await pool.query(sql);
  expect((await migratePg(pool)).to).toBeGreaterThanOrEqual(23);
  expect((await pool.query(PROVIDERS)).rows).toEqual(EXPECTED_PROVIDERS);
  expect((await pool.query(DAILY)).rows).toEqual(EXPECTED_DAILY);
  expect((await pool.query(ENGINE)).rows).toEqual(EXPECTED_ENGINE);
  expect((await pool.query(OUTCOMES)).rows).toEqual(EXPECTED_OUTCOMES);
  expect((await pool.query(OUTCOME_DAILY)).rows).toEqual(EXPECTED_OUTCOME_DAILY);
});
