"use client";

import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Copy, FlaskConical, History, SearchX, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { isLinkedAgent, useAgent } from "@/lib/agents/hooks";
import { formatDateTime } from "@/lib/format/date-time";
import { isApiError } from "@/lib/http/fetch-json";
import { AgentBuilder } from "./agent-builder";
import { AgentEngineActions, DeploymentState, VersionLine } from "./agent-engine-actions";
import { agentToValues, newAgentValues } from "./agent-form-values";
import { DeleteAgentDialog, type DeleteTarget } from "./delete-agent-dialog";
import { HistorySheet } from "./history-sheet";
import { LinkedAgentPage, sourceLabel } from "./linked-agent-page";
import { TestPanel } from "./test-chat/test-panel";
import type { DeployableAgent } from "./deploy-dialog";
import { useCan } from "@/lib/people/hooks/use-can";


/** `/agents/new`, or `/agents/new?from=<id>` to start from a copy of an existing agent. */
export function NewAgentPage({ from }: { from?: string }) {
  const source = useAgent(from);
  if (!from) return <AgentBuilder initialValues={newAgentValues()} title="New agent" description="Only a name, a welcome message and a system prompt are needed; the rest has sensible defaults." />;
  if (source.isPending) return <BuilderSkeleton />;
  if (source.isError) return <LoadError error={source.error} retry={() => source.refetch()} />;
  if (isLinkedAgent(source.data)) {
    return (
      <EmptyState
        icon={SearchX}
        title="Nothing to copy"
        text={`${source.data.agent_name} is configured in ${sourceLabel(source.data.source)}'s dashboard: its prompt, voice and tools are not in Voxdesk.`}
        action={<Button variant="outline" asChild><Link href={`/agents/${source.data.agent_id}`}>Back to the agent</Link></Button>}
      />
    );
  }
  return (
    <AgentBuilder
      initialValues={agentToValues(source.data, true)}
      title="New agent"
      description={<>A copy of <Link href={`/agents/${source.data.agent_id}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">{source.data.agent_name}</Link>. Nothing is saved until you create it.</>}
    />
  );
}

/** `/agents/{id}`: the builder on a stored agent, saved with PUT; a linked agent's page has none (its vendor's dashboard holds it). */
export function EditAgentPage({ id }: { id: string }) {
  const router = useRouter();
  const agent = useAgent(id);
  const [toDelete, setToDelete] = React.useState<DeleteTarget | null>(null);
  const [history, setHistory] = React.useState(false);
  const [testing, setTesting] = React.useState(false);
  // Bumped after a restore: the builder mounts again with the restored content (its form keeps
  // its own values otherwise). A plain save needs none: the form already holds what was saved.
  const [reloads, setReloads] = React.useState(0);
  const can = useCan("editor");
  if (agent.isPending) return <BuilderSkeleton />;
  if (agent.isError) return <LoadError error={agent.error} retry={() => agent.refetch()} />;
  const a: DeployableAgent = agent.data;
  if (isLinkedAgent(a)) return <LinkedAgentPage agent={a} />;
  return (
    <>
      <AgentBuilder
        key={`${a.agent_id}:${reloads}`}
        agentId={a.agent_id}
        initialValues={agentToValues(a)}
        title={a.agent_name}
        description={<><VersionLine agent={a} />Created {formatDateTime(a.created_at)} · updated {formatDateTime(a.updated_at)}<DeploymentState agent={a} /></>}
        actions={
          <>
            <AgentEngineActions agent={a} />
            {/* data-opener: focus finds this button again after a restore mounted the builder anew. */}
            <Button variant="outline" onClick={() => setHistory(true)} data-opener="agent-history" aria-haspopup="dialog">
              <History aria-hidden="true" />
              History
            </Button>
            <Button variant="outline" onClick={() => setTesting(true)} data-opener="agent-test" aria-haspopup="dialog">
              <FlaskConical aria-hidden="true" />
              Test
            </Button>
            <Button variant="outline" asChild>
              <Link href={`/agents/new?from=${a.agent_id}`}>
                <Copy aria-hidden="true" />
                Clone
              </Link>
            </Button>
            <Button variant="outline" onClick={() => setToDelete(a)} disabled={!can.allowed} title={can.reason} className="text-red-600 dark:text-red-400">
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        }
      />
      <HistorySheet agent={a} open={history} onClose={() => setHistory(false)} onRestored={() => setReloads((n) => n + 1)} />
      <TestPanel agent={a} open={testing} onClose={() => setTesting(false)} />
      <DeleteAgentDialog agent={toDelete} onClose={() => setToDelete(null)} onDeleted={() => router.push("/agents")} />
    </>
  );
}

function LoadError({ error, retry }: { error: Error; retry: () => void }) {
  if (isApiError(error) && error.status === 404) {
    return (
      <EmptyState
        icon={SearchX}
        title="Agent not found"
        text="It may have been deleted, or it belongs to another account."
        action={<Button variant="outline" asChild><Link href="/agents">Back to agents</Link></Button>}
      />
    );
  }
  return <ErrorState title="Could not load the agent" message={error.message} onRetry={retry} />;
}

function BuilderSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading agent">
      <Skeleton className="mb-2 h-7 w-56" />
      <Skeleton className="mb-6 h-4 w-80 max-w-full" />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-72" />
          <Skeleton className="h-56" />
        </div>
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}
