import { Badge } from "@/components/ui/badge";
import type { CallRecord } from "@/lib/calls/hooks";
import type { Sentiment } from "@/lib/outcomes/schema";
import { cn } from "@/lib/utils";

// How a call's outcome reads in the call log, its cards and the call sheet: one look
// for success, sentiment, status and field values everywhere.

/** The outcome as GET /api/details answers it; `reason` (why the last analysis failed) is typed loosely until every server sends it. */
export type Outcome = CallRecord["outcome"] & { reason?: string | null };

const muted = "text-zinc-400 dark:text-zinc-500";

export const OUTCOME_STATUS_LABELS: Record<Outcome["status"], string> = {
  analyzed: "Analysed",
  pending: "Analysis pending",
  failed: "Analysis failed",
  none: "Not analysed",
};

export const SENTIMENT_LABELS: Record<Sentiment, string> = { positive: "Positive", neutral: "Neutral", negative: "Negative" };

/** ✓ / ✗ / —, with the words for screen readers and a tooltip; a pending or failed analysis says so instead of a dash. */
export function SuccessMark({ outcome }: { outcome: Outcome | undefined }) {
  const success = outcome?.success ?? null;
  if (success === null) {
    if (outcome?.status === "pending" || outcome?.status === "failed") {
      return <Badge variant={outcome.status === "failed" ? "warning" : "default"}>{outcome.status === "failed" ? "Failed" : "Pending"}</Badge>;
    }
    return <span className={muted} title="No success judged">—<span className="sr-only">No success judged</span></span>;
  }
  const label = success ? "Succeeded" : "Not succeeded";
  return (
    <span title={outcome?.success_reason ?? label} data-success={success} className={cn("font-semibold", success ? "text-emerald-600 dark:text-emerald-400" : "text-red-600 dark:text-red-400")}>
      <span aria-hidden="true">{success ? "✓" : "✗"}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function SentimentBadge({ sentiment }: { sentiment: Sentiment | null | undefined }) {
  if (!sentiment) return <span className={muted}>—</span>;
  const variant = sentiment === "positive" ? "success" : sentiment === "negative" ? "destructive" : "default";
  return <Badge variant={variant} data-sentiment={sentiment}>{SENTIMENT_LABELS[sentiment]}</Badge>;
}

/** A field value in words: Yes/No, a number in the reader's locale, text as written; null when there is none. */
export function fieldValueText(value: string | number | boolean | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return value.toLocaleString();
  return value;
}

export function FieldValue({ value }: { value: string | number | boolean | null | undefined }) {
  const text = fieldValueText(value);
  return text === null ? <span className={muted}>—</span> : <span className="block max-w-40 truncate" title={text}>{text}</span>;
}
