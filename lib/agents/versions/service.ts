import "server-only";
import { getAgent, type AgentRecord } from "@/lib/agents/db";
import { writeTx } from "@/lib/core/client";
import { withDeployments } from "@/lib/engines/engine-view";
import { AppError, notFound } from "@/lib/http/errors";
import { getVersion, listVersions, restoreContent, setVersionNote, type VersionRow } from "./db";
import { diffContent } from "./diff";
import { fromStored } from "./payload";
import { versionNumber } from "./schema";
import { versionTotals, type VersionTotals } from "@/lib/calls/db/version-summary";
import { decodeCursor, keysetPage } from "@/lib/core/cursor";
import { lastRunsOf } from "@/lib/agents/tests/service";

/** Versions per page when the caller names no limit: more than nearly any agent has, so one page is the whole history. */
const VERSIONS_PAGE = 100;

// Agent versions: read, label, compare and restore. Writes of new content happen with
// the agent row itself (lib/agents/db.ts); this is everything else.

const noVersion = () => notFound("Version");

/** Path segment → version number, or the 404 a version that does not exist gets. */
export function parseVersion(n: string): number {
  const v = versionNumber(n);
  if (v === undefined) throw noVersion();
  return v;
}

async function agentOr404(accountId: string, agentId: string): Promise<AgentRecord> {
  const agent = await getAgent(accountId, agentId);
  if (!agent) throw notFound("Agent");
  return agent;
}

const asRecord = (agent: AgentRecord, row: VersionRow): AgentRecord => {
  const content = fromStored(row);
  return { ...agent, agent_name: content.agent_config.agent_name, ...content, version: row.version, updated_at: row.created_at };
};

/** The agent as it was at version n (deploy pushes this); 404 when there is no such version. */
export async function versionContent(accountId: string, agent: AgentRecord, n: number): Promise<AgentRecord> {
  const row = await getVersion(accountId, agent.agent_id, n);
  if (!row) throw noVersion();
  return asRecord(agent, row);
}

/** A version no call ran (yet, or before calls carried versions): nothing measured, never a 0 rate. */
const NO_CALLS = { calls: null, analyzed: null, success_rate: null, average_duration: null, cost_per_call: null };
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * A version's figures from the calls stamped with it (lib/calls/db/version-summary.ts), with the
 * dashboard's definitions: success_rate over calls with a success verdict, average_duration over
 * completed calls; a rate with nothing to divide by is null, never 0; every figure null without calls.
 */
function figures(t: VersionTotals | undefined) {
  if (!t) return NO_CALLS;
  return {
    calls: t.calls, analyzed: t.analyzed, success_rate: t.judged ? round(t.succeeded / t.judged, 4) : null,
    average_duration: t.completed ? round(t.completed_duration / t.completed, 2) : null, cost_per_call: t.calls ? round(t.cost / t.calls, 4) : null,
  };
}

function versionCursor(cursor: string): number {
  const [v] = decodeCursor(cursor, 1);
  if (typeof v === "number" && Number.isInteger(v)) return v;
  throw new AppError(400, "Invalid cursor: pass next_cursor from a previous page unchanged", { errors: [{ path: "cursor", message: "invalid cursor" }] });
}

/**
 * A keyset page of versions, newest first (the cursor is the last version's number), each with its
 * call figures and its last finished test run (`tests`).
 */
export async function versionsOf(accountId: string, agentId: string, page: { limit?: number; cursor?: string } = {}) {
  const limit = page.limit ?? VERSIONS_PAGE;
  const before = page.cursor === undefined ? undefined : versionCursor(page.cursor);
  const [rows, totals] = await Promise.all([listVersions(accountId, agentId, limit + 1, before), versionTotals(accountId, agentId)]);
  // Every agent has version 1: none on the first page means not this account's.
  if (rows.length === 0 && (before === undefined || !(await getAgent(accountId, agentId)))) throw notFound("Agent");
  const { items, next_cursor, has_more } = keysetPage(rows, limit, (r) => [r.version]);
  const tests = await lastRunsOf(accountId, agentId, items.map((r) => r.version));
  return { versions: items.map((r) => ({ ...r, ...figures(totals.get(r.version)), tests: tests(r.version) })), next_cursor, has_more };
}

/** GET …/versions/{n}: GET /api/agent/{id}'s shape with that version's content; in_sync: the engine runs it. */
export async function versionView(accountId: string, agentId: string, n: string) {
  const agent = await agentOr404(accountId, agentId);
  const record = await versionContent(accountId, agent, parseVersion(n));
  const row = (await getVersion(accountId, agentId, record.version))!;
  const [view] = await withDeployments(accountId, [record]);
  return { ...view, note: row.note, created_by: row.created_by };
}

export async function labelVersion(accountId: string, agentId: string, n: string, note: string | null) {
  const v = parseVersion(n);
  await agentOr404(accountId, agentId);
  const row = await setVersionNote(accountId, agentId, v, note === "" ? null : note);
  if (!row) throw noVersion();
  return { ...row, ...figures((await versionTotals(accountId, agentId)).get(v)) };
}

export async function diffVersions(accountId: string, agentId: string, from: number, to: number) {
  await agentOr404(accountId, agentId);
  const [a, b] = await Promise.all([getVersion(accountId, agentId, from), getVersion(accountId, agentId, to)]);
  if (!a || !b) throw noVersion();
  return { from, to, changes: diffContent(fromStored(a), fromStored(b)) };
}

/** Version n's content becomes the newest version (history stays linear); the agent row follows. */
export async function restoreVersion(accountId: string, agentId: string, n: string, by: string | null) {
  const v = parseVersion(n);
  await agentOr404(accountId, agentId);
  const written = await writeTx((trx) => restoreContent(trx, accountId, agentId, v, by));
  if (!written) throw noVersion();
  return { agent_id: agentId, status: "restored", version: written.version, restored_from: v };
}
