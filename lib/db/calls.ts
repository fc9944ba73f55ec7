import "server-only";
import { sql } from "kysely";
import { db, rawSqlite } from "./client";
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
 * Turns free text into an FTS5 query. Phone-like input searches the `numbers` column by digits
 * (which holds each number's full digits, last 10 and last 7 digits, so national and local forms
 * match); anything else is a prefix match on every word of the transcript.
 */
export function ftsQuery(q: string): string | undefined {
  const trimmed = q.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (/^[\d\s()+.-]+$/.test(trimmed) && digits.length >= 3) return `numbers : "${digits}"*`;
  const words = trimmed.match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  return words.slice(0, 16).map((w) => `"${w}"*`).join(" AND ");
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
    const match = ftsQuery(f.q);
    if (!match) return { calls: [] as CallRecord[], next_cursor: null, has_more: false };
    query = query.where(sql<boolean>`id IN (SELECT rowid FROM calls_fts WHERE calls_fts MATCH ${match})`);
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

export type NewCall = Omit<CallRecord, "account_id">;

function numbersText(...numbers: string[]): string {
  return numbers
    .map((n) => n.replace(/\D/g, ""))
    .filter(Boolean)
    .flatMap((d) => [d, d.slice(-10), d.slice(-7)])
    .join(" ");
}

/**
 * Inserts calls in one IMMEDIATE transaction with prepared statements (this is the seed/import hot
 * path), skipping call_sids the account already has, and adds the inserted rows to the daily rollup
 * in the same transaction so summaries never disagree with the calls.
 */
export async function insertCalls(accountId: string, rows: NewCall[]): Promise<{ inserted: number; skipped: number }> {
  const raw = rawSqlite();
  // Hold Kysely's connection lock so no async Kysely transaction interleaves with this one.
  return db().connection().execute(async () => {
    const insert = raw.prepare(
      `INSERT INTO calls (account_id, call_sid, agent_id, name, from_number, to_number, duration, recording_url,
         transcription, status, cost, call_type, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, call_sid) DO NOTHING`,
    );
    const fts = raw.prepare("INSERT INTO calls_fts (rowid, transcription, numbers) VALUES (?, ?, ?)");
    const rollup = raw.prepare(
      `INSERT INTO call_daily (account_id, day, agent_id, agent_name, status, call_type, calls, duration, cost)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, day, agent_id, status, call_type) DO UPDATE SET
         calls = calls + excluded.calls, duration = duration + excluded.duration,
         cost = cost + excluded.cost, agent_name = excluded.agent_name`,
    );
    const run = raw.transaction((batch: NewCall[]) => {
      const deltas = new Map<string, [string, string, string, string, string, number, number, number]>();
      let inserted = 0;
      for (const c of batch) {
        const res = insert.run(accountId, c.call_sid, c.agent_id, c.name, c.from_number, c.to_number, c.duration,
          c.recording_url, c.transcription, c.status, c.cost, c.call_type, c.created_at);
        if (res.changes === 0) continue;
        inserted++;
        fts.run(res.lastInsertRowid, c.transcription, numbersText(c.from_number, c.to_number));
        const day = c.created_at.slice(0, 10);
        const key = `${day}\u0000${c.agent_id}\u0000${c.status}\u0000${c.call_type}`;
        const d = deltas.get(key) ?? [day, c.agent_id, c.name, c.status, c.call_type, 0, 0, 0];
        d[5] += 1; d[6] += c.duration; d[7] += c.cost; d[2] = c.name;
        deltas.set(key, d);
      }
      for (const d of deltas.values()) rollup.run(accountId, ...d);
      return inserted;
    });
    const inserted = run.immediate(rows);
    return { inserted, skipped: rows.length - inserted };
  });
}
