"use client";

import * as React from "react";
import { AlertTriangle, CheckCircle2, Download, Info } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatCount } from "@/components/contacts/format";
import { cn } from "@/lib/utils";
import type { CheckCounts } from "@/lib/contacts/csv-protocol";
import type { UploadOutcome } from "./upload-batches";

export type UploadResultProps = {
  outcome: UploadOutcome;
  counts: CheckCounts;
  onDownloadInvalid: () => void;
  onResume: () => void;
};

/** Step 5: what happened, in the server's terms, and what is left to do. */
export function UploadResult({ outcome, counts, onDownloadInvalid, onResume }: UploadResultProps) {
  const { totals } = outcome;
  const invalid = counts.invalid + totals.rejected;
  const duplicates = counts.duplicates + totals.alreadyInList;
  const notSent = Math.max(0, counts.valid - totals.rejected - totals.sent);

  return (
    <div className="space-y-4">
      {outcome.done ? (
        <Notice tone="success" icon={CheckCircle2} title="Upload complete">
          {formatCount(totals.added)} added to the list in {totals.batches} {totals.batches === 1 ? "batch" : "batches"}.
        </Notice>
      ) : outcome.cancelled ? (
        <Notice tone="warning" icon={Info} title="Upload cancelled">
          The {formatCount(totals.sent)} contacts in batches already sent stay in the list; the batch in flight when you
          cancelled may or may not have been added. {formatCount(notSent)} were not sent. Resuming (or uploading the same
          file again) adds only what is missing.
        </Notice>
      ) : (
        <Notice tone="error" icon={AlertTriangle} title="Upload stopped">
          {outcome.error}. Batches sent before stay in the list; {formatCount(notSent)} contacts were not sent.
        </Notice>
      )}
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label="Added" value={totals.added} testId="result-added" />
        <Stat label="Duplicates" value={duplicates} testId="result-duplicates"
          detail={`${formatCount(counts.duplicates)} repeated in the file · ${formatCount(totals.alreadyInList)} already in the list`} />
        <Stat label="Invalid" value={invalid} testId="result-invalid" tone={invalid > 0 ? "error" : undefined}
          detail={invalid > 0 ? "Not sent: fix them and upload again." : "Every number could be read."}
          action={invalid > 0 ? (
            <Button variant="outline" size="sm" onClick={onDownloadInvalid}>
              <Download aria-hidden="true" /> Download invalid rows (CSV)
            </Button>
          ) : undefined} />
      </dl>
      {!outcome.done && notSent > 0 && (
        <Button onClick={onResume}>Resume upload ({formatCount(notSent)} left)</Button>
      )}
    </div>
  );
}

function Stat({ label, value, detail, action, tone, testId }: {
  label: string; value: number; detail?: string; action?: React.ReactNode; tone?: "error"; testId: string;
}) {
  return (
    <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <dt className="text-sm text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd data-testid={testId} className={cn("mt-1 text-2xl font-semibold tabular-nums text-zinc-900 dark:text-zinc-50", tone === "error" && "text-red-600 dark:text-red-400")}>
        {formatCount(value)}
      </dd>
      {detail && <p className="mt-1 text-[13px] text-zinc-500 dark:text-zinc-400">{detail}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

const TONES = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/20 dark:bg-emerald-500/10 dark:text-emerald-200",
  warning: "border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/20 dark:bg-amber-500/10 dark:text-amber-200",
  error: "border-red-200 bg-red-50 text-red-900 dark:border-red-500/20 dark:bg-red-500/10 dark:text-red-200",
};

function Notice({ tone, icon: Icon, title, children }: { tone: keyof typeof TONES; icon: typeof Info; title: string; children: React.ReactNode }) {
  return (
    <div role="status" className={cn("flex gap-3 rounded-lg border p-3 text-sm", TONES[tone])}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-medium">{title}</p>
        <p className="mt-0.5 opacity-90">{children}</p>
      </div>
    </div>
  );
}
