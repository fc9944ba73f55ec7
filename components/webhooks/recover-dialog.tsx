"use client";

import * as React from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Progress } from "@/components/ui/progress";
import { ApiError } from "@/lib/http/fetch-json";
import { useRecoverRun, useStartRecover } from "@/lib/webhooks/hooks";
import { RecoverBody } from "@/lib/webhooks/schema";

/** The picker gives local time without a zone ("2025-06-01T09:30"); the API's schema checks it once made an instant. */
const toInstant = (local: string) => {
  const t = new Date(local);
  return Number.isNaN(t.getTime()) ? local : t.toISOString();
};
const FormValues = z.object({ since: z.string().transform(toInstant).pipe(RecoverBody.shape.since) });
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
/** A day before the dialog opened: the usual question is "what failed during yesterday's outage". */
const dayAgo = () => localInput(new Date(Date.now() - 24 * 3600_000));

/** Asks since when to send failed messages again and starts the run; its progress shows in the panel (RecoverProgress). */
export function RecoverDialog({ endpointId, onStarted, onClose }: { endpointId: string; onStarted: (recoverId: string) => void; onClose: () => void }) {
  const start = useStartRecover();
  const [initial] = React.useState(dayAgo);
  const form = useForm<z.input<typeof FormValues>, unknown, z.output<typeof FormValues>>({
    resolver: zodResolver(FormValues),
    defaultValues: { since: initial },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ since }) => {
    try {
      const run = await start.mutateAsync({ endpointId, since });
      onStarted(run.recover_id);
      onClose();
    } catch (err) {
      const message = err instanceof ApiError ? (err.fieldErrors.since ?? err.message) : "Could not reach the server. Try again.";
      form.setError("since", { type: "server", message }, { shouldFocus: true });
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Recover failed messages</DialogTitle>
          <DialogDescription>Every message to this endpoint that failed and was created since this time is sent once more, in the background.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Recover failed messages">
          <Field label="Since" required error={errors.since?.message} hint="Your local time.">
            <Input type="datetime-local" {...form.register("since")} />
          </Field>
          <DialogFooter>
            <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
            <Button type="submit" disabled={isSubmitting}>{isSubmitting ? "Starting…" : "Recover"}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A running (or just finished) recover run: a progress bar and the count in words, announced politely. */
export function RecoverProgress({ endpointId, recoverId, onDismiss }: { endpointId: string; recoverId: string; onDismiss: () => void }) {
  const run = useRecoverRun(endpointId, recoverId);
  const r = run.data;
  const words = run.isError ? `Could not read the recover run: ${run.error.message}`
    : !r ? "Starting the recover run…"
    : r.total === 0 ? "Nothing to recover: no message failed since then."
    : r.status === "done" && r.done >= r.total ? `Recovered: all ${r.total} failed messages were sent again (the log shows each answer).`
    : r.status === "done" ? `Recover ended: ${r.done} of ${r.total} sent again; the rest failed before their turn (the endpoint was disabled).`
    : `Sending failed messages again: ${r.done} of ${r.total}.`;
  return (
    <div className="mt-4 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="recover-progress">
      <div className="flex items-center justify-between gap-2">
        <p role="status" className="text-sm">{words}</p>
        {(r?.status === "done" || run.isError) && <Button size="sm" variant="ghost" onClick={onDismiss}>Dismiss</Button>}
      </div>
      {r && r.total > 0 && <Progress className="mt-2" value={r.done} max={r.total} label="Recover progress" />}
    </div>
  );
}
