import "server-only";
import { sql } from "kysely";
import { db, dialect, rawSqlite } from "@/lib/core/client";
import type { CallRecord } from "./calls";

export type NewCall = Omit<CallRecord, "account_id">;

/**
 * The digits phone search matches (each number's full digits, last 10 and last 7): SQLite keeps
 * them in calls_fts, PostgreSQL in calls.numbers. db:copy (lib/core/copy.ts) computes them too.
 */
export function numbersText(...numbers: string[]): string {
  return numbers
    .map((n) => n.replace(/\D/g, ""))
    .filter(Boolean)
    .flatMap((d) => [d, d.slice(-10), d.slice(-7)])
    .join(" ");
}

type Delta = [day: string, agentId: string, agentName: string, status: string, callType: string, calls: number, duration: number, cost: number];

/** Adds one inserted call to the per-(day, agent, status, type) rollup deltas of a batch. */
function addDelta(deltas: Map<string, Delta>, c: NewCall) {
  const day = c.created_at.slice(0, 10);
  const key = `${day}\u0000${c.agent_id}\u0000${c.status}\u0000${c.call_type}`;
  const d = deltas.get(key) ?? [day, c.agent_id, c.name, c.status, c.call_type, 0, 0, 0];
  d[5] += 1; d[6] += c.duration; d[7] += c.cost; d[2] = c.name;
  deltas.set(key, d);
}

export async function insertCalls(accountId: string, rows: NewCall[]): Promise<{ inserted: number; skipped: number }> {
  return dialect() === "postgres" ? insertCallsPg(accountId, rows) : insertCallsSqlite(accountId, rows);
}

/**
 * Inserts calls in one IMMEDIATE transaction with prepared statements (this is the seed/import hot
 * path), skipping call_sids the account already has, and adds the inserted rows to the daily rollup
 * in the same transaction so summaries never disagree with the calls.
 */
async function insertCallsSqlite(accountId: string, rows: NewCall[]): Promise<{ inserted: number; skipped: number }> {
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
      // Imported calls have no engine: its rollup columns are '' (migration 0023).
      `INSERT INTO call_daily (account_id, day, agent_id, agent_name, status, call_type, engine_id, provider, calls, duration, cost)
       VALUES (?, ?, ?, ?, ?, ?, '', '', ?, ?, ?)
       ON CONFLICT (account_id, day, agent_id, status, call_type, engine_id, provider) DO UPDATE SET
         calls = calls + excluded.calls, duration = duration + excluded.duration,
         cost = cost + excluded.cost, agent_name = excluded.agent_name`,
    );
    const run = raw.transaction((batch: NewCall[]) => {
      const deltas = new Map<string, Delta>();
      let inserted = 0;
      for (const c of batch) {
        const res = insert.run(accountId, c.call_sid, c.agent_id, c.name, c.from_number, c.to_number, c.duration,
          c.recording_url, c.transcription, c.status, c.cost, c.call_type, c.created_at);
        if (res.changes === 0) continue;
        inserted++;
        fts.run(res.lastInsertRowid, c.transcription, numbersText(c.from_number, c.to_number));
        addDelta(deltas, c);
      }
      for (const d of deltas.values()) rollup.run(accountId, ...d);
      return inserted;
    });
    const inserted = run.immediate(rows);
    return { inserted, skipped: rows.length - inserted };
  });
}

const PG_CHUNK = 1000; // 14 parameters a row stays far below PostgreSQL's 65,535

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * PostgreSQL: multi-row INSERT … ON CONFLICT DO NOTHING RETURNING call_sid, so only rows this
 * transaction really inserted reach the rollup; the rollup upsert takes row locks, so two instances
 * importing at once still add up correctly. Every transaction takes its locks in one order (calls
 * by call_sid, then rollup rows by key): two imports of overlapping files in different orders would
 * otherwise each wait for a row the other holds, and PostgreSQL would abort one as a deadlock.
 */
async function insertCallsPg(accountId: string, input: NewCall[]): Promise<{ inserted: number; skipped: number }> {
  const rows = [...input].sort((a, b) => byText(a.call_sid, b.call_sid));
  return db().transaction().execute(async (trx) => {
    const deltas = new Map<string, Delta>();
    let inserted = 0;
    for (let i = 0; i < rows.length; i += PG_CHUNK) {
      const chunk = rows.slice(i, i + PG_CHUNK);
      // The first of repeated call_sids is the row the INSERT keeps, so it is the one the rollup counts.
      const bySid = new Map<string, NewCall>();
      for (const c of chunk) if (!bySid.has(c.call_sid)) bySid.set(c.call_sid, c);
      const done = await trx
        .insertInto("calls")
        // Only the record's own columns: a caller may hand over a fuller object (e.g. an API call record).
        .values(chunk.map((c) => ({
          call_sid: c.call_sid, agent_id: c.agent_id, name: c.name, from_number: c.from_number, to_number: c.to_number,
          duration: c.duration, recording_url: c.recording_url, transcription: c.transcription, status: c.status, cost: c.cost,
          call_type: c.call_type, created_at: c.created_at, account_id: accountId, numbers: numbersText(c.from_number, c.to_number),
        })))
        .onConflict((oc) => oc.columns(["account_id", "call_sid"]).doNothing())
        .returning("call_sid")
        .execute();
      inserted += done.length;
      for (const { call_sid } of done) addDelta(deltas, bySid.get(call_sid)!);
    }
    const values = [...deltas.entries()].sort(([a], [b]) => byText(a, b)).map(([, d]) => ({
      account_id: accountId, day: d[0], agent_id: d[1], agent_name: d[2], status: d[3], call_type: d[4], engine_id: "", provider: "",
      calls: d[5], duration: d[6], cost: d[7],
    }));
    for (let i = 0; i < values.length; i += PG_CHUNK) {
      await trx
        .insertInto("call_daily")
        .values(values.slice(i, i + PG_CHUNK))
        .onConflict((oc) => oc.columns(["account_id", "day", "agent_id", "status", "call_type", "engine_id", "provider"]).doUpdateSet({
          calls: sql`call_daily.calls + excluded.calls`,
          duration: sql`call_daily.duration + excluded.duration`,
          cost: sql`call_daily.cost + excluded.cost`,
          agent_name: sql`excluded.agent_name`,
        }))
        .execute();
    }
    return { inserted, skipped: rows.length - inserted };
  });
}
