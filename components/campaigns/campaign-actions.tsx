"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { Download, Pause, Play, Square, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCampaignAction, useDeleteCampaign, type CampaignAction, type CampaignWithStats } from "@/lib/campaigns/hooks";
import { useCan } from "@/lib/people/hooks/use-can";

const DONE: Record<CampaignAction, string> = { start: "Campaign started", pause: "Campaign paused", resume: "Campaign resumed", cancel: "Campaign canceled" };

/** What the campaign's status allows: start (draft), pause/resume, cancel, delete (draft), report. */
export function CampaignActions({ campaign: c }: { campaign: CampaignWithStats }) {
  const router = useRouter();
  const can = useCan("editor");
  const act = useCampaignAction(c.campaign_id);
  const remove = useDeleteCampaign();
  const [confirm, setConfirm] = React.useState<"cancel" | "delete" | null>(null);
  const run = (action: CampaignAction) => act.mutate(action, {
    onSuccess: () => toast.success(DONE[action]),
    onError: (err) => toast.error(err.message),
  });
  const disabled = !can.allowed || act.isPending;
  const common = { disabled, title: can.reason };
  const live = c.status === "running" || c.status === "scheduled";
  return (
    <>
      {c.status === "draft" && <Button {...common} onClick={() => run("start")}><Play aria-hidden="true" /> Start campaign</Button>}
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
