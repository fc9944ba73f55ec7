import "server-only";
import type { Kysely } from "kysely";
import type { CallPatch, NormalizedCall } from "@/lib/calls/normalized";
import { mergePatch, type StoredCall } from "@/lib/calls/merge";
import { dialect } from "@/lib/core/client";
import { groupedWriteTx } from "@/lib/core/group-commit";
import { deferRow } from "@/lib/core/page-tx";
import { runSql } from "@/lib/core/prepared";
import { numbersText } from "./insert";
import type { DB } from "@/lib/core/tables";
import { ADVISORY_LOCK, CALL_SQL, ENGINE_PROVIDER, FTS_DELETE, FTS_INSERT } from "./ingest-sql";
import { moveRollups, rollupShares } from "./rollup-shares";

/** A normalized call resolved to our agent (or kept under the engine's agent id when none matches). */
export interface ResolvedCall extends NormalizedCall {
  agent_id: string; name: string; engine_id: string;
  /** The agent version the call ran, written when the call is first recorded; null: unknown. */
  agent_version?: number | null;
}
/** A patch resolved likewise; `agent_id`/`name` undefined: the call's agent is unknown to the report (kept). */
export interface ResolvedPatch extends CallPatch {
  agent_id?: string; name?: string; engine_id: string; agent_version?: number | null;
}
export type UpsertOutcome = "imported" | "updated" | "unchanged";

/** What a stored call counted for before this change: a hook takes it back from its own rollups. */
export type CallShare = Pick<Stored, "agent_id" | "status" | "duration" | "cost" | "created_at"> & { engine_id: string | null; provider: string | null };

/** The call a hook is handed: as stored, with the provider of its engine (null: the engine is unknown) and its row's id. */
export type HookCall = ResolvedCall & { provider: string | null; id: number };

/**
 * A feature that follows every call (its outcome, campaign contact, alert minutes, events out):
 * runs inside the upsert's transaction after the call row changed, with the call as stored
 * (`previous`: what it was before, for an update). The features' hooks and their order are listed
 * in one place, lib/engines/call-hooks.ts.
 */
export type CallHook = (trx: Kysely<DB>, accountId: string, call: HookCall, isNew: boolean, previous: CallShare | undefined) => Promise<void>;

type Stored = { id: number | undefined; status: string; status_rank?: number; updated_at?: string | null; created_at: string;
  agent_id: string; name: string; call_type: string; duration: number; cost: number; extra?: string | null; agent_version?: number | null;
  engine_id?: string | null; provider?: string | null };

/**
 * Inserts or updates a call, by (account, call_sid), in one transaction with its search index and
 * both rollups, so the summary counts each call once, in its latest status and cost; then runs the
 * hooks, in their order. A delivery that is not newer than what is stored (a resend, or a late
 * earlier status) changes nothing and runs no hook.
 *
 * Lock order (PostgreSQL; SQLite's BEGIN IMMEDIATE serialises writers anyway): the call's advisory
 * lock, the account-day rollup lock, the call row, its rollup rows, then each hook's rows in the
 * hooks' order. Every ingest takes them in this order, so two never wait on each other in a circle.
 */
export async function upsertCall(accountId: string, report: ResolvedCall | ResolvedPatch, hooks: readonly CallHook[] = []): Promise<UpsertOutcome> {
  // Grouped: concurrent deliveries share one SQLite COMMIT (lib/core/group-commit.ts), each still atomic.
  return groupedWriteTx(async (trx) => {
    // PostgreSQL: one delivery of a call at a time. A row lock alone is not enough: the first two
    // deliveries (the webhook and the dial's own "queued") can both find no row and both INSERT. The
    // transaction-scoped advisory lock on (account, call_sid) covers the row before it exists, and the
    // row lock keeps rollup moves single. SQLite's BEGIN IMMEDIATE already serialises writers.
    const ctx = writeContext(accountId);
    if (ctx.pg) await advisoryLock(trx, callLockKey(accountId, report.call_sid));
    // A patch reads the whole stored call to merge into (a full report replaces it: the hot path reads less).
    const [old] = await runSql<StoredRow>(trx, "patch" in report ? ctx.q.storedFull : ctx.q.stored, [accountId, report.call_sid]);
    return writeCall(trx, ctx, report, old, hooks);
  });
}

export type StoredRow = Stored & Partial<StoredCall>;

export interface WriteContext {
  accountId: string; pg: boolean; q: (typeof CALL_SQL)["sqlite"];
  /** Rollup days whose lock this transaction holds (PostgreSQL). */
  lockedDays: Set<string>;
  /** Engines' providers read in this transaction. */
  providers: Map<string, string | null>;
}

export function writeContext(accountId: string): WriteContext {
  const pg = dialect() === "postgres";
  return { accountId, pg, q: CALL_SQL[dialect()], lockedDays: new Set(), providers: new Map() };
}

export const callLockKey = (accountId: string, sid: string) => `call:${accountId}:${sid}`;
export const rollupLockKey = (accountId: string, day: string) => `rollup:${accountId}:${day}`;
export const dayOf = (iso: string) => iso.slice(0, 10);

/** The write of one call once its lock is held and its stored row read: the row, its search index, rollups and hooks. */
async function writeCall(trx: Kysely<DB>, ctx: WriteContext, report: ResolvedCall | ResolvedPatch, old: StoredRow | undefined,
  hooks: readonly CallHook[]): Promise<UpsertOutcome> {
  const prepared = await prepareCall(trx, ctx, report, old);
  return prepared ? applyCall(trx, ctx, prepared, hooks) : "unchanged";
}

