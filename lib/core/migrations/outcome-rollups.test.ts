import { afterAll, expect, it } from "vitest";
import { migrate } from "@/lib/core/sqlite";
import { migratePg } from "@/lib/core/postgres";
import { dropOldDatabases, PG_ADMIN as admin, postgresBefore, sqliteBefore } from "./old-database";

// Migration 0014 on a database that has outcomes from before it: each outcome and field row gets
// its call's created_at, and the outcome rollup is filled from them, by the call's UTC day, agent and
// disposition. The same rows on SQLite and (with TEST_PG_ADMIN_URL) on PostgreSQL.

const call = (sid: string, agent: string, at: string) =>
  `('acc', '${sid}', '${agent}', 'N', '', '', 60, '', 'hi', 'completed', 0.1, 'outbound', '${at}')`;
const outcome = (sid: string, agent: string, success: string, sentiment: string, disposition: string) =>
  `('acc', '${sid}', '${agent}', 'analyzed', 'engine', ${success}, NULL, ${sentiment}, ${disposition}, '[]', NULL, NULL, '2025-06-01T00:00:00.000Z')`;
const rows = (t: string, f: string) => [
  "INSERT INTO accounts (id, name, created_at) VALUES ('acc', 'A', '2025-01-01T00:00:00.000Z')",
  `INSERT INTO calls (account_id, call_sid, agent_id, name, from_number, to_number, duration, recording_url, transcription, status, cost, call_type, created_at) VALUES
     ${call("s1", "ag1", "2025-05-01T23:59:59.000Z")}, ${call("s2", "ag1", "2025-05-01T08:00:00.000Z")},
     ${call("s3", "ag2", "2025-05-02T00:00:00.000Z")}, ${call("s4", "ag1", "2025-05-02T10:00:00.000Z")}`,
  `INSERT INTO call_outcomes (account_id, call_sid, agent_id, status, source, success, success_reason, sentiment, disposition, fields, errors, model, analyzed_at) VALUES
     ${outcome("s1", "ag1", t, "'positive'", "'booked'")}, ${outcome("s2", "ag1", f, "'negative'", "'booked'")},
     ${outcome("s3", "ag2", "NULL", "NULL", "NULL")}, ${outcome("s4", "ag1", t, "'neutral'", "'callback'")}`,
  "INSERT INTO call_outcome_fields (account_id, call_sid, name, num_value, text_value) VALUES ('acc', 's1', 'seats', 3, NULL), ('acc', 's3', 'plan', NULL, 'pro')",
];
const ROLLUP = "SELECT day, agent_id, disposition, analyzed, judged, succeeded, positive, neutral, negative FROM call_outcome_daily ORDER BY day, agent_id, disposition";
const EXPECTED_ROLLUP = [
  { day: "2025-05-01", agent_id: "ag1", disposition: "booked", analyzed: 2, judged: 2, succeeded: 1, positive: 1, neutral: 0, negative: 1 },
  { day: "2025-05-02", agent_id: "ag1", disposition: "callback", analyzed: 1, judged: 1, succeeded: 1, positive: 0, neutral: 1, negative: 0 },
  { day: "2025-05-02", agent_id: "ag2", disposition: "", analyzed: 1, judged: 0, succeeded: 0, positive: 0, neutral: 0, negative: 0 },
];
const COPIED = "SELECT o.call_sid, o.created_at AS o, f.created_at AS f FROM call_outcomes o LEFT JOIN call_outcome_fields f ON f.call_sid = o.call_sid ORDER BY o.call_sid";
const EXPECTED_COPIED = [
  { call_sid: "s1", o: "2025-05-01T23:59:59.000Z", f: "2025-05-01T23:59:59.000Z" },
  { call_sid: "s2", o: "2025-05-01T08:00:00.000Z", f: null },
  { call_sid: "s3", o: "2025-05-02T00:00:00.000Z", f: "2025-05-02T00:00:00.000Z" },
  { call_sid: "s4", o: "2025-05-02T10:00:00.000Z", f: null },
];

afterAll(dropOldDatabases);

it.runIf(!admin)("SQLite: 0014 copies each call's created_at onto its outcome and fills the outcome rollup", () => {
  const raw = sqliteBefore(14);
  for (const sql of rows("1", "0")) raw.exec(sql);
  expect(migrate(raw).to).toBeGreaterThanOrEqual(14);
  expect(raw.prepare(ROLLUP).all()).toEqual(EXPECTED_ROLLUP);
  expect(raw.prepare(COPIED).all()).toEqual(EXPECTED_COPIED);
  raw.close();
});

it.runIf(!!admin)("PostgreSQL: 0014 copies each call's created_at onto its outcome and fills the outcome rollup", async () => {
  const pool = await postgresBefore(14);
  for (const sql of rows("true", "false")) await pool.query(sql);
  expect((await migratePg(pool)).to).toBeGreaterThanOrEqual(14);
  expect((await pool.query(ROLLUP)).rows).toEqual(EXPECTED_ROLLUP);
  expect((await pool.query(COPIED)).rows).toEqual(EXPECTED_COPIED);
});
