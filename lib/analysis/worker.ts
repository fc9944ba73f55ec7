import "server-only";
import crypto from "node:crypto";
import { analyzeCall, type AnalysisValues } from "@/lib/ai-providers/analyze";
import { AI_TIMEOUT_MS } from "@/lib/ai-providers/client";
import { getAiProvider } from "@/lib/ai-providers/db";
import { connectionOf } from "@/lib/ai-providers/service";
import { recordJob } from "@/lib/core/metrics";
import { logError } from "@/lib/http/log";
import { evaluateExtraction, type Evaluated } from "@/lib/outcomes/evaluate";
import type { AnalysisPlan } from "@/lib/outcomes/schema";
import { claimJobs, completeJob, dropJob, failJob, jobCall, queuedAtIngest, retryJob, sweepRuns, type ClaimedJob } from "./db/jobs";
import { pickProvider } from "./db/runs";

// Voxdesk's own post-call analysis in the background. Each tick claims as many due jobs
// as this process has free slots (ANALYSIS_CONCURRENCY) and analyses them outside any transaction;
// the answer is written with the job's end in one transaction. Any number of processes may tick on
// one database: a job is claimed by one of them at a time (db/jobs.ts), and a claim lapses after the
// lease, so a job whose process died is taken up again.

export interface WorkerOptions {
  concurrency: number;
  /** Waits after the 1st, 2nd, 3rd… failed attempt; the last entry repeats. */
  backoffMs?: number[];
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  /** How long a claim holds: longer than an analysis may take (its timeout), with a margin. */
  leaseMs?: number;
  timeoutMs?: number;
}

export const DEFAULT_BACKOFF_MS = [30_000, 120_000, 600_000];
export const DEFAULT_MAX_ATTEMPTS = 4;
/** A provider's Retry-After is followed up to this; a longer one is its problem, not the queue's. */
const MAX_RETRY_AFTER_MS = 3_600_000;

export interface AnalysisWorker {
  /** Claims due jobs for the free slots and starts them; resolves with how many it started. */
  tick(now?: Date): Promise<number>;
  /** Resolves when every analysis this worker started has ended. */
  idle(): Promise<void>;
}

type Outcome = { kind: "done" | "lost" | "unwanted" } | { kind: "failed"; reason: string } | { kind: "retry"; reason: string; afterMs?: number };

/** What Voxdesk's answer gives, checked against the plan the same way an engine's extraction is. */
function evaluated(plan: AnalysisPlan, v: AnalysisValues): Evaluated {
  const { fields, ...shared } = v;
  return evaluateExtraction(plan, { ...fields, ...shared })
    ?? { success: null, success_reason: null, sentiment: null, disposition: null, fields: {}, errors: [] };
}

export function analysisWorker(opts: WorkerOptions): AnalysisWorker {
  const backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const timeoutMs = opts.timeoutMs ?? AI_TIMEOUT_MS;
  const leaseMs = opts.leaseMs ?? 2 * timeoutMs + 30_000;
  const running = new Set<Promise<void>>();

  async function analyse(job: ClaimedJob, claim: string): Promise<Outcome> {
    const call = await jobCall(job.account_id, job.call_sid);
    if (!call) return { kind: "failed", reason: "The call no longer exists" };
    if (queuedAtIngest(job) && call.has_outcome) return { kind: "unwanted" };
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
      if (job.attempts >= maxAttempts) return { kind: "failed", reason: `${result.reason} (gave up after ${job.attempts} attempts)` };
      return { kind: "retry", reason: result.reason, afterMs: result.retry_after_ms };
    }
    const written = await completeJob(job, claim, call.agent_id, evaluated(call.plan, result.values), { model: result.model, analyzedAt: result.analyzed_at }, result.values.summary);
    return { kind: written ? "done" : "lost" }; // lost: the claim lapsed or the call was queued again; another run writes it
  }

  async function run(job: ClaimedJob, claim: string, now: Date) {
    // Past the budget: every earlier claim ended without an answer (its process died, or the work
    // threw). Failing here keeps such a job from being claimed, and the provider paid, without end.
    if (job.attempts > maxAttempts) {
      recordJob("analysis", "failed");
      await failJob(job, claim, `Gave up after ${maxAttempts} attempts that ended without an answer (the worker stopped or failed mid-analysis)`);
      return;
    }
    let out: Outcome;
    try {
      out = await analyse(job, claim);
    } catch (err) {
      // Our own fault, not the provider's: retried like a provider error, within the same budget.
      logError("analysis job failed", { err, call_sid: job.call_sid });
      const reason = "The analysis failed inside Voxdesk";
      out = job.attempts >= maxAttempts ? { kind: "failed", reason: `${reason} (gave up after ${job.attempts} attempts)` } : { kind: "retry", reason };
    }
    recordJob("analysis", out.kind === "retry" ? "retried" : out.kind === "failed" ? "failed" : "done");
    if (out.kind === "failed") await failJob(job, claim, out.reason);
    if (out.kind === "unwanted") await dropJob(job, claim);
    if (out.kind === "retry") {
      const wait = Math.max(backoff[Math.min(job.attempts, backoff.length) - 1] ?? 0, Math.min(out.afterMs ?? 0, MAX_RETRY_AFTER_MS));
      // From when the attempt ended (`now` is the tick's clock, later than the wall clock in tests).
      await retryJob(job, claim, out.reason, new Date(Math.max(now.getTime(), Date.now()) + wait));
    }
  }

  return {
    async tick(now = new Date()) {
      await sweepRuns(now);
      const free = opts.concurrency - running.size;
      if (free <= 0) return 0;
      const claim = crypto.randomUUID();
      const jobs = await claimJobs(claim, free, now, leaseMs);
      for (const job of jobs) {
        // A failure here (the database went away) leaves the job claimed: its lease lapses and it is
        // claimed again, an attempt more, until run() gives it up.
        const p: Promise<void> = run(job, claim, now)
          .catch((err) => logError("analysis job failed", { err, call_sid: job.call_sid }))
          .finally(() => running.delete(p));
        running.add(p);
      }
      return jobs.length;
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
