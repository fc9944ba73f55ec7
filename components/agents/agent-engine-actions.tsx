"use client";

import * as React from "react";
import Link from "next/link";
import { PhoneOutgoing, Rocket } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format/date-time";
import { useEngines } from "@/lib/engines/hooks";
import { CallDialog } from "./call-dialog";
import { DeployDialog, type DeployableAgent } from "./deploy-dialog";
import { useDeployGuard } from "./deploy-guard";
import { useVersions } from "@/lib/agents/versions/hooks";
import { liveParts } from "./version-labels";
import { useCan } from "@/lib/people/hooks/use-can";

/**
 * "v7 · v5 live on Bolna": the newest version, then what each engine runs. Each part keeps to one
 * line and the row wraps between parts, so at 390 px a long engine name moves down whole.
 */
export function VersionLine({ agent }: { agent: DeployableAgent }) {
  const parts = [...(agent.version === undefined ? [] : [`v${agent.version}`]), ...liveParts(agent.deployments ?? [])];
  return (
    <span className="flex flex-wrap items-center gap-x-1.5 font-medium text-zinc-700 dark:text-zinc-200" data-testid="agent-version-line">
      {parts.map((p, i) => (
        <React.Fragment key={p}>
          {i > 0 && <span aria-hidden="true" className="text-zinc-400 dark:text-zinc-500">·</span>}
          <span className="whitespace-nowrap">{p}</span>
        </React.Fragment>
      ))}
    </span>
  );
}

/** Where the agent is deployed, for the page header: one line per engine. */
export function DeploymentState({ agent }: { agent: DeployableAgent }) {
  const deployments = agent.deployments ?? [];
  if (deployments.length === 0) return <span className="block">Not deployed to an engine</span>;
  return (
    <span className="block space-y-0.5" data-testid="deployment-state">
      {deployments.map((d) => (
        <span key={d.engine_id} className="flex flex-wrap items-center gap-x-1.5">
          Deployed to {d.engine_name} {formatDateTime(d.deployed_at)}
          {d.in_sync ? <Badge variant="success">In sync</Badge> : <Badge variant="warning">Changed since deploy</Badge>}
        </span>
      ))}
    </span>
  );
}

/**
 * The header's Deploy and "Call a number" buttons. Each is disabled with its reason beside it
 * when it cannot work yet (no engine; not deployed).
 */
export function AgentEngineActions({ agent }: { agent: DeployableAgent }) {
  const engines = useEngines();
  const can = useCan("editor");
  const [open, setOpen] = React.useState<"deploy" | "call" | null>(null);
  // The newest version's last test run, for the same guard History's deploy has (deploy-guard.tsx).
  const versions = useVersions(agent.agent_id, can.allowed);
  const newest = versions.data?.[0];
  const guard = useDeployGuard(() => setOpen("deploy"));
  const noEngine = engines.data?.length === 0;
  const deployed = (agent.deployments ?? []).length > 0;
  // Each button and its reason are one unit of the header's wrapping row, the reason on one line
  // beside its button: squeezed between buttons it broke into four lines.
  const group = "inline-flex items-center gap-2";
  const reason = "text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400";
  return (
    <>
      <span className={group}>
        <Button onClick={() => guard.request(newest?.version, newest?.tests, false)} disabled={!can.allowed || noEngine || engines.isPending || versions.isPending} title={can.reason} aria-describedby={noEngine ? "deploy-reason" : undefined}>
          <Rocket aria-hidden="true" />
          Deploy
        </Button>
        {noEngine && (
          <span id="deploy-reason" className={reason}>
            No engine yet: <Link href="/engines" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">add one</Link>
          </span>
        )}
      </span>
      <span className={group}>
        <Button variant="outline" onClick={() => setOpen("call")} disabled={!can.allowed || !deployed} title={can.reason} aria-describedby={!deployed ? "call-reason" : undefined}>
          <PhoneOutgoing aria-hidden="true" />
          Call a number
        </Button>
        {!deployed && <span id="call-reason" className={reason}>Deploy first to place calls</span>}
      </span>
      {guard.dialog}
      {open === "deploy" && <DeployDialog agent={agent} onClose={() => setOpen(null)} />}
      {open === "call" && <CallDialog agent={agent} onClose={() => setOpen(null)} />}
    </>
  );
}
