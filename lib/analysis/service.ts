import "server-only";
import type { z } from "zod";
import { getAgent } from "@/lib/agents/db";
import { getCall, listCalls } from "@/lib/calls/db/calls";
import { ExportQuery, listFilters } from "@/lib/calls/schema";
import { AppError, notFound, type FieldError } from "@/lib/http/errors";
import { validate } from "@/lib/http/route";
import { outcomeFilter } from "@/lib/outcomes/service";
import { agentsWithPlan, cancelRun, createRun, getRun, pickProvider, reanalyzeCall, type RunRow } from "./db/runs";
import type { RunPreview, RunProvider, RunView } from "./schema";

// POST /api/details/{call_sid}/analyze and /api/analysis-runs: what may be analysed, and queueing it.
// The analysis itself runs in the background worker (worker.ts).

/** A 422 naming why nothing can be analysed: `field` is the first reason's, `errors` all of them. */
function unanalysable(errors: FieldError[]): AppError {
  return new AppError(422, `Cannot analyse: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`, { field: errors[0].path, errors });
}

const NO_PROVIDER: FieldError = { path: "provider_id", message: "the account has no AI provider: connect one under Settings (POST /api/ai-providers)" };

export async function analyzeOne(accountId: string, callSid: string): Promise<{ call_sid: string; status: "pending" }> {
  const call = await getCall(accountId, callSid);
  if (!call) throw notFound("Call");
  const [provider, agent] = await Promise.all([pickProvider(accountId), getAgent(accountId, call.agent_id)]);
  const errors: FieldError[] = [];
  if (!provider) errors.push(NO_PROVIDER);
  if (!agent?.analysis_plan) errors.push({ path: "analysis_plan", message: agent ? "the call's agent has no analysis plan" : "the call's agent is not an agent of this account, so it has no analysis plan" });
  if (!call.transcription.trim()) errors.push({ path: "transcription", message: "the call has no transcript" });
  if (call.status !== "completed") errors.push({ path: "status", message: `only completed calls are analysed (this one is ${call.status})` });
  if (errors.length) throw unanalysable(errors);
  await reanalyzeCall(accountId, callSid, provider!.id);
  return { call_sid: callSid, status: "pending" };
}

export const runView = (r: RunRow): RunView => ({ run_id: r.id, status: r.status, total: r.total, done: r.done, failed: r.failed, created_at: r.created_at });

const PAGE = 1000;

type CallLogFilters = z.output<typeof ExportQuery>;

/**
 * The calls a run over the call log's filters would analyse now (the log's own query, page by page,
 * so the two can never disagree), keeping those that can be analysed: completed, with a transcript,
 * their agent with a plan. No provider is a 422.
 */
async function selectRun(accountId: string, query: CallLogFilters, providerId?: string): Promise<{ sids: string[]; providerId: string; provider: RunProvider }> {
  const outcome = await outcomeFilter(accountId, query);
  const provider = await pickProvider(accountId, providerId);
  if (!provider) throw unanalysable([providerId ? { path: "provider_id", message: "no AI provider with this id in the account" } : NO_PROVIDER]);
  const sids: string[] = [];
  if (!query.status || query.status === "completed") {
    const plans = await agentsWithPlan(accountId);
    const filters = { ...listFilters(query), status: "completed", outcome };
    for (let cursor: string | undefined, more = plans.size > 0; more; ) {
      const page = await listCalls(accountId, filters, PAGE, cursor);
      for (const c of page.calls) if (plans.has(c.agent_id) && c.transcription.trim()) sids.push(c.call_sid);
      more = page.has_more;
      cursor = page.next_cursor ?? undefined;
    }
  }
  return { sids, providerId: provider.id, provider: { provider_id: provider.id, name: provider.name, model: provider.model } };
}

/** POST /api/analysis-runs: the body is the call log's filters as JSON, checked by the log's own query schema (bad ones are its 400s). */
export async function startRun(accountId: string, body: Record<string, unknown>): Promise<{ run_id: string; total: number }> {
  const { provider_id: providerId, ...rest } = body as { provider_id?: string } & Record<string, unknown>;
  const asText = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, typeof v === "string" ? v : String(v)]));
  const { sids, providerId: provider } = await selectRun(accountId, validate(ExportQuery, asText, "", "body"), providerId);
  const run = await createRun(accountId, sids, body, provider);
  return { run_id: run.id, total: run.total };
}

/** GET /api/analysis-runs/preview: the exact total a run over these filters would have now; nothing is started. */
export async function previewRun(accountId: string, query: CallLogFilters): Promise<z.output<typeof RunPreview>> {
  const { sids, provider } = await selectRun(accountId, query);
  return { total: sids.length, provider };
}

export async function readRun(accountId: string, runId: string): Promise<RunView> {
  const run = await getRun(accountId, runId);
  if (!run) throw notFound("Analysis run");
  return runView(run);
}

export async function stopRun(accountId: string, runId: string): Promise<RunView> {
  const run = await cancelRun(accountId, runId);
  if (!run) throw notFound("Analysis run");
  return runView(run);
}
