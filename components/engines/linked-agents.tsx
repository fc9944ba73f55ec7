"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useRemoteAgents, type EngineRecord } from "@/lib/engines/hooks";
import { providerInfo } from "@/lib/engines/providers";
import { callLogHref } from "@/lib/calls/url-state";
import { focusRing } from "@/lib/utils";

const link = `rounded-sm font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400 ${focusRing}`;

/**
 * The agents of a Vapi or Retell engine's dashboard, each with the agent it is linked to here and
 * that agent's calls. Asked only while shown: every ask goes to the vendor (and links new agents).
 */
export function LinkedAgents({ engine, id }: { engine: EngineRecord; id: string }) {
  const query = useRemoteAgents(engine.engine_id, true);
  const label = providerInfo(engine.provider)?.label ?? engine.provider;
  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label={`Loading the agents of ${engine.name}`} className="space-y-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-300">
        <span className="min-w-0 break-words">Could not list the agents of {label}: {query.error.message}</span>
        <Button variant="outline" size="sm" onClick={() => query.refetch()} disabled={query.isFetching}>{query.isFetching ? "Trying…" : "Try again"}</Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        No agents in {label}&apos;s dashboard yet. Create one there: it is linked here the next time this list is opened or one of its calls arrives.
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800" aria-label={`Agents linked from ${label}`}>
        {query.data.map((a) => (
          <li key={a.remote_agent_id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
            <div className="min-w-0">
              <Link href={`/agents/${a.agent_id}`} className={`block truncate ${link}`}>{a.name}</Link>
              <span className="block break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">
                <span className="sr-only">{label} id: </span>{a.remote_agent_id}
              </span>
            </div>
            <Link href={callLogHref({ agent_id: a.agent_id })} className={`shrink-0 ${link}`} aria-label={`Calls of ${a.name}`}>Calls</Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section id={id} aria-label={`Linked agents of ${engine.name}`} className="mt-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="linked-agents">
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
        Configured in {label}&apos;s dashboard, linked here: their calls, outcomes and analytics are in Voxdesk.
      </p>
      {body}
    </section>
  );
}
