import "server-only";
import { analyzeCall, type AnalysisValues } from "@/lib/ai-providers/analyze";
import { AI_TIMEOUT_MS } from "@/lib/ai-providers/client";
import { getAiProvider } from "@/lib/ai-providers/db";
import { connectionOf } from "@/lib/ai-providers/service";
import { jobQueue, type Handler, type JobQueue, type QueueSettings } from "@/lib/core/job-queue";
import { evaluateExtraction, type Evaluated } from "@/lib/outcomes/evaluate";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import { ANALYSIS_JOBS, jobCall, queuedAtIngest, sweepRuns, type ClaimedJob, type JobAnswer } from "./db/jobs";
import { pickProvider } from "./db/runs";

// Voxdesk's own post-call analysis in the background, a handler of the one job queue
// (lib/core/job-queue.ts). Each tick claims as many due jobs as this process has free slots
// (ANALYSIS_CONCURRENCY) and analyses them outside any transaction; the answer is written with the
// job's end in one transaction, only while the claim holds. Any number of processes may tick on one
// database; a job whose process died is taken up again once its short lease lapses, an attempt more.

export interface WorkerOptions {
  concurrency: number;
  /** Waits after the 1st, 2nd, 3rd… failed attempt; the last entry repeats. */
  backoffMs?: number[];
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** How long a claim holds unrenewed (JOB_LEASE_MS unless given); renewed while the provider answers. */
  leaseMs?: number;
  timeoutMs?: number;
}

export const DEFAULT_BACKOFF_MS = [30_000, 120_000, 600_000];
export const DEFAULT_MAX_ATTEMPTS = 4;
/** A provider's Retry-After is followed up to this; a longer one is its problem, not the queue's. */
const MAX_RETRY_AFTER_MS = 3_600_000;

export type AnalysisWorker = JobQueue;

/** What Voxdesk's answer gives, checked against the plan the same way an engine's extraction is. */
function evaluated(plan: AnalysisPlan, v: AnalysisValues): Evaluated {
  const { fields, ...shared } = v;
  return evaluateExtraction(plan, { ...fields, ...shared })
    ?? { success: null, success_reason: null, sentiment: null, disposition: null, fields: {}, errors: [] };
}

const analyse = (timeoutMs: number): Handler<ClaimedJob, JobAnswer> => async (job) => {
  const call = await jobCall(job.account_id, job.call_sid);
  if (!call) return { kind: "failed", reason: "The call no longer exists" };
  // Queued at ingest, and the engine's outcome came meanwhile: the job goes, nothing written.
  if (queuedAtIngest(job) && call.has_outcome) return { kind: "done" };
  if (!call.plan) return { kind: "failed", reason: "The call's agent has no analysis plan" };
  if (!call.transcription.trim()) return { kind: "failed", reason: "The call has no transcript" };
  const picked = job.provider_id ? { id: job.provider_id } : await pickProvider(job.account_id);
  const provider = picked && (await getAiProvider(job.account_id, picked.id));
  if (!provider) return { kind: "failed", reason: job.provider_id ? "The AI provider chosen for this analysis was deleted" : "The account has no AI provider" };
  let connection;
  try {
    connection = connectionOf(provider);
  } catch {
    return { kind: "failed", reason: "The AI provider's API key could not be opened (was SECRET_KEY changed?): enter it again under Settings" };
  }
  const result = await analyzeCall(connection, call.plan, call.transcription, { timeoutMs });
  if (!result.ok) {
    if (!result.retryable) return { kind: "failed", reason: result.reason };
    return { kind: "retry", reason: result.reason, afterMs: Math.min(result.retry_after_ms ?? 0, MAX_RETRY_AFTER_MS) };
  }
  const answer: JobAnswer = {
    agentId: call.agent_id, evaluated: evaluated(call.plan, result.values),
    meta: { model: result.model, analyzedAt: result.analyzed_at }, summary: result.values.summary,
  };
  return { kind: "done", result: answer };
};

export function analysisWorker(opts: WorkerOptions): AnalysisWorker {
  const backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  const settings: QueueSettings<ClaimedJob, JobAnswer> = {
    name: "analysis",
    table: ANALYSIS_JOBS,
    concurrency: opts.concurrency,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoffMs: (n) => backoff[Math.min(n, backoff.length) - 1] ?? 0,
    leaseMs: opts.leaseMs,
    describe: (job) => ({ accountId: job.account_id, call_sid: job.call_sid }),
  };
  const queue = jobQueue(settings, analyse(opts.timeoutMs ?? AI_TIMEOUT_MS));
  return {
    ...queue,
    async tick(now = new Date()) {
      await sweepRuns(now);
      return queue.tick(now);
    },
  };
}
