import { afterAll, expect, it } from "vitest";
import { migrate } from "@/lib/core/sqlite";
import { migratePg } from "@/lib/core/postgres";
import { dropOldDatabases, PG_ADMIN as admin, postgresBefore, sqliteBefore } from "./old-database";

// Migration 0016 on a database with agents and deployments from before it: every agent's content
// becomes its version 1 (dated by its updated_at), the agent row is at version 1, and a deployment
// runs version 1 only when the agent has not changed since it (else its content was never kept: NULL).
// The PostgreSQL half runs with TEST_PG_ADMIN_URL set (which also puts this file in vitest's db project,
// the one `npm run test:pg` runs).

const T1 = "2025-05-01T10:00:00.000Z", T2 = "2025-05-02T10:00:00.000Z";
const agent = (id: string, prompt: string) =>
  `('${id}', 'acc', 'Agent ${id}', '{"agent_name":"Agent ${id}","tasks":[]}', '{"task_1":{"system_prompt":"${prompt}"}}', '${T1}', '${T2}')`;
const rows = (blob: string) => [
  "INSERT INTO accounts (id, name, created_at) VALUES ('acc', 'A', '2025-01-01T00:00:00.000Z')",
  `INSERT INTO agents (id, account_id, name, agent_config, agent_prompts, created_at, updated_at) VALUES ${agent("ag1", "One")}, ${agent("ag2", "Two")}`,
  "UPDATE agents SET analysis_plan = '{\"summary\":true}' WHERE id = 'ag1'",
  `INSERT INTO engines (id, account_id, name, provider, base_url, key_ciphertext, key_iv, key_tag, key_key_id, api_key_hint,
     webhook_secret_hash, webhook_ciphertext, webhook_iv, webhook_tag, webhook_key_id, created_at, updated_at)
   VALUES ('en', 'acc', 'E', 'bolna', 'https://bolna.example', ${blob}, ${blob}, ${blob}, 'k', '', 'h', ${blob}, ${blob}, ${blob}, 'k', '${T1}', '${T1}')`,
  // ag1 deployed with its current content; ag2 deployed before its last change.
  `INSERT INTO agent_deployments (agent_id, engine_id, account_id, remote_agent_id, agent_updated_at, deployed_at)
   VALUES ('ag1', 'en', 'acc', 'r1', '${T2}', '${T2}'), ('ag2', 'en', 'acc', 'r2', '${T1}', '${T1}')`,
];
const VERSIONS = "SELECT agent_id, version, agent_prompts, analysis_plan, created_at, created_by, note FROM agent_versions ORDER BY agent_id";
const AGENTS = "SELECT id, version FROM agents ORDER BY id";
const DEPLOYMENTS = "SELECT agent_id, version FROM agent_deployments ORDER BY agent_id";
const norm = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({ ...r, agent_prompts: JSON.parse(r.agent_prompts as string), analysis_plan: r.analysis_plan && JSON.parse(r.analysis_plan as string) }));
const EXPECTED_VERSIONS = [
  { agent_id: "ag1", version: 1, agent_prompts: { task_1: { system_prompt: "One" } }, analysis_plan: { summary: true }, created_at: T2, created_by: null, note: null },
  { agent_id: "ag2", version: 1, agent_prompts: { task_1: { system_prompt: "Two" } }, analysis_plan: null, created_at: T2, created_by: null, note: null },
];

afterAll(dropOldDatabases);

it.runIf(!admin)("SQLite: 0016 makes every agent's content its version 1 and dates deployments that still match", () => {
  const raw = sqliteBefore(16);
  for (const sql of rows("X'00'")) raw.exec(sql);
  expect(migrate(raw).to).toBeGreaterThanOrEqual(16);
  expect(norm(raw.prepare(VERSIONS).all() as Record<string, unknown>[])).toEqual(EXPECTED_VERSIONS);
  expect(raw.prepare(AGENTS).all()).toEqual([{ id: "ag1", version: 1 }, { id: "ag2", version: 1 }]);
  expect(raw.prepare(DEPLOYMENTS).all()).toEqual([{ agent_id: "ag1", version: 1 }, { agent_id: "ag2", version: null }]);
  raw.close();
});

it.runIf(!!admin)("PostgreSQL: 0016 makes every agent's content its version 1 and dates deployments that still match", async () => {
  const pool = await postgresBefore(16);
  for (const sql of rows("'\\x00'::bytea")) await pool.query(sql);
  expect((await migratePg(pool)).to).toBeGreaterThanOrEqual(16);
  expect(norm((await pool.query(VERSIONS)).rows)).toEqual(EXPECTED_VERSIONS);
  expect((await pool.query(AGENTS)).rows).toEqual([{ id: "ag1", version: 1 }, { id: "ag2", version: 1 }]);
  expect((await pool.query(DEPLOYMENTS)).rows).toEqual([{ agent_id: "ag1", version: 1 }, { agent_id: "ag2", version: null }]);
});
