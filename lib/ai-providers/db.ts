import "server-only";
import crypto from "node:crypto";
import { openApiKey, sealApiKey } from "@/lib/core/secrets";
import { describeAudit } from "@/lib/core/audit-context";
import { db, dialect, writeTx } from "@/lib/core/client";
import { newestFirstPage } from "@/lib/core/newest-page";
import type { AiProvidersTable } from "@/lib/core/tables";
import { assertSecretStaysBound } from "@/lib/outbound/secret-binding";
import type { AiProvider } from "./schema";

// A provider's api_key exists in plaintext only in memory, between unseal and the outbound request.
// Associated data binds the sealed key to its provider and account: copied into another row, it
// fails to open.

export type AiProviderRow = AiProvidersTable;

const keyContext = (id: string, accountId: string) => ["ai-provider-api-key", id, accountId];

export const toAiProvider = (r: AiProviderRow): AiProvider => ({
  provider_id: r.id, name: r.name, base_url: r.base_url, model: r.model, api_key_hint: r.api_key_hint,
  is_default: Number(r.is_default) === 1, created_at: r.created_at, updated_at: r.updated_at,
});

const sealKey = (key: string, id: string, accountId: string) => sealApiKey(key, keyContext(id, accountId));

export function openAiProviderKey(r: AiProviderRow): string {
  return openApiKey(r, keyContext(r.id, r.account_id));
}

export async function createAiProvider(accountId: string, v: { name: string; base_url: string; api_key: string; model: string }): Promise<AiProviderRow> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const sealed = sealKey(v.api_key, id, accountId);
  describeAudit({ resourceId: id }); // the audit row of this request names what it created
  // The account's first provider becomes its default (the unique index settles a race: one wins).
  return writeTx(async (trx) => {
    const first = !(await trx.selectFrom("ai_providers").select("id").where("account_id", "=", accountId).limit(1).executeTakeFirst());
    const row: AiProviderRow = {
      id, account_id: accountId, name: v.name, base_url: v.base_url, model: v.model,
      ...sealed, is_default: first ? 1 : 0, created_at: now, updated_at: now,
    };
    await trx.insertInto("ai_providers").values(row).execute();
    return row;
  });
}

export async function getAiProvider(accountId: string, id: string): Promise<AiProviderRow | undefined> {
  return db().selectFrom("ai_providers").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirst();
}

export async function listAiProviders(accountId: string, limit: number, cursor?: string) {
  const { items, next_cursor, has_more } = await newestFirstPage("ai_providers", accountId, limit, cursor);
  return { rows: items, next_cursor, has_more };
}

export interface AiProviderChanges { name?: string; base_url?: string; api_key?: string; model?: string; is_default?: true }

export async function updateAiProvider(accountId: string, id: string, c: AiProviderChanges): Promise<AiProviderRow | undefined> {
  return writeTx(async (trx) => {
    let q = trx.selectFrom("ai_providers").select(["base_url"]).where("account_id", "=", accountId).where("id", "=", id);
    // SQLite's writeTx already holds the write lock; PostgreSQL locks the row.
    if (dialect() === "postgres") q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    assertSecretStaysBound({
      field: "api_key", urlField: "base_url", storedUrl: row.base_url, nextUrl: c.base_url,
      hasStoredSecret: true, secretSent: c.api_key !== undefined,
    });
    const set: Partial<AiProviderRow> = { updated_at: new Date().toISOString() };
    if (c.name !== undefined) set.name = c.name;
    if (c.base_url !== undefined) set.base_url = c.base_url;
    if (c.model !== undefined) set.model = c.model;
    if (c.api_key !== undefined) Object.assign(set, sealKey(c.api_key, id, accountId));
    if (c.is_default) {
      // The previous default steps down first: the partial unique index allows one per account.
      await trx.updateTable("ai_providers").set({ is_default: 0 }).where("account_id", "=", accountId).where("is_default", "=", 1).where("id", "!=", id).execute();
      set.is_default = 1;
    }
    await trx.updateTable("ai_providers").set(set).where("account_id", "=", accountId).where("id", "=", id).execute();
    return trx.selectFrom("ai_providers").selectAll().where("account_id", "=", accountId).where("id", "=", id).executeTakeFirstOrThrow();
  });
}

/** Deleting the default makes the oldest remaining provider the default, so an account with providers always has one. */
export async function deleteAiProvider(accountId: string, id: string): Promise<boolean> {
  return writeTx(async (trx) => {
    const gone = await trx.deleteFrom("ai_providers").where("account_id", "=", accountId).where("id", "=", id).returning("is_default").executeTakeFirst();
    if (!gone) return false;
    if (Number(gone.is_default) === 1) {
      const next = await trx.selectFrom("ai_providers").select("id").where("account_id", "=", accountId)
        .orderBy("created_at").orderBy("id").limit(1).executeTakeFirst();
      if (next) await trx.updateTable("ai_providers").set({ is_default: 1 }).where("account_id", "=", accountId).where("id", "=", next.id).execute();
    }
    return true;
  });
}
