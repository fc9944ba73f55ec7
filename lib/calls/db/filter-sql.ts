import "server-only";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { db, dialect } from "@/lib/core/client";
import { hasOutcomeFilter, outcomeConditions, outcomeWalk, type OutcomeFilter } from "@/lib/outcomes/db";

// The call log's filters as SQL: one query that the list pages (calls.ts) and the count caps
// (count.ts), so the two can never disagree on which calls match.

export interface CallFilters {
  agent_id?: string; status?: string; call_type?: string; engine_id?: string; campaign_id?: string;
  /** The engine's provider (calls_provider: account, provider, created_at). */ provider?: string;
  /** Only with agent_id (calls_agent_version: account, agent, version, created_at). */ agent_version?: number;
  /** Inclusive lower bound, ISO timestamp. */ from?: string;
  /** Exclusive upper bound, ISO timestamp. */ toExclusive?: string;
  q?: string;
  /** Outcome filters: success, sentiment, disposition, outcome status and plan fields. */
  outcome?: OutcomeFilter;
}

export const isUnfiltered = (f: CallFilters) =>
  !f.agent_id && f.agent_version === undefined && !f.engine_id && !f.provider && !f.campaign_id && !f.status && !f.call_type && !f.from && !f.toExclusive && f.q === undefined && !hasOutcomeFilter(f.outcome);

/** What a search string means: digits of a phone number, or words of the transcript. */
function searchTerms(q: string): { phone: boolean; words: string[] } {
  const trimmed = q.trim();
  const digits = trimmed.replace(/\D/g, "");
  const phone = /^[\d\s()+.-]+$/.test(trimmed) && digits.length >= 3;
  const words = phone ? [digits] : (trimmed.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16).map((w) => w.toLowerCase());
  return { phone, words };
}

// Below this many matches (over all accounts) a search starts from the matching rows and sorts
// them; above it, walking the time index and probing the match set finds a page sooner.
const SPARSE_MATCHES = 2000;

/**
 * Turns free text into a full-text condition. Phone-like input searches the numbers (indexed as each
 * number's full digits, last 10 and last 7 digits, so national and local forms match); anything else
 * is a prefix match on every word of the transcript. SQLite: FTS5; PostgreSQL: tsvector + GIN, whose
 * planner picks between the two strategies itself.
 */
async function searchCondition(q: string, d: "sqlite" | "postgres") {
  const { phone, words } = searchTerms(q);
  if (words.length === 0) return undefined;
  if (d === "postgres") {
    const tsq = words.map((w) => `'${w}':*${phone ? "B" : "A"}`).join(" & ");
    return { where: sql<boolean>`search @@ to_tsquery('simple', ${tsq})`, sparse: false };
  }
  const match = phone ? `numbers : "${words[0]}"*` : words.map((w) => `"${w}"*`).join(" AND ");
  const hits = await sql<{ rowid: number }>`SELECT rowid FROM calls_fts WHERE calls_fts MATCH ${match} LIMIT ${SPARSE_MATCHES + 1}`.execute(db());
  if (hits.rows.length <= SPARSE_MATCHES) {
    const ids = JSON.stringify(hits.rows.map((r) => r.rowid));
    return { where: sql<boolean>`id IN (SELECT value FROM json_each(${ids}))`, sparse: true };
  }
  return { where: sql<boolean>`id IN (SELECT rowid FROM calls_fts WHERE calls_fts MATCH ${match})`, sparse: false };
}

/**
 * The account's calls the filters match: the tables to read (with an outcome filter, its outcome
 * table walked in the log's order and joined to the calls) and every condition, unordered and
 * unbounded; `col` names the sort columns as the query must order and compare them. Undefined when
 * nothing can match (a search without a word).
 */
export async function matchingCalls(accountId: string, f: CallFilters) {
  const search = f.q === undefined ? undefined : await searchCondition(f.q, dialect());
  if (f.q !== undefined && !search) return undefined;
  // Filtered by outcome: walk the outcome table in the log's order, each match joined to its call by
  // primary key (lib/outcomes/db.ts outcomeWalk). SQLite's CROSS JOIN keeps that table the outer loop.
  const walk = outcomeWalk(f.outcome);
  // A unary + hides a column from SQLite's planner: with few matches, look the rows up by id and
  // sort them, instead of walking the account's whole time index probing each row.
  const col = (name: "account_id" | "created_at" | "call_sid") =>
    walk ? sql.ref(`o.${name}`) : search?.sparse ? sql.raw(`+calls.${name}`) : sql.ref(`calls.${name}`);
  const where: RawBuilder<SqlBool>[] = [sql<boolean>`${col("account_id")} = ${accountId}`, ...(walk?.where ?? [])];
  const equal = (column: string, value: unknown) => where.push(sql<boolean>`${sql.ref(`calls.${column}`)} = ${value}`);
  if (f.agent_id) equal("agent_id", f.agent_id);
  if (f.agent_version !== undefined) equal("agent_version", f.agent_version);
  if (f.engine_id) equal("engine_id", f.engine_id);
  if (f.provider) equal("provider", f.provider);
  if (f.campaign_id) equal("campaign_id", f.campaign_id);
  if (f.status) equal("status", f.status);
  if (f.call_type) equal("call_type", f.call_type);
  const createdAt = sql.ref(walk ? "o.created_at" : "calls.created_at");
  if (f.from) where.push(sql<boolean>`${createdAt} >= ${f.from}`);
  if (f.toExclusive) where.push(sql<boolean>`${createdAt} < ${f.toExclusive}`);
  if (search) where.push(search.where);
  where.push(...outcomeConditions(f.outcome, Boolean(walk)));
  return { walk, where, col, search: Boolean(search) };
}

/** The FROM of a matching query: the calls, or the walked outcome table joined to them. */
export function matchingFrom(walk: ReturnType<typeof outcomeWalk>) {
  return walk
    ? db().selectFrom(`${walk.table} as o` as "call_outcomes as o").crossJoin("calls")
      // By id (outcomeWalk's BY_ID) and account only: a call_sid equality beside the id made PostgreSQL
      // multiply the two selectivities to one row, hash-join the account's every call and sort them
      // (92 ms instead of 1.1 for success=true at 100,000 calls).
      .whereRef("calls.account_id", "=", "o.account_id")
    : db().selectFrom("calls");
}
