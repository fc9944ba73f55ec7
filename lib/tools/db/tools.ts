import "server-only";
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import { AppError } from "@/lib/http/errors";
import type { ToolMethod } from "@/lib/outbound/request-shape";
import { assertSecretStaysBound } from "@/lib/outbound/secret-binding";
import type { ToolPatch } from "@/lib/tools/schema";
import { describeAudit } from "@/lib/core/audit-context";
import { db, dialect, writeTx } from "@/lib/core/client";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { sealToolToken, type TokenColumns } from "./tokens";
import type { DB, ToolsTable } from "@/lib/core/tables";
import type { ToolRecord } from "@/lib/tools/schema";
export type { ToolRecord };


export interface NewTool {
  name: string; description: string; parameters: Record<string, unknown>;
  method: ToolMethod; url: string; apiToken?: string; category: string; tags: string[];
}

export type ToolRow = Omit<ToolsTable, "account_id">;
export const TOOL_COLUMNS = [
  "id", "name", "description", "category", "tags", "parameters", "method", "url", "token_ciphertext", "token_iv",
  "token_tag", "token_key_id", "token_last4", "is_active", "last_tested", "test_status", "created_at", "updated_at",
] as const;

export function toToolRecord(r: ToolRow): ToolRecord {
  return {
    id: r.id, name: r.name, description: r.description, category: r.category, tags: JSON.parse(r.tags),
    isActive: r.is_active === 1, lastTested: r.last_tested, testStatus: r.test_status,
    createdAt: r.created_at, updatedAt: r.updated_at,
    method: r.method as ToolMethod, url: r.url, parameters: JSON.parse(r.parameters),
    api_token_hint: r.token_ciphertext ? `****${r.token_last4 ?? ""}` : null,
  };
}

/** Registers every tool or none: one IMMEDIATE transaction; a name already taken is a 409. */
export async function createTools(accountId: string, tools: NewTool[]): Promise<ToolRecord[]> {
  return writeTx(async (trx) => {
    const names = tools.map((t) => t.name);
    const taken = new Set(
      (await trx.selectFrom("tools").select("name").where("account_id", "=", accountId).where("name", "in", names).execute())
        .map((r) => r.name),
    );
    if (taken.size) {
      const errors = tools.flatMap((t, i) =>
        taken.has(t.name) ? [{ path: `tools[${i}].function.name`, message: `a tool named '${t.name}' already exists` }] : []);
      throw new AppError(409, `Tool name already in use: ${[...taken].join(", ")}`, { errors });
    }
    const now = new Date().toISOString();
    const rows = tools.map((t) => {
      const id = crypto.randomUUID();
      return {
        id, account_id: accountId, name: t.name, description: t.description, category: t.category,
        tags: JSON.stringify(t.tags), parameters: JSON.stringify(t.parameters), method: t.method, url: t.url,
        ...sealToolToken(t.apiToken ?? null, id, accountId),
        is_active: 1, last_tested: null, test_status: "untested", created_at: now, updated_at: now,
      };
    });
    describeAudit({ resourceId: rows.map((r) => r.id).join(",") }); // the audit row of this request names what it created
    try {
      await trx.insertInto("tools").values(rows).execute();
    } catch (err) {
      // PostgreSQL: a concurrent registration of the same name committed after our check.
      if (isUniqueViolation(err)) throw new AppError(409, "Tool name already in use", { errors: [] });
      throw err;
    }
    return rows.map(toToolRecord);
  });
}

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

export interface ToolFilter { limit: number; cursor?: string; category?: string; tag?: string; isActive?: boolean; q?: string }

