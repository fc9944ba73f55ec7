import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { migrate } from "@/lib/core/sqlite";
import { migratePg } from "@/lib/core/postgres";
import { dropOldDatabases, PG_ADMIN as admin, postgresBefore, sqliteBefore } from "./old-database";

// Migration 0028 on a database from before it: call_minute is rebuilt keyed by engine and provider
// ('' for none) from the engine executions and outcomes of the minutes the evaluator keeps (the old
// rows, without the dimension, go), and alert rules get an engine and provider of null (every one).
// Then 0029 on top: a call counts in the minute it ended (its start plus its duration once final, the
// minute it started while in flight) and an outcome in the minute it was analysed; rules get no
// evaluation time yet. Same rows on both backends: the PostgreSQL half runs with TEST_PG_ADMIN_URL set (which also puts
// this file in vitest's db project, the one `npm run test:pg` runs).

const NOW = Date.now();
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const minute = (minutesAgo: number) => Math.floor((NOW - minutesAgo * 60_000) / 60_000);

const engine = (id: string, provider: string, blob: string) =>
  `('${id}', 'acc', '${id}', '${provider}', 'https://bolna.example', ${blob}, ${blob}, ${blob}, 'k', '', 'h-${id}', ${blob}, ${blob}, ${blob}, 'k', '${at(0)}', '${at(0)}')`;
const q = (v: string | null) => (v === null ? "NULL" : `'${v}'`);
const callRow = (sid: string, engineId: string | null, provider: string | null, rank: number, status: string, cost: number, duration: number, ago: number) =>
  `('acc', '${sid}', 'ag1', 'Desk', '+1', '+2', ${duration}, '', '', '${status}', ${cost}, 'outbound', '${at(ago)}', ${q(engineId)}, ${q(provider)}, ${rank})`;
const outcome = (sid: string, engineId: string, provider: string, success: string, sentiment: string | null, ago: number) =>
  `('acc', '${sid}', 'ag1', 'analyzed', 'engine', ${success}, NULL, ${q(sentiment)}, NULL, '[]', NULL, NULL, '${at(0)}', '${at(ago)}', '${engineId}', '${provider}')`;
const rows = (blob: string, f: string) => [
  "INSERT INTO accounts (id, name, created_at) VALUES ('acc', 'A', '2025-01-01T00:00:00.000Z')",
  `INSERT INTO engines (id, account_id, name, provider, base_url, key_ciphertext, key_iv, key_tag, key_key_id, api_key_hint,
     webhook_secret_hash, webhook_ciphertext, webhook_iv, webhook_tag, webhook_key_id, created_at, updated_at)
   VALUES ${engine("e1", "bolna", blob)}, ${engine("e2", "bolna-self-hosted", blob)}`,
  `INSERT INTO calls (account_id, call_sid, agent_id, name, from_number, to_number, duration, recording_url, transcription, status, cost, call_type, created_at,
     engine_id, provider, status_rank) VALUES
     ${callRow("c1", "e1", "bolna", 9, "failed", 0.25, 30, 10)}, ${callRow("c2", "e1", "bolna", 9, "completed", 0.5, 60, 10)},
     ${callRow("c3", "e2", "bolna-self-hosted", 9, "error", 0.125, 10, 5)},
     ${callRow("c4", null, null, 0, "completed", 1, 5, 5)},
     ${callRow("c5", "e1", "bolna", 9, "failed", 1, 5, 3 * 1440)},
     ${callRow("c6", "gone", null, 4, "in-progress", 0, 0, 5)}`,
  // c4 was imported (never counted by the ingest's hook) but analysed: its outcome counts, under no engine.
  `INSERT INTO call_outcomes (account_id, call_sid, agent_id, status, source, success, success_reason, sentiment, disposition, fields, errors, model,
     analyzed_at, created_at, engine_id, provider) VALUES
     ${outcome("c1", "e1", "bolna", f, "negative", 10)}, ${outcome("c4", "", "", "NULL", null, 5)}, ${outcome("c5", "e1", "bolna", f, "negative", 3 * 1440)}`,
  // The old rows: per agent only, and one for a minute no call explains any more.
  `INSERT INTO call_minute (account_id, minute, agent_id, calls, failed, duration, cost) VALUES
     ('acc', ${minute(10)}, 'ag1', 2, 1, 90, 0.75), ('acc', ${minute(20)}, 'ag1', 1, 0, 1, 1)`,
  `INSERT INTO alert_rules (id, account_id, name, metric, agent_id, comparator, threshold, window_minutes, relative, severity, notify_emails, notify_webhook,
     created_at, updated_at) VALUES ('r1', 'acc', 'Failing', 'failed_calls', NULL, 'gt', 1, 10, 0, 'warning', '[]', 1, '${at(0)}', '${at(0)}')`,
];

const MINUTES = `SELECT minute, agent_id, engine_id, provider, calls, failed, duration, cost, analyzed, judged, succeeded, negative
  FROM call_minute ORDER BY minute, engine_id`;
