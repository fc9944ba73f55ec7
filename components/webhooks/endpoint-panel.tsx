"use client";

import * as React from "react";
import { History, KeyRound, Pencil, Power, Send, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDateTimeFull } from "@/lib/format/date-time";
import { useDeleteWebhookEndpoint, useSendTestEvent, useUpdateWebhookEndpoint } from "@/lib/webhooks/hooks";
import type { EndpointWithHealth } from "@/lib/webhooks/schema";
import { DeliveryLog } from "./delivery-log";
import { EndpointFormDialog } from "./endpoint-form-dialog";
import { RecoverDialog, RecoverProgress } from "./recover-dialog";
import { RotateSecretDialog } from "./rotate-secret-dialog";
import { disabledExplanation } from "./webhook-format";

/** How long the log polls after a test or resend is queued: the worker sends within a tick, a slow receiver within 15 s. */
const WATCH_MS = 20_000;

type Confirming = "rotate" | "delete" | "recover" | null;

/** One endpoint: why it is disabled, its actions, and its delivery log. */
export function EndpointPanel({ endpoint, onDeleted }: { endpoint: EndpointWithHealth; onDeleted: () => void }) {
  const id = endpoint.endpoint_id;
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendTestEvent();
  const [editing, setEditing] = React.useState(false);
  const [confirming, setConfirming] = React.useState<Confirming>(null);
  const [watchUntil, setWatchUntil] = React.useState(0);
  const [recoverId, setRecoverId] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!watchUntil) return;
    const t = setTimeout(() => setWatchUntil(0), Math.max(0, watchUntil - Date.now()));
    return () => clearTimeout(t);
  }, [watchUntil]);

  // Pending buttons are aria-disabled rather than disabled, so keyboard focus stays on them.
  const setDisabled = (disabled: boolean) => update.mutate({ id, body: { disabled } }, {
    onSuccess: () => toast.success(disabled ? "Endpoint disabled" : "Endpoint enabled"),
    onError: (err) => toast.error(`Could not ${disabled ? "disable" : "enable"} the endpoint`, { description: err.message }),
  });
  const watch = React.useCallback(() => setWatchUntil(Date.now() + WATCH_MS), []);
  const sendTest = () => test.mutate(id, {
    onSuccess: () => { watch(); toast.success("Test event queued", { description: "A ping goes out now; watch the delivery log." }); },
    onError: (err) => toast.error("Could not send a test event", { description: err.message }),
  });

  return (
    <section aria-labelledby="endpoint-title" className="mt-8 rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="endpoint-title" className="font-mono text-sm font-semibold break-all">{endpoint.url}</h2>
          <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{endpoint.description || "No description"} · added {formatDateTimeFull(endpoint.created_at)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => !test.isPending && sendTest()} aria-disabled={test.isPending || undefined} disabled={endpoint.disabled} title={endpoint.disabled ? "Enable the endpoint to send a test" : undefined}>
            <Send aria-hidden="true" />{test.isPending ? "Queuing…" : "Send test event"}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}><Pencil aria-hidden="true" />Edit</Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming("rotate")}><KeyRound aria-hidden="true" />Rotate secret</Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming("recover")} disabled={endpoint.disabled} title={endpoint.disabled ? "Enable the endpoint to recover its failed messages" : undefined}>
            <History aria-hidden="true" />Recover failed
          </Button>
          <Button size="sm" variant="outline" onClick={() => !update.isPending && setDisabled(!endpoint.disabled)} aria-disabled={update.isPending || undefined}>
            <Power aria-hidden="true" />{endpoint.disabled ? "Enable" : "Disable"}
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-300" onClick={() => setConfirming("delete")}><Trash2 aria-hidden="true" />Delete</Button>
        </div>
      </div>
      {endpoint.disabled && (
        <p role="note" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          {disabledExplanation(endpoint.disabled_reason)} Messages that failed meanwhile can be recovered once it is enabled again (Recover failed).
        </p>
      )}
      {recoverId && <RecoverProgress endpointId={id} recoverId={recoverId} onDismiss={() => setRecoverId(null)} />}
      <DeliveryLog endpointId={id} watching={watchUntil > 0} onQueued={watch} />

      {editing && <EndpointFormDialog endpoint={endpoint} onClose={() => setEditing(false)} />}
      {confirming === "rotate" && <RotateSecretDialog endpointId={id} onClose={() => setConfirming(null)} />}
      {confirming === "recover" && <RecoverDialog endpointId={id} onStarted={setRecoverId} onClose={() => setConfirming(null)} />}
      <ConfirmDialog
        open={confirming === "delete"}
        onOpenChange={(o) => !o && setConfirming(null)}
        title="Delete this endpoint?"
        description={<>Nothing more is sent to <span className="font-mono break-all">{endpoint.url}</span>, and its delivery log is deleted with it.</>}
        confirmLabel="Delete endpoint"
        onConfirm={async () => {
          await remove.mutateAsync(id);
          toast.success("Endpoint deleted");
          onDeleted();
        }}
      />
    </section>
  );
}
