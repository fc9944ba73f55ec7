import { badgeVariants } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

// One colour per tool test outcome (GET /api/tools testStatus, test_status of a run).
const STYLES: Record<string, { label: string; badge: string; dot: string }> = {
  untested: { label: "Untested", badge: "", dot: "bg-zinc-400" },
  success: {
    label: "Success",
    badge: "bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/25",
    dot: "bg-emerald-500",
  },
  error: {
    label: "Error",
    badge: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/25",
    dot: "bg-red-500",
  },
  timeout: {
    label: "Timeout",
    badge: "bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25",
    dot: "bg-amber-500",
  },
  unreachable: {
    label: "Unreachable",
    badge: "bg-orange-50 text-orange-700 ring-orange-600/20 dark:bg-orange-500/10 dark:text-orange-300 dark:ring-orange-400/25",
    dot: "bg-orange-500",
  },
  blocked: {
    label: "Blocked",
    badge: "bg-rose-50 text-rose-700 ring-rose-600/20 dark:bg-rose-500/10 dark:text-rose-300 dark:ring-rose-400/25",
    dot: "bg-rose-600",
  },
  too_large: {
    label: "Too large",
    badge: "bg-violet-50 text-violet-700 ring-violet-600/20 dark:bg-violet-500/10 dark:text-violet-300 dark:ring-violet-400/25",
    dot: "bg-violet-500",
  },
};

export function TestStatusBadge({ status, className }: { status: string; className?: string }) {
  const style = STYLES[status] ?? { label: status.replace(/_/g, " "), badge: "", dot: "bg-zinc-400" };
  return (
    <span className={cn(badgeVariants(), style.badge, className)} data-test-status={status}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", style.dot)} />
      {style.label}
    </span>
  );
}
