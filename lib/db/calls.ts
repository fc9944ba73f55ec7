import "server-only";
import { sql } from "kysely";
import { db, dialect } from "./client";
import { decodeCursor, encodeCursor } from "./cursor";

export const CALL_FIELDS = [
  "call_sid", "agent_id", "name", "account_id", "from_number", "to_number", "duration",
  "recording_url", "transcription", "status", "cost", "call_type", "created_at",
] as const;

export interface CallRecord {
  call_sid: string; agent_id: string; name: string; account_id: string; from_number: string;
  to_number: string; duration: number; recording_url: string; transcription: string; status: string;
  cost: number; call_type: string; created_at: string;
}

export interface CallFilters {
  agent_id?: string; status?: string; call_type?: string;
  /** Inclusive lower bound, ISO timestamp. */ from?: string;
  /** Exclusive upper bound, ISO timestamp. */ toExclusive?: string;
  q?: string;
}

/**
 * Turns free text into a full-text condition. Phone-like input searches the numbers (indexed as each
 * number's full digits, last 10 and last 7 digits, so national and local forms match); anything else
 * is a prefix match on every word of the transcript. SQLite: FTS5; PostgreSQL: tsvector + GIN.
 */
export function searchCondition(q: string, d: "sqlite" | "postgres") {
  const trimmed = q.trim();
  const digits = trimmed.replace(/\D/g, "");
  const phone = /^[\d\s()+.-]+$/.test(trimmed) && digits.length >= 3;
  const words = phone ? [digits] : (trimmed.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16).map((w) => w.toLowerCase());
  if (words.length === 0) return undefined;
  if (d === "postgres") {
    const tsq = words.map((w) => `'${w}':*${phone ? "B" : "A"}`).join(" & ");
    return sql<boolean>`search @@ to_tsquery('simple', ${tsq})`;
  }
  const match = phone ? `numbers : "${digits}"*` : words.map((w) => `"${w}"*`).join(" AND ");
  return sql<boolean>`id IN (SELECT rowid FROM calls_fts WHERE calls_fts MATCH ${match})`;
}

export async function listCalls(accountId: string, f: CallFilters, limit: number, cursor?: string) {
  let query = db()
    .selectFrom("calls")
    .select([...CALL_FIELDS])
    .where("account_id", "=", accountId);
  if (f.agent_id) query = query.where("agent_id", "=", f.agent_id);
  if (f.status) query = query.where("status", "=", f.status);
  if (f.call_type) query = query.where("call_type", "=", f.call_type);
  if (f.from) query = query.where("created_at", ">=", f.from);
  if (f.toExclusive) query = query.where("created_at", "<", f.toExclusive);
  if (f.q !== undefined) {
    const condition = searchCondition(f.q, dialect());
    if (!condition) return { calls: [] as CallRecord[], next_cursor: null, has_more: false };
    query = query.where(condition);
  }
  if (cursor) {
    const [createdAt, callSid] = decodeCursor(cursor, 2);
    // Row-value comparison: SQLite and PostgreSQL both turn it into an index range.
    query = query.where(sql<boolean>`(created_at, call_sid) < (${createdAt}, ${callSid})`);
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("call_sid", "desc").limit(limit + 1).execute();
  const has_more = rows.length > limit;
  const calls = has_more ? rows.slice(0, limit) : rows;
  const last = calls[calls.length - 1];
  return { calls, next_cursor: has_more && last ? encodeCursor([last.created_at, last.call_sid]) : null, has_more };
}

export async function getCall(accountId: string, callSid: string): Promise<CallRecord | undefined> {
  return db().selectFrom("calls").select([...CALL_FIELDS]).where("account_id", "=", accountId).where("call_sid", "=", callSid).executeTakeFirst();
}

export { insertCalls, type NewCall } from "./calls-insert";
