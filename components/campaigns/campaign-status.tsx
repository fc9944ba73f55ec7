import { Badge } from "@/components/ui/badge";
import type { CampaignStatus, CampaignWithStats, ContactState } from "@/lib/campaigns/schema";

// How a campaign and its contacts are named and coloured everywhere in the console.

export { windowsText } from "@/lib/campaigns/windows-text";

const STATUS: Record<CampaignStatus, { label: string; variant: "default" | "accent" | "success" | "warning" | "destructive" | "outline" }> = {
  draft: { label: "Draft", variant: "outline" },
  scheduled: { label: "Scheduled", variant: "accent" },
  running: { label: "Running", variant: "success" },
  paused: { label: "Paused", variant: "warning" },
  completed: { label: "Completed", variant: "default" },
  canceled: { label: "Canceled", variant: "destructive" },
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const s = STATUS[status];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

export const CONTACT_STATE_LABELS: Record<ContactState, string> = {
  pending: "Pending",
  dialing: "Dialing",
  in_progress: "In progress",
  completed: "Completed",
  no_answer: "No answer",
  busy: "Busy",
  failed: "Failed",
  skipped: "Skipped",
  canceled: "Canceled",
};

export const SKIP_REASON_LABELS: Record<string, string> = {
  suppressed: "On the do-not-call list",
  invalid: "Not a callable number",
  missing_variables: "Missing template variables",
  no_window: "No calling window ever opens",
};

/** Contacts whose outcome is settled (not pending and not in flight), of all contacts. */
export function progressOf(c: Pick<CampaignWithStats, "counts" | "total">): { done: number; total: number } {
  const open = c.counts.pending + c.counts.dialing + c.counts.in_progress;
  return { done: c.total - open, total: c.total };
}