/** A report merged with its stored call, ready to write: undefined when it changes nothing. */
export interface PreparedCall {
  c: ResolvedCall; old: StoredRow | undefined; isPatch: boolean; provider: string | null;
  /** The call keeps the day it was first recorded on, so it never moves between rollup days. */
  createdAt: string;
  /** The columns set, in the order of CALL_FIELDS (ingest-sql.ts). */
  values: unknown[];
}

export async function prepareCall(trx: Kysely<DB>, ctx: WriteContext, report: ResolvedCall | ResolvedPatch, old: StoredRow | undefined): Promise<PreparedCall | undefined> {
  const isPatch = "patch" in report;
  const c = isPatch ? mergePatch(report, old as StoredCall | undefined) : report;
  if (!c || (old && !isPatch && !isNewer(c, old))) return undefined;
  const provider = await providerOf(trx, ctx, c.engine_id, old);
  const values = [c.agent_id, c.name, c.from_number, c.to_number, c.duration, c.recording_url, c.transcription, c.status, c.cost,
    c.call_type, c.engine_id, provider, c.status_rank, c.updated_at, JSON.stringify(c.extra), ...(ctx.pg ? [numbersText(c.from_number, c.to_number)] : [])];
  return { c, old, isPatch, provider, createdAt: old?.created_at ?? c.created_at, values };
}

/** The parameters of CALL_SQL.insert for a new call. */
export const insertParams = (ctx: WriteContext, p: PreparedCall) => [...p.values, ctx.accountId, p.c.call_sid, p.createdAt, p.c.agent_version ?? null];

/**
 * Writes a prepared call: the row (unless `insertedId` says a page's insert of many already put it
 * there), its search index, its rollups and the hooks.
 */
export async function applyCall(trx: Kysely<DB>, ctx: WriteContext, p: PreparedCall, hooks: readonly CallHook[], insertedId?: number): Promise<UpsertOutcome> {
  const { accountId, pg, q } = ctx;
  const { c, old, isPatch, provider, createdAt } = p;
  // PostgreSQL: a status change takes one rollup row and gives another; two calls moving through the
  // same statuses the other way round would deadlock on those rows. One lock per account and day,
  // always taken after the call's, puts every rollup change of that day in a single order.
  if (pg && !ctx.lockedDays.has(dayOf(createdAt))) {
    await advisoryLock(trx, rollupLockKey(accountId, dayOf(createdAt)));
    ctx.lockedDays.add(dayOf(createdAt));
  }
  // An imported call (rank 0) was never in the engine rollups: it leaves the daily one only.
  const before = old ? rollupShares({ ...old, account_id: accountId, call_sid: c.call_sid, extra: old.extra ?? null, created_at: createdAt }, (old.status_rank ?? 0) > 0) : [];
  let id: number;
  if (old) {
    id = Number(old.id);
    await runSql(trx, q.update, [...p.values, id]);
  } else if (insertedId !== undefined) {
    id = insertedId;
  } else {
    const [row] = await runSql<{ id: number | string }>(trx, q.insert, insertParams(ctx, p));
    id = Number(row.id);
  }
  // The search index follows the transcript and numbers: a patch that changed neither (a status callback) leaves it.
  const sameText = isPatch && old && (["transcription", "from_number", "to_number"] as const).every((k) => (old as Partial<StoredCall>)[k] === c[k]);
  if (!pg && !sameText) {
    if (old) await runSql(trx, FTS_DELETE, [id]);
    // A sync page's new call: its index row goes in at the page's end with the others' (nothing reads it before).
    const fts = [id, c.transcription, numbersText(c.from_number, c.to_number)];
    if (old || !deferRow(trx, c.call_sid, FTS_INSERT, fts)) await runSql(trx, FTS_INSERT, fts);
  }
  await moveRollups(trx, before, rollupShares({ ...c, account_id: accountId, created_at: createdAt, provider }, true));
  // The stored created_at: an outcome's rollup day and the call log's order follow the call row.
  // The stored agent_version too: the first record's stamp, which later deliveries keep.
  const stored = old ? { ...c, created_at: createdAt, agent_version: old.agent_version ?? null, provider, id } : { ...c, provider, id };
  const previous = old ? { agent_id: old.agent_id, status: old.status, duration: old.duration, cost: old.cost, created_at: createdAt,
    engine_id: old.engine_id ?? null, provider: old.provider ?? null } : undefined;
  for (const hook of hooks) await hook(trx, accountId, stored, !old, previous);
  return old ? "updated" : "imported";
}

const advisoryLock = (trx: Kysely<DB>, key: string) => runSql(trx, ADVISORY_LOCK, [key]);

/**
 * The provider copied onto the call (the call log filters by it without a join): the stored one while
 * the engine is the same, as an engine never changes provider; else its engine's, one primary-key read.
 */
async function providerOf(trx: Kysely<DB>, ctx: WriteContext, engineId: string, old: Stored | undefined): Promise<string | null> {
  if (old?.provider && old.engine_id === engineId) return old.provider;
  if (!ctx.providers.has(engineId)) {
    const [row] = await runSql<{ provider: string }>(trx, ENGINE_PROVIDER, [ctx.accountId, engineId]);
    ctx.providers.set(engineId, row?.provider ?? null);
  }
  return ctx.providers.get(engineId)!;
}

function isNewer(c: ResolvedCall, old: Stored): boolean {
  const rank = old.status_rank ?? 0;
  if (c.status_rank !== rank) return c.status_rank > rank;
  return c.updated_at > (old.updated_at ?? "");
}