/** Newest first, keyset-paginated over (created_at, id). */
export async function listTools(accountId: string, f: ToolFilter) {
  let q = db().selectFrom("tools").select([...TOOL_COLUMNS]).where("account_id", "=", accountId);
  if (f.category !== undefined) q = q.where("category", "=", f.category);
  if (f.isActive !== undefined) q = q.where("is_active", "=", f.isActive ? 1 : 0);
  if (f.tag !== undefined) {
    // Exact tag match inside the JSON array column (text on both dialects).
    q = q.where(dialect() === "postgres"
      ? sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(tags::jsonb) t(v) WHERE t.v = ${f.tag})`
      : sql<boolean>`EXISTS (SELECT 1 FROM json_each(tags) WHERE json_each.value = ${f.tag})`);
  }
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // SQLite's LIKE ignores ASCII case; PostgreSQL needs ILIKE for the same answer.
    const op = sql.raw(dialect() === "postgres" ? "ILIKE" : "LIKE");
    q = q.where(sql<boolean>`(name ${op} ${like} ESCAPE '\\' OR description ${op} ${like} ESCAPE '\\')`);
  }
  if (f.cursor) {
    const [createdAt, id] = decodeCursor(f.cursor, 2);
    q = q.where(sql<boolean>`(created_at, id) < (${createdAt}, ${id})`);
  }
  const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(f.limit + 1).execute();
  const { items, next_cursor } = keysetPage(rows, f.limit, (r) => [r.created_at, r.id]);
  return { data: items.map(toToolRecord), next_cursor };
}

export async function getToolRow(accountId: string, id: string, ex: Kysely<DB> = db(), forUpdate = false): Promise<ToolRow | undefined> {
  let q = ex.selectFrom("tools").select([...TOOL_COLUMNS]).where("account_id", "=", accountId).where("id", "=", id);
  // SQLite's writeTx already holds the database write lock; PostgreSQL locks the row.
  if (forUpdate && dialect() === "postgres") q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function getTool(accountId: string, id: string): Promise<ToolRecord | undefined> {
  const row = await getToolRow(accountId, id);
  return row && toToolRecord(row);
}

/** Applies a PATCH; undefined when the tool is not the account's. */
export async function patchTool(accountId: string, id: string, p: ToolPatch): Promise<ToolRecord | undefined> {
  return writeTx(async (trx) => {
    const row = await getToolRow(accountId, id, trx, true);
    if (!row) return undefined;
    const tp = p.tools_params ?? {};
    assertSecretStaysBound({
      field: "tools_params.api_token", urlField: "tools_params.url", storedUrl: row.url, nextUrl: tp.url,
      hasStoredSecret: row.token_ciphertext !== null, secretSent: tp.api_token !== undefined, removable: true,
    });
    let token: Partial<TokenColumns> = {};
    if (tp.api_token !== undefined) token = sealToolToken(tp.api_token, id, accountId);
    // Strictly increasing: updated_at keys the compiled-schema cache, so two edits in the same
    // millisecond must still differ.
    const now = Math.max(Date.now(), Date.parse(row.updated_at) + 1);
    const set = {
      ...(p.description !== undefined && { description: p.description }),
      ...(p.parameters !== undefined && { parameters: JSON.stringify(p.parameters) }),
      ...(p.category !== undefined && { category: p.category }),
      ...(p.tags !== undefined && { tags: JSON.stringify(p.tags) }),
      ...(p.isActive !== undefined && { is_active: p.isActive ? 1 : 0 }),
      ...(tp.method !== undefined && { method: tp.method }),
      ...(tp.url !== undefined && { url: tp.url }),
      ...token,
      updated_at: new Date(now).toISOString(),
    };
    await trx.updateTable("tools").set(set).where("account_id", "=", accountId).where("id", "=", id).execute();
    return toToolRecord({ ...row, ...set });
  });
}

export async function deleteTool(accountId: string, id: string): Promise<boolean> {
  const res = await db().deleteFrom("tools").where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Agents of the account whose tasks list this tool in api_tools.api_tool_ids. */
export async function agentsUsingTool(accountId: string, toolId: string): Promise<{ agent_id: string; agent_name: string }[]> {
  const query = dialect() === "postgres"
    ? sql<{ agent_id: string; agent_name: string }>`
      SELECT DISTINCT a.id AS agent_id, a.name AS agent_name
      FROM agents a, jsonb_array_elements(a.agent_config->'tasks') t,
        jsonb_array_elements_text(t->'tools_config'->'api_tools'->'api_tool_ids') i
      WHERE a.account_id = ${accountId} AND i = ${toolId}
      ORDER BY a.name`
    : sql<{ agent_id: string; agent_name: string }>`
      SELECT DISTINCT a.id AS agent_id, a.name AS agent_name
      FROM agents a, json_each(a.agent_config, '$.tasks') t, json_each(t.value, '$.tools_config.api_tools.api_tool_ids') i
      WHERE a.account_id = ${accountId} AND i.value = ${toolId}
      ORDER BY a.name`;
  return (await query.execute(db())).rows;
}

/** Which of `ids` are active tools of this account. */
export async function activeToolIds(accountId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db()
    .selectFrom("tools")
    .select("id")
    .where("account_id", "=", accountId)
    .where("is_active", "=", 1)
    .where("id", "in", ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
