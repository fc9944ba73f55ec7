"use client";

import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { CONTACTS_BATCH } from "@/lib/contacts/csv-columns";
import { formatCount } from "@/components/contacts/format";
import type { UploadTotals } from "./upload-batches";

/** Step 4: batches going out, with a way to stop between (or during) them. */
export function UploadRun({ totals, toSend, onCancel }: { totals: UploadTotals; toSend: number; onCancel: () => void }) {
  const batches = Math.max(1, Math.ceil(toSend / CONTACTS_BATCH));
  const current = Math.min(batches, totals.batches + 1);
  return (
    <div className="space-y-3" aria-live="polite">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">
          Sending batch {current} of {batches}…
        </span>
        <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
          {formatCount(totals.sent)} / {formatCount(toSend)}
        </span>
      </div>
      <Progress value={totals.sent} max={toSend} label="Upload progress" />
      <div className="flex items-center justify-between gap-3">
        <p className="text-[13px] text-zinc-500 dark:text-zinc-400">
          Each batch of up to {formatCount(CONTACTS_BATCH)} is added on its own: batches already sent stay in the list if you cancel.
        </p>
        <Button variant="outline" onClick={onCancel}>
          Cancel upload
        </Button>
      </div>
    </div>
  );
}
