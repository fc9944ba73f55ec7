"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Download, Pause, Pencil, Play, Square, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCampaignAction, useCampaignPreview, useDeleteCampaign, type CampaignAction, type CampaignWithStats } from "@/lib/campaigns/hooks";
import { formatCount, formatDateTime } from "@/lib/calls/format";
import { useCan } from "@/lib/people/hooks/use-can";
import { windowsText } from "./campaign-status";

const DONE: Record<CampaignAction, string> = { start: "Campaign started", pause: "Campaign paused", resume: "Campaign resumed", cancel: "Campaign canceled" };

/** What the campaign's status allows: edit, start (confirmed) and delete (draft), pause/resume, cancel, report. */
export function CampaignActions({ campaign: c }: { campaign: CampaignWithStats }) {
  const router = useRouter();
  const can = useCan("editor");
  const act = useCampaignAction(c.campaign_id);
  const remove = useDeleteCampaign();
  const [confirm, setConfirm] = React.useState<"start" | "cancel" | "delete" | null>(null);
  // The dry run the draft's page shows (same query): how many people Start would ring.
  const preview = useCampaignPreview(c.campaign_id, c.status === "draft");
  const run = (action: CampaignAction) => act.mutate(action, {
    onSuccess: () => toast.success(DONE[action]),
    onError: (err) => toast.error(err.message),
  });
  const disabled = !can.allowed || act.isPending;
  const common = { disabled, title: can.reason };
  const live = c.status === "running" || c.status === "scheduled";
  return (
    <>
      {c.status === "draft" && <Button {...common} onClick={() => setConfirm("start")}><Play aria-hidden="true" /> Start campaign</Button>}
      {c.status === "draft" && (can.allowed
        ? <Button variant="outline" asChild><Link href={`/campaigns/${encodeURIComponent(c.campaign_id)}/edit`}><Pencil aria-hidden="true" /> Edit draft</Link></Button>
        : <Button variant="outline" disabled title={can.reason}><Pencil aria-hidden="true" /> Edit draft</Button>)}
      {live && <Button variant="outline" {...common} onClick={() => run("pause")}><Pause aria-hidden="true" /> Pause</Button>}
      {c.status === "paused" && <Button {...common} onClick={() => run("resume")}><Play aria-hidden="true" /> Resume</Button>}
      {(live || c.status === "paused") && (
        <Button variant="outline" {...common} onClick={() => setConfirm("cancel")}><Square aria-hidden="true" /> Cancel campaign</Button>
      )}
      {c.status === "draft" && (
        <Button variant="outline" {...common} onClick={() => setConfirm("delete")}><Trash2 aria-hidden="true" /> Delete draft</Button>
      )}
      {c.status !== "draft" && (
        <Button variant="outline" asChild>
          {/* A plain link: the server streams the report of every contact. */}
          <a href={`/api/campaigns/${encodeURIComponent(c.campaign_id)}/report.csv`} download><Download aria-hidden="true" /> Report CSV</a>
        </Button>
      )}
      <ConfirmDialog open={confirm === "start"} onOpenChange={(o) => !o && setConfirm(null)} title={`Start '${c.name}'?`} destructive={false}
        description={<StartSummary c={c} preview={preview.data} />} confirmLabel="Start calling" pendingLabel="Starting…"
        onConfirm={() => act.mutateAsync("start").then(() => toast.success(DONE.start))} />
      <ConfirmDialog open={confirm === "cancel"} onOpenChange={(o) => !o && setConfirm(null)} title={`Cancel '${c.name}'?`}
        description="Contacts not called yet will not be called. Calls in progress finish and are recorded. A canceled campaign cannot be resumed."
        confirmLabel="Cancel campaign" pendingLabel="Canceling…" onConfirm={() => act.mutateAsync("cancel").then(() => toast.success(DONE.cancel))} />
      <ConfirmDialog open={confirm === "delete"} onOpenChange={(o) => !o && setConfirm(null)} title={`Delete draft '${c.name}'?`}
        description="The draft and its settings are removed. Nothing was dialled."
        confirmLabel="Delete draft" onConfirm={async () => {
          await remove.mutateAsync(c.campaign_id);
          toast.success("Draft deleted");
          router.push("/campaigns");
        }} />
    </>
  );
}

/** What Start will do, from the dry run: how many people, when the first call goes out, and the windows. */
function StartSummary({ c, preview }: { c: CampaignWithStats; preview?: ReturnType<typeof useCampaignPreview>["data"] }) {
  const people = preview ? `${formatCount(preview.will_call)} ${preview.will_call === 1 ? "person" : "people"}` : "every contact the dry run keeps";
  const skipped = preview ? preview.total - preview.will_call : 0;
  return (
    <span data-testid="start-summary">
      This dials <strong>{people}</strong>{skipped > 0 ? ` (${formatCount(skipped)} of ${formatCount(preview!.total)} skipped)` : ""}, calling {windowsText(c.schedule)}
      {preview?.first_dispatch_at ? `, from ${formatDateTime(preview.first_dispatch_at)}` : ""}. Up to {c.max_concurrency} at once.
    </span>
  );
}
