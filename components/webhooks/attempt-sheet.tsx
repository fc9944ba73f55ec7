"use client";

import { RotateCcw } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { formatDateTimeFull } from "@/lib/format/date-time";
import { useResendAttempt } from "@/lib/webhooks/hooks";
import type { Attempt, AttemptStatus } from "@/lib/webhooks/schema";
import { messageSummary, prettyBody } from "./webhook-format";

export const ATTEMPT_TONE = { success: "success", failed: "destructive" } as const satisfies Record<AttemptStatus, string>;

function Body({ title, text }: { title: string; text: string }) {
  return (
    <section aria-label={title} className="mt-4">
      <h3 className="mb-1.5 text-sm font-semibold">{title}</h3>
      <pre className="max-h-80 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs whitespace-pre-wrap break-all text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">{prettyBody(text)}</pre>
    </section>
  );
}

/** The headers as sent, one `name: value` a line; attempts logged before headers were kept say so. */
function Headers({ headers }: { headers: Record<string, string> | null }) {
  return (
    <section aria-label="Request headers" className="mt-4">
      <h3 className="mb-1.5 text-sm font-semibold">Request headers</h3>
      {headers === null ? <p className="text-sm text-zinc-500 dark:text-zinc-400">Not recorded for this attempt (sent before headers were kept).</p> : (
        <pre className="max-h-60 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs whitespace-pre-wrap break-all text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
          {Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join("\n")}
        </pre>
      )}
    </section>
  );
}

/** One attempt read beside the log: what was sent (headers and body), what came back (first 1 KB each), and Resend. */
export function AttemptSheet({ endpointId, attempt, onClose, onResent }: { endpointId: string; attempt: Attempt | null; onClose: () => void; onResent: () => void }) {
  const resend = useResendAttempt();
  return (
    <Sheet open={attempt !== null} onOpenChange={(o) => !o && onClose()}>
      <SheetContent>
        {attempt && (
          <>
            <SheetHeader>
              <SheetTitle><span className="font-mono">{attempt.type}</span> · attempt {attempt.attempt}</SheetTitle>
              <SheetDescription>{formatDateTimeFull(attempt.at)} · message <span className="font-mono">{attempt.event_id}</span></SheetDescription>
            </SheetHeader>
            <SheetBody>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-zinc-500 dark:text-zinc-400">Status</dt>
                <dd><Badge variant={ATTEMPT_TONE[attempt.status]}>{attempt.status}</Badge>{attempt.trigger === "manual" && <span className="ml-2 text-zinc-500 dark:text-zinc-400">resent by a person</span>}</dd>
                <dt className="text-zinc-500 dark:text-zinc-400">Message</dt>
                <dd>{messageSummary(attempt.message, formatDateTimeFull)}</dd>
                <dt className="text-zinc-500 dark:text-zinc-400">Response status</dt>
                <dd className="font-mono">{attempt.response_status ?? "none"}</dd>
                <dt className="text-zinc-500 dark:text-zinc-400">Duration</dt>
                <dd>{attempt.duration_ms} ms</dd>
              </dl>
              <Headers headers={attempt.request_headers} />
              <Body title="Request body" text={attempt.request} />
              <Body title="Response" text={attempt.response} />
              <div className="mt-5 flex items-center gap-3">
                <Button
                  variant="outline"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate({ endpointId, attemptId: attempt.attempt_id }, {
                    onSuccess: () => { onResent(); toast.success("Resend queued", { description: "The same message (same webhook-id) goes out again; the log shows the new attempt." }); onClose(); },
                  })}
                >
                  <RotateCcw aria-hidden="true" />
                  {resend.isPending ? "Queuing…" : "Resend"}
                </Button>
                {resend.error && <p role="alert" className="text-sm text-red-700 dark:text-red-300">Could not resend: {resend.error.message}</p>}
              </div>
            </SheetBody>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
