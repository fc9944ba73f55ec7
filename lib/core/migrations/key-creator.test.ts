import { afterAll, expect, it } from "vitest";
import { migrate } from "@/lib/core/sqlite";
import { migratePg } from "@/lib/core/postgres";
import { dropOldDatabases, PG_ADMIN as admin, postgresBefore, sqliteBefore } from "./old-database";

// Migration 0010 on a database that has keys from before it: a key made by a member acts for that
// member, one made through a CLI token stays account-level, one whose maker was removed since is
// revoked. The same rows on SQLite and (with TEST_PG_ADMIN_URL) on PostgreSQL.

const T = "2024-01-01T00:00:00.000Z";
const ROWS = [
  `INSERT INTO accounts (id, name, created_at) VALUES ('acc', 'A', '${T}')`,
  `INSERT INTO users (id, account_id, email, name, password_hash, role, created_at) VALUES ('u1', 'acc', 'm@x.test', 'M', 'h', 'admin', '${T}')`,
  `INSERT INTO api_tokens (id, account_id, token_hash, last4, created_at, name, scope, created_by) VALUES
     ('cli', 'acc', 'h1', '1111', '${T}', '', 'full', NULL),
     ('by_member', 'acc', 'h2', '2222', '${T}', 'member key', 'full', 'u1'),
     ('by_cli', 'acc', 'h3', '3333', '${T}', 'made through the CLI token', 'full', NULL),
     ('orphan', 'acc', 'h4', '4444', '${T}', 'maker removed', 'full', NULL)`,
  `INSERT INTO audit_log (id, account_id, at, actor_type, actor_id, actor_label, action, resource_type, resource_id, summary, ip) VALUES
     ('a1', 'acc', '${T}', 'key', 'cli', 'key …1111', 'keys.create', 'key', 'by_cli', 'created', 'local'),
     ('a2', 'acc', '${T}', 'user', 'gone', 'gone@x.test', 'keys.create', 'key', 'orphan', 'created', 'local')`,
];
const EXPECTED = [
  { id: "by_cli", kind: "account", revoked: false },
  { id: "by_member", kind: "member", revoked: false },
  { id: "cli", kind: "account", revoked: false },
  { id: "orphan", kind: "member", revoked: true },
];
const READ = "SELECT id, kind, revoked_at FROM api_tokens ORDER BY id";
const shape = (rows: { id: string; kind: string; revoked_at: unknown }[]) => rows.map((r) => ({ id: r.id, kind: r.kind, revoked: r.revoked_at !== null }));

afterAll(dropOldDatabases);

it.runIf(!admin)("SQLite: 0010 marks each existing key by who made it and revokes keys whose maker is gone", () => {
  const raw = sqliteBefore(10);
  for (const sql of ROWS) raw.exec(sql);
  expect(migrate(raw).to).toBeGreaterThanOrEqual(10);
  expect(shape(raw.prepare(READ).all() as never)).toEqual(EXPECTED);
  raw.close();
});

it.runIf(!!admin)("PostgreSQL: 0010 marks each existing key by who made it and revokes keys whose maker is gone", async () => {
  const pool = await postgresBefore(10);
  for (const sql of ROWS) await pool.query(sql);
  expect((await migratePg(pool)).to).toBeGreaterThanOrEqual(10);
  expect(shape((await pool.query(READ)).rows)).toEqual(EXPECTED);
});
