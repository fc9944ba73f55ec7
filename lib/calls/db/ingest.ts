import "server-only";
import { sql, type Kysely } from "kysely";
import type { IngestedCall } from "@/lib/engines/bolna/execution";
import { COST_COMPONENTS } from "@/lib/engines/bolna/execution";
import { dialect } from "@/lib/core/client";
import { groupedWriteTx } from "@/lib/core/group-commit";
import { callExtra } from "@/lib/calls/extra";
import { numbersText } from "./insert";
import type { DB } from "@/lib/core/tables";

/** An execution resolved to our agent (or kept under the engine's agent id when none matches). */
export interface ExecutionCall extends IngestedCall { agent_id: string; name: string; engine_id: string }
export type UpsertOutcome = "imported" | "updated" | "unchanged";

/**
 * Runs inside the upsert's transaction after a call row changed. Campaigns use it to move their
 * contact's state in the same transaction.
 */
export type ExecutionHook = (trx: Kysely<DB>, accountId: string, call: ExecutionCall, isNew: boolean) => Promise<void>;

const COLUMNS = ["id", "status", "status_rank", "updated_at", "created_at", "agent_id", "name", "call_type", "duration", "cost", "extra"] as const;
type Stored = { id: number | undefined; status: string; status_rank?: number; updated_at?: string | null; created_at: string;
  agent_id: string; name: string; call_type: string; duration: number; cost: number; extra?: string | null };

/**
 * Inserts or updates a call from an engine execution, by (account, call_sid), in one transaction
 * with its search index and both rollups, so the summary counts each call once, in its latest
 * status and cost. A delivery that is not newer than what is stored (a resend, or a late earlier
 * status) changes nothing.
 */
export async function upsertExecutionCall(accountId: string, c: ExecutionCall, hook?: ExecutionHook): Promise<UpsertOutcome> {
  // Grouped: concurrent deliveries share one SQLite COMMIT (lib/core/group-commit.ts), each still atomic.
  return groupedWriteTx(async (trx) => {
    // PostgreSQL: one delivery of a call at a time. A row lock alone is not enough: the first two
    // deliveries (the webhook and the dial's own "queued") can both find no row and both INSERT. The
    // transaction-scoped advisory lock on (account, call_sid) covers the row before it exists, and the
    // row lock keeps rollup moves single. SQLite's BEGIN IMMEDIATE already serialises writers.
    if (dialect() === "postgres") await advisoryLock(trx, `call:${accountId}:${c.call_sid}`);
    const old = (await trx.selectFrom("calls").select([...COLUMNS]).where("account_id", "=", accountId)
      .where("call_sid", "=", c.call_sid).$if(dialect() === "postgres", (q) => q.forUpdate()).executeTakeFirst()) as Stored | undefined;
    if (old && !isNewer(c, old)) return "unchanged";
    const extra = JSON.stringify(c.extra);
    const values = {
      agent_id: c.agent_id, name: c.name, from_number: c.from_number, to_number: c.to_number, duration: c.duration,
      recording_url: c.recording_url, transcription: c.transcription, status: c.status, cost: c.cost, call_type: c.call_type,
      engine_id: c.engine_id, status_rank: c.status_rank, updated_at: c.updated_at, extra,
      ...(dialect() === "postgres" ? { numbers: numbersText(c.from_number, c.to_number) } : {}),
    };
    let id: number;
    // The call keeps the day it was first recorded on, so it never moves between rollup days.
    const createdAt = old?.created_at ?? c.created_at;
    // PostgreSQL: a status change takes one rollup row and gives another; two calls moving through the
    // same statuses the other way round would deadlock on those rows. One lock per account and day,
    // always taken after the call's, puts every rollup change of that day in a single order.
    if (dialect() === "postgres") await advisoryLock(trx, `rollup:${accountId}:${createdAt.slice(0, 10)}`);
    if (old) {
      id = Number(old.id);
      await trx.updateTable("calls").set(values).where("id", "=", id).execute();
      // An imported call (rank 0) was never in the engine rollup: take it out of the daily one only.
      await applyRollups(trx, accountId, { ...old, call_sid: c.call_sid, extra: old.extra ?? null, created_at: createdAt }, -1, (old.status_rank ?? 0) > 0);
    } else {
      const row = await trx.insertInto("calls").values({ ...values, account_id: accountId, call_sid: c.call_sid, created_at: createdAt })
        .returning("id").executeTakeFirstOrThrow();
      id = Number(row.id);
    }
    if (dialect() === "sqlite") {
      if (old) await sql`DELETE FROM calls_fts WHERE rowid = ${id}`.execute(trx);
      await sql`INSERT INTO calls_fts (rowid, transcription, numbers) VALUES (${id}, ${c.transcription}, ${numbersText(c.from_number, c.to_number)})`.execute(trx);
    }
    await applyRollups(trx, accountId, { ...c, extra, created_at: createdAt }, 1);
    // The stored created_at: an outcome's rollup day and the call log's order follow the call row.
    await hook?.(trx, accountId, createdAt === c.created_at ? c : { ...c, created_at: createdAt }, !old);
    return old ? "updated" : "imported";
  });
}

