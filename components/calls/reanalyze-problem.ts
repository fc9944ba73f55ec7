import { isApiError } from "@/lib/http/fetch-json";

// Why "Re-analyze" was refused, in words an operator can act on. POST /api/details/{sid}/analyze
// answers 422 with `field` naming the first reason (provider_id, analysis_plan, transcription,
// status) and `errors` listing all of them; each reason gets its own sentence and, where one
// helps, the place to fix it.

export interface ReanalyzeProblem { kind: "provider" | "plan" | "transcript" | "status" | "other"; message: string }

const KINDS: Record<string, Exclude<ReanalyzeProblem["kind"], "other">> = {
  provider_id: "provider",
  analysis_plan: "plan",
  transcription: "transcript",
  status: "status",
};

const MESSAGES: Record<Exclude<ReanalyzeProblem["kind"], "other">, string> = {
  provider: "Connect an AI provider in Settings to analyse calls.",
  plan: "This call's agent has no analysis plan: add outcomes to the agent first.",
  transcript: "This call has no transcript to analyse.",
  status: "Only completed calls are analysed.",
};

export function reanalyzeProblem(err: unknown): ReanalyzeProblem {
  if (!isApiError(err)) return { kind: "other", message: err instanceof Error ? err.message : String(err) };
  if (err.status === 422) {
    const body = err.body as { field?: unknown } | null;
    const field = typeof body?.field === "string" ? body.field : Object.keys(err.fieldErrors)[0];
    const kind = field ? KINDS[field] : undefined;
    if (kind) return { kind, message: MESSAGES[kind] };
  }
  if (err.status === 403) return { kind: "other", message: "Your role cannot start an analysis: editor or higher is needed." };
  if (err.status === 404) return { kind: "other", message: "This call is no longer in your account." };
  return { kind: "other", message: err.message };
}