const none = { calls: 0, failed: 0, duration: 0, cost: 0, analyzed: 0, judged: 0, succeeded: 0, negative: 0 };
const EXPECTED_MINUTES = [
  { minute: minute(10), agent_id: "ag1", engine_id: "e1", provider: "bolna", calls: 2, failed: 1, duration: 90, cost: 0.75, analyzed: 1, judged: 1, succeeded: 0, negative: 1 },
  { minute: minute(5), agent_id: "ag1", engine_id: "", provider: "", ...none, analyzed: 1 },
  { minute: minute(5), agent_id: "ag1", engine_id: "e2", provider: "bolna-self-hosted", ...none, calls: 1, failed: 1, duration: 10, cost: 0.125 },
  { minute: minute(5), agent_id: "ag1", engine_id: "gone", provider: "", ...none, calls: 1 },
];
// 0029: c1 (failed, 30 s), c2 (completed, 60 s) and c3 (error, 10 s) move to the minute they ended; c6 is in
// flight (its start's); each outcome goes to the minute it was analysed (`at(0)`, now).
const endMinute = (minutesAgo: number, seconds: number) => Math.floor((NOW - minutesAgo * 60_000 + seconds * 1000) / 60_000);
const byMinute = (rs: Record<string, unknown>[]) => [...rs].sort((a, b) => Number(a.minute) - Number(b.minute)
  || String(a.engine_id).localeCompare(String(b.engine_id)) || Number(a.calls) - Number(b.calls));
// c5, three days old, is inside the rebuild's reach (a day of calls before the kept minutes) and will be pruned.
const EXPECTED_0029 = byMinute([
  { minute: endMinute(3 * 1440, 5), agent_id: "ag1", engine_id: "e1", provider: "bolna", ...none, calls: 1, failed: 1, duration: 5, cost: 1 },
  { minute: endMinute(10, 30), agent_id: "ag1", engine_id: "e1", provider: "bolna", ...none, calls: 1, failed: 1, duration: 30, cost: 0.25 },
  { minute: endMinute(10, 60), agent_id: "ag1", engine_id: "e1", provider: "bolna", ...none, calls: 1, duration: 60, cost: 0.5 },
  { minute: endMinute(5, 10), agent_id: "ag1", engine_id: "e2", provider: "bolna-self-hosted", ...none, calls: 1, failed: 1, duration: 10, cost: 0.125 },
  { minute: minute(5), agent_id: "ag1", engine_id: "gone", provider: "", ...none, calls: 1 },
  { minute: minute(0), agent_id: "ag1", engine_id: "", provider: "", ...none, analyzed: 1 },
  { minute: minute(0), agent_id: "ag1", engine_id: "e1", provider: "bolna", ...none, analyzed: 2, judged: 2, negative: 2 },
]);
/** Rows of the same key (two calls ending in one minute) are one row: merged as the table's key does. */
const merged = (rs: Record<string, unknown>[]) => {
  const out = new Map<string, Record<string, unknown>>();
  for (const r of rs) {
    const k = [r.minute, r.agent_id, r.engine_id, r.provider].join("|");
    const o = out.get(k);
    out.set(k, o ? Object.fromEntries(Object.entries(o).map(([f, v]) => [f, typeof v === "number" && f !== "minute" ? v + Number(r[f]) : v])) : { ...r });
  }
  return byMinute([...out.values()]);
};
const file = (dialect: string, name: string) => fs.readFileSync(path.join(process.cwd(), "lib", "core", "migrations", dialect, name), "utf8");
const RULES = "SELECT id, engine_id, provider FROM alert_rules";
const numbers = (rs: Record<string, unknown>[]) => rs.map((r) => ({ ...r, minute: Number(r.minute) }));

afterAll(dropOldDatabases);

it.runIf(!admin)("SQLite: 0028 rebuilds call_minute by engine and provider and leaves rules watching every engine; 0029 moves calls to the minute they ended", () => {
  const raw = sqliteBefore(28);
  for (const sql of rows("X'00'", "0")) raw.exec(sql);
  raw.exec(file("sqlite", "0028_alert_engines.sql"));
  expect(numbers(raw.prepare(MINUTES).all() as Record<string, unknown>[])).toEqual(EXPECTED_MINUTES);
  raw.pragma("user_version = 28");
  expect(migrate(raw).to).toBeGreaterThanOrEqual(29);
  expect(byMinute(numbers(raw.prepare(MINUTES).all() as Record<string, unknown>[]))).toEqual(merged(EXPECTED_0029));
  expect(raw.prepare("SELECT evaluated_at FROM alert_rules").all()).toEqual([{ evaluated_at: null }]);
  expect(raw.prepare(RULES).all()).toEqual([{ id: "r1", engine_id: null, provider: null }]);
  // A rule's window is a range of minutes of one account: the key serves it without the age index.
  const plan = raw.prepare("EXPLAIN QUERY PLAN SELECT sum(calls) FROM call_minute WHERE account_id = ? AND minute >= ? AND minute < ? AND engine_id = ?")
    .all("acc", 0, 1, "e1") as { detail: string }[];
  expect(plan.map((p) => p.detail).join("\n")).toMatch(/USING PRIMARY KEY \(account_id=\? AND minute>\? AND minute<\?\)/);
  raw.close();
});

it.runIf(!!admin)("PostgreSQL: 0028 rebuilds call_minute by engine and provider and leaves rules watching every engine; 0029 moves calls to the minute they ended", async () => {
  const pool = await postgresBefore(28);
  for (const sql of rows("'\\x00'::bytea", "false")) await pool.query(sql);
  await pool.query(file("postgres", "0028_alert_engines.sql"));
  await pool.query("INSERT INTO schema_migrations (version) VALUES (28)");
  expect(numbers((await pool.query(MINUTES)).rows)).toEqual(EXPECTED_MINUTES);
  expect((await migratePg(pool)).to).toBeGreaterThanOrEqual(29);
  expect(byMinute(numbers((await pool.query(MINUTES)).rows))).toEqual(merged(EXPECTED_0029));
  expect((await pool.query("SELECT evaluated_at FROM alert_rules")).rows).toEqual([{ evaluated_at: null }]);
  expect((await pool.query(RULES)).rows).toEqual([{ id: "r1", engine_id: null, provider: null }]);
});
