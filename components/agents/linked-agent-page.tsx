"use client";

import * as React from "react";
import Link from "next/link";
import { Info, List, PhoneOutgoing } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { callLogHref } from "@/lib/calls/url-state";
import { providerInfo } from "@/lib/engines/providers";
import { formatDateTime } from "@/lib/format/date-time";
import { useCan } from "@/lib/people/hooks/use-can";
import { CallDialog } from "./call-dialog";
import type { DeployableAgent } from "./deploy-dialog";

/** "Vapi", "Retell": the dashboard a linked agent is configured in. */
export const sourceLabel = (source: string) => providerInfo(source)?.label ?? source;

/**
 * `/agents/{id}` for an agent configured in a vendor's dashboard (Vapi, Retell) and linked here:
 * no builder (the API refuses to replace it), and no delete (its next call would link it again),
 * but where it lives, calling a number through it and its calls, which Voxdesk keeps, analyses and
 * counts like any other agent's.
 */
export function LinkedAgentPage({ agent }: { agent: DeployableAgent }) {
  const can = useCan("editor");
  const [calling, setCalling] = React.useState(false);
  const label = sourceLabel(agent.source);
  const deployments = agent.deployments ?? [];
  return (
    <>
      <PageHeader
        title={agent.agent_name}
        description={<span className="flex flex-wrap items-center gap-x-2 gap-y-1"><Badge variant="accent">{label}</Badge>Linked {formatDateTime(agent.created_at)}</span>}
        actions={
          <>
            <Button onClick={() => setCalling(true)} disabled={!can.allowed || deployments.length === 0} title={can.reason} aria-haspopup="dialog">
              <PhoneOutgoing aria-hidden="true" />
              Call a number
            </Button>
            <Button variant="outline" asChild>
              <Link href={callLogHref({ agent_id: agent.agent_id })}>
                <List aria-hidden="true" />
                Its calls
              </Link>
            </Button>
          </>
        }
      />
      <section aria-labelledby="linked-notice" className="max-w-3xl rounded-lg border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-950 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100" data-testid="linked-agent-notice">
        <h2 id="linked-notice" className="flex items-start gap-2 font-semibold">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Configured in {label}&apos;s dashboard, linked here; its calls, outcomes and analytics are in Voxdesk.
        </h2>
        <p className="mt-2 text-indigo-900/80 dark:text-indigo-100/80">
          Its prompt, voice, model and tools are edited in {label}&apos;s dashboard: Voxdesk does not edit, version or deploy them.
          Renaming it there renames it here the next time its engine&apos;s linked agents are listed.
        </p>
        {deployments.length > 0 && (
          <dl className="mt-3 grid gap-x-3 gap-y-1.5 sm:grid-cols-[7rem_minmax(0,1fr)]">
            {deployments.map((d) => (
              <React.Fragment key={d.engine_id}>
                <dt className="text-indigo-900/80 dark:text-indigo-100/80">Engine</dt>
                <dd className="min-w-0 break-words">{d.engine_name}</dd>
                <dt className="text-indigo-900/80 dark:text-indigo-100/80">Id in {label}</dt>
                <dd className="flex min-w-0 items-start gap-1">
                  <code className="min-w-0 break-all rounded bg-white/70 px-1.5 py-0.5 text-xs dark:bg-zinc-900/60">{d.remote_agent_id}</code>
                  <CopyButton value={d.remote_agent_id} label={`Copy the id in ${label}`} className="-mt-1" />
                </dd>
              </React.Fragment>
            ))}
          </dl>
        )}
      </section>
      {calling && <CallDialog agent={agent} onClose={() => setCalling(false)} />}
    </>
  );
}
