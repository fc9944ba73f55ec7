"use client";

import { useMe } from "@/lib/people/hooks/members";

/** Says once, at the top of every page, why a viewer finds the write controls disabled. */
export function ReadOnlyBanner() {
  const me = useMe();
  if (me.data?.role !== "viewer") return null;
  return (
    <p role="note" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
      You have read-only access (viewer). You can see the dashboard, calls and their outcomes, agents and their versions,
      campaigns, contact lists, tools and alerts; engines need the editor role, and members, API keys, AI providers, the audit
      log, webhooks and the do-not-call list need an admin. Creating or changing anything is disabled: ask an admin for the editor role.
    </p>
  );
}