const advisoryLock = (trx: Kysely<DB>, key: string) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);

function isNewer(c: ExecutionCall, old: Stored): boolean {
  const rank = old.status_rank ?? 0;
  if (c.status_rank !== rank) return c.status_rank > rank;
  return c.updated_at > (old.updated_at ?? "");
}

type Contribution = Pick<Stored, "agent_id" | "name" | "status" | "call_type" | "duration" | "cost" | "created_at"> & { call_sid: string; extra: string | null };

/** Adds (sign 1) or removes (sign -1) one call's share of both daily rollups; emptied rows go. */
async function applyRollups(trx: Kysely<DB>, accountId: string, c: Contribution, sign: 1 | -1, engineRollup = true) {
  const day = c.created_at.slice(0, 10);
  await trx.insertInto("call_daily")
    .values({ account_id: accountId, day, agent_id: c.agent_id, agent_name: c.name, status: c.status, call_type: c.call_type,
      calls: sign, duration: sign * c.duration, cost: sign * c.cost })
    .onConflict((oc) => oc.columns(["account_id", "day", "agent_id", "status", "call_type"]).doUpdateSet({
      calls: sql`call_daily.calls + excluded.calls`, duration: sql`call_daily.duration + excluded.duration`,
      cost: sql`call_daily.cost + excluded.cost`, agent_name: sql`excluded.agent_name`,
    }))
    .execute();
  if (sign < 0) {
    await trx.deleteFrom("call_daily").where("account_id", "=", accountId).where("day", "=", day).where("agent_id", "=", c.agent_id)
      .where("status", "=", c.status).where("call_type", "=", c.call_type).where("calls", "<=", 0).execute();
  }
  if (!engineRollup) return;
  const x = callExtra(c.extra, c.call_sid);
  const cost = (k: (typeof COST_COMPONENTS)[number]) => sign * (x.cost_breakdown?.[k] ?? 0);
  const key = { account_id: accountId, day, agent_id: c.agent_id, hangup_by: x.hangup_by ?? "", hangup_reason: x.hangup_reason ?? "" };
  await trx.insertInto("call_daily_engine")
    .values({ ...key, calls: sign, voicemail: sign * (x.answered_by_voice_mail ? 1 : 0), cost_llm: cost("llm"), cost_network: cost("network"),
      cost_platform: cost("platform"), cost_synthesizer: cost("synthesizer"), cost_transcriber: cost("transcriber") })
    .onConflict((oc) => oc.columns(["account_id", "day", "agent_id", "hangup_by", "hangup_reason"]).doUpdateSet({
      calls: sql`call_daily_engine.calls + excluded.calls`, voicemail: sql`call_daily_engine.voicemail + excluded.voicemail`,
      cost_llm: sql`call_daily_engine.cost_llm + excluded.cost_llm`, cost_network: sql`call_daily_engine.cost_network + excluded.cost_network`,
      cost_platform: sql`call_daily_engine.cost_platform + excluded.cost_platform`,
      cost_synthesizer: sql`call_daily_engine.cost_synthesizer + excluded.cost_synthesizer`,
      cost_transcriber: sql`call_daily_engine.cost_transcriber + excluded.cost_transcriber`,
    }))
    .execute();
  if (sign < 0) {
    await trx.deleteFrom("call_daily_engine").where("account_id", "=", key.account_id).where("day", "=", day).where("agent_id", "=", c.agent_id)
      .where("hangup_by", "=", key.hangup_by).where("hangup_reason", "=", key.hangup_reason).where("calls", "<=", 0).execute();
  }
}
