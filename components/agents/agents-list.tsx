"use client";

import * as React from "react";
import Link from "next/link";
import { Bot, Plus } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useAgents } from "@/lib/agents/hooks";
import { AgentsTable } from "./agents-table";
import { DeleteAgentDialog, type DeleteTarget } from "./delete-agent-dialog";
import { useCan } from "@/lib/people/hooks/use-can";

export function AgentsList() {
  const query = useAgents();
  const [toDelete, setToDelete] = React.useState<DeleteTarget | null>(null);
  const agents = query.data?.pages.flatMap((p) => p.agents) ?? [];

  const can = useCan("editor");
  const newButton = can.allowed ? (
    <Button asChild>
      <Link href="/agents/new">
        <Plus aria-hidden="true" />
        New agent
      </Link>
    </Button>
  ) : (
    <Button disabled title={can.reason}>
      <Plus aria-hidden="true" />
      New agent
    </Button>
  );

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800" aria-busy="true" aria-label="Loading agents">
        <Skeleton className="h-9 rounded-none" />
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-4 border-t border-zinc-100 px-3 py-3 dark:border-zinc-800">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 w-32" />
            <Skeleton className="ml-auto h-4 w-24" />
          </div>
        ))}
      </div>
    );
  } else if (query.isError) {
    body = <ErrorState title="Could not load agents" message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  } else if (agents.length === 0) {
    body = (
      <EmptyState
        icon={Bot}
        title="No agents yet"
        text="An agent is a voice, a language model and a prompt. Build one in a minute: it needs only a name, a welcome message and a system prompt."
        action={newButton}
      />
    );
  } else {
    body = (
      <>
        <AgentsTable agents={agents} onDelete={setToDelete} />
        <div className="mt-4 flex items-center justify-between gap-2 text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
          <span>{agents.length} {agents.length === 1 ? "agent" : "agents"}{query.hasNextPage ? " shown" : ""}</span>
          {query.hasNextPage && (
            <Button variant="outline" size="sm" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Agents" description="Voice agents: their language model, voice, tools and prompts." actions={newButton} />
      {body}
      <DeleteAgentDialog agent={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
