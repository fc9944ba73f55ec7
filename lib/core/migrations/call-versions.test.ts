import { afterAll, expect, it } from "vitest";
import { migrate } from "@/lib/core/sqlite";
import { migratePg } from "@/lib/core/postgres";
import { dropOldDatabases, PG_ADMIN as admin, postgresBefore, sqliteBefore } from "./old-database";

// Migration 0017 on a database from before it: every deployment in force becomes the first entry of
// the deployment log (late executions are stamped from it), and calls already stored carry no
// version (NULL: nobody knows which content they ran).
// The PostgreSQL half runs with TEST_PG_ADMIN_URL set (which also puts this file in vitest's db project,
// the one `npm run test:pg` runs).

const T1 = "2025-05-01T10:00:00.000Z", T2 = "2025-05-02T10:00:00.000Z";
const rows = (blob: string) => [
  "INSERT INTO accounts (id, name, created_at) VALUES ('acc', 'A', '2025-01-01T00:00:00.000Z')",
  `INSERT INTO agents (id, account_id, name, agent_config, agent_prompts, created_at, updated_at, version)
   VALUES ('ag1', 'acc', 'A1', '{"agent_name":"A1"}', '{}', '${T1}', '${T1}', 3), ('ag2', 'acc', 'A2', '{"agent_name":"A2"}', '{}', '${T1}', '${T1}', 1)`,
  `INSERT INTO engines (id, account_id, name, provider, base_url, key_ciphertext, key_iv, key_tag, key_key_id, api_key_hint,
     webhook_secret_hash, webhook_ciphertext, webhook_iv, webhook_tag, webhook_key_id, created_at, updated_at)
   VALUES ('en', 'acc', 'E', 'bolna', 'https://bolna.example', ${blob}, ${blob}, ${blob}, 'k', '', 'h', ${blob}, ${blob}, ${blob}, 'k', '${T1}', '${T1}')`,
  `INSERT INTO agent_deployments (agent_id, engine_id, account_id, remote_agent_id, agent_updated_at, deployed_at, version)
   VALUES ('ag1', 'en', 'acc', 'r1', '${T1}', '${T2}', 2), ('ag2', 'en', 'acc', 'r2', '${T1}', '${T1}', NULL)`,
  `INSERT INTO calls (account_id, call_sid, agent_id, name, from_number, to_number, duration, recording_url, transcription, status, cost, call_type, created_at)
   VALUES ('acc', 'CA1', 'ag1', 'A1', '+1', '+2', 1, '', '', 'completed', 0, 'outbound', '${T2}')`,
];
const LOG = "SELECT account_id, agent_id, engine_id, deployed_at, version FROM agent_deployment_log ORDER BY agent_id";
const EXPECTED_LOG = [
  { account_id: "acc", agent_id: "ag1", engine_id: "en", deployed_at: T2, version: 2 },
  { account_id: "acc", agent_id: "ag2", engine_id: "en", deployed_at: T1, version: null },
];
const CALLS = "SELECT call_sid, agent_version FROM calls";

afterAll(dropOldDatabases);

it.runIf(!admin)("SQLite: 0017 logs the deployments in force and leaves stored calls without a version", () => {
  const raw = sqliteBefore(17);
  for (const sql of rows("X'00'")) raw.exec(sql);
  expect(migrate(raw).to).toBeGreaterThanOrEqual(17);
  expect(raw.prepare(LOG).all()).toEqual(EXPECTED_LOG);
  expect(raw.prepare(CALLS).all()).toEqual([{ call_sid: "CA1", agent_version: null }]);
  raw.close();
});

it.runIf(!!admin)("PostgreSQL: 0017 logs the deployments in force and leaves stored calls without a version", async () => {
  const pool = await postgresBefore(17);
  for (const sql of rows("'\\x00'::bytea")) await pool.query(sql);
  expect((await migratePg(pool)).to).toBeGreaterThanOrEqual(17);
  expect((await pool.query(LOG)).rows).toEqual(EXPECTED_LOG);
  expect((await pool.query(CALLS)).rows).toEqual([{ call_sid: "CA1", agent_version: null }]);
});
