import "server-only";
import { isStale, keyRing, seal, unseal } from "@/lib/core/secrets";
import { db, writeTx } from "@/lib/core/client";
import type { ToolsTable } from "@/lib/core/tables";

// A tool's api_token exists in plaintext only in memory, between unseal and the outbound request.
// The associated data binds each sealed token to its tool and account.

export type TokenColumns = Pick<ToolsTable, "token_ciphertext" | "token_iv" | "token_tag" | "token_key_id" | "token_last4">;

const context = (toolId: string, accountId: string) => ["tool-api-token", toolId, accountId];

// Showing four characters of a short token would give away too much of it.
const HINT_MIN_LENGTH = 12;

export function sealToolToken(token: string | null, toolId: string, accountId: string): TokenColumns {
  if (token === null) {
    return { token_ciphertext: null, token_iv: null, token_tag: null, token_key_id: null, token_last4: null };
  }
  const s = seal(token, context(toolId, accountId));
  return {
    token_ciphertext: s.ciphertext, token_iv: s.iv, token_tag: s.tag, token_key_id: s.keyId,
    token_last4: token.length >= HINT_MIN_LENGTH ? token.slice(-4) : null,
  };
}

/** The plaintext token, or null when the tool has none. Throws SecretKeyError when it can't be opened. */
export function openToolToken(row: TokenColumns, toolId: string, accountId: string): string | null {
  if (!row.token_ciphertext || !row.token_iv || !row.token_tag || !row.token_key_id) return null;
  return unseal({ ciphertext: row.token_ciphertext, iv: row.token_iv, tag: row.token_tag, keyId: row.token_key_id },
    context(toolId, accountId));
}

/**
 * After a key rotation (SECRET_KEY new, SECRET_KEY_PREVIOUS old): re-seals this account's tokens
 * that still use an old key, so SECRET_KEY_PREVIOUS can be dropped. Returns how many changed.
 */
export async function resealStaleTokens(accountId: string): Promise<number> {
  const ring = keyRing();
  return writeTx(async (trx) => {
    const rows = await trx
      .selectFrom("tools")
      .select(["id", "token_ciphertext", "token_iv", "token_tag", "token_key_id", "token_last4"])
      .where("account_id", "=", accountId)
      .where("token_key_id", "is not", null)
      .where("token_key_id", "!=", ring.current.id)
      .execute();
    for (const row of rows) {
      if (!row.token_key_id || !isStale({ keyId: row.token_key_id }, ring)) continue;
      const token = openToolToken(row, row.id, accountId);
      const sealed = sealToolToken(token, row.id, accountId);
      await trx.updateTable("tools").set(sealed).where("account_id", "=", accountId).where("id", "=", row.id).execute();
    }
    return rows.length;
  });
}

/** Account ids that own at least one token sealed with a key other than the current one. */
export async function accountsWithStaleTokens(): Promise<string[]> {
  const rows = await db()
    .selectFrom("tools")
    .select("account_id")
    .distinct()
    .where("token_key_id", "is not", null)
    .where("token_key_id", "!=", keyRing().current.id)
    .execute();
  return rows.map((r) => r.account_id);
}
