"use client";

import Link from "next/link";
import { AlertTriangle, Rocket } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cannot, providerInfo, type ReadinessIssue } from "@/lib/engines/providers";
import { formatDateTime } from "@/lib/format/date-time";
import type { AgentRecord } from "@/lib/agents/hooks";
import { useEngines, type Deployment } from "@/lib/engines/hooks";
import { useDeployVersion } from "@/lib/agents/versions/hooks";
import { ApiError } from "@/lib/http/fetch-json";

/** version: the newest version's number; a deployment's version: the one that engine runs (null: unknown, from before versions). */
export type DeployableAgent = AgentRecord & { version?: number; deployments?: (Deployment & { version?: number | null })[] };

/** The deploy failure in words: the engine's refusal (422, per field), an unreachable engine (424), else the message. */
export function deployProblems(err: unknown): string[] {
  if (!(err instanceof ApiError)) return ["Could not reach the server. Try again."];
  const fields = Object.entries(err.fieldErrors).map(([path, message]) => `${path}: ${message}`);
  if (err.status === 422 && fields.length) return fields;
  if (err.status === 424) return [`The engine could not be reached: ${err.message}`];
  return [err.message];
}

function Problems({ title, items }: { title: string; items: string[] }) {
  return (
    <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
      <p className="flex items-center gap-1.5 font-medium"><AlertTriangle aria-hidden="true" className="size-4" />{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">{items.map((m) => <li key={m}>{m}</li>)}</ul>
    </div>
  );
}

/**
 * Deploy (or redeploy) the saved agent to one of the account's engines. Each engine shows where
 * the agent stands there; the same readiness check the server runs blocks a deploy up front.
 * With `version` (from the History panel) that version is pushed instead of the latest: rolling back.
 */
export function DeployDialog({ agent, version, onClose }: { agent: DeployableAgent; version?: number; onClose: () => void }) {
  const engines = useEngines();
  const deploy = useDeployVersion(agent.agent_id, version);
  // The up-front check reads the latest content, per kind of engine listed; an older version is
  // checked by the server (its 422 is shown).
  const refusals = new Map<string, ReadinessIssue[]>();
  for (const e of version === undefined ? engines.data ?? [] : []) {
    if (refusals.has(e.provider)) continue;
    refusals.set(e.provider, providerInfo(e.provider)?.readiness(agent).filter((i) => i.kind === "refused") ?? []);
  }
  const what = version === undefined ? "" : ` v${version}`;
  const byEngine = new Map((agent.deployments ?? []).map((d) => [d.engine_id, d]));
  const failedFor = deploy.isError ? deploy.variables : undefined;

  let body: React.ReactNode;
  if (engines.isPending) body = <p className="text-sm text-zinc-500 dark:text-zinc-400" aria-busy="true">Loading engines…</p>;
  else if (engines.isError) body = <Problems title="Could not load engines" items={[engines.error.message]} />;
  else if (engines.data.length === 0) {
    body = (
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        No engine yet. <Link href="/engines" className="font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400">Add an engine</Link> to deploy this agent.
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Engines">
        {engines.data.map((e) => {
          const d = byEngine.get(e.engine_id);
          const busy = deploy.isPending && deploy.variables === e.engine_id;
          const unable = cannot(e.provider, "deploy");
          return (
            <li key={e.engine_id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-medium">{e.name}</p>
                {d ? (
                  <p className="text-zinc-500 dark:text-zinc-400">
                    {d.version != null && <>Runs v{d.version} · </>}Deployed {formatDateTime(d.deployed_at)} · remote id <code className="break-all text-xs">{d.remote_agent_id}</code>{" "}
                    {version === undefined && !d.in_sync && <Badge variant="warning">Changed since deploy</Badge>}
                  </p>
                ) : (
                  <p className="text-zinc-500 dark:text-zinc-400">Not deployed</p>
                )}
              </div>
              {unable ? (
                <p className="text-sm text-zinc-600 sm:max-w-[50%] sm:text-right dark:text-zinc-300">Cannot deploy here: {unable}</p>
              ) : (
                <Button
                  size="sm"
                  variant={d && (version === undefined ? d.in_sync : d.version === version) ? "outline" : "default"}
                  disabled={(refusals.get(e.provider)?.length ?? 0) > 0 || deploy.isPending}
                  aria-label={`${d ? "Redeploy" : "Deploy"}${what} to ${e.name}`}
                  onClick={() =>
                    deploy.mutate(e.engine_id, {
                      onSuccess: (res) => toast.success(`Deployed${what} to ${e.name}`, { description: `Remote agent ${res.remote_agent_id}` }),
                    })
                  }
                >
                  <Rocket aria-hidden="true" />
                  {busy ? "Deploying…" : d ? "Redeploy" : "Deploy"}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Deploy {agent.agent_name}{what}</DialogTitle>
          <DialogDescription>
            {version === undefined
              ? "Sends the saved agent to the engine: created there on the first deploy, replaced on later ones."
              : `Sends version ${version} to the engine in place of what it runs now; the builder keeps the latest version.`}
          </DialogDescription>
        </DialogHeader>
        {[...refusals].filter(([, issues]) => issues.length > 0).map(([provider, issues]) => (
          <Problems key={provider} title={`${providerInfo(provider)?.label ?? provider} would refuse this agent. Fix these in the builder and save:`}
            items={issues.map((i) => `${i.path}: ${i.message}`)} />
        ))}
        {body}
        {failedFor && (
          <Problems
            title={`Not deployed to ${engines.data?.find((e) => e.engine_id === failedFor)?.name ?? "the engine"}`}
            items={deployProblems(deploy.error)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
