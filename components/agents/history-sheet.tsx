"use client";

import * as React from "react";
import { History } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { useRestoreVersion, useVersions } from "@/lib/agents/versions/hooks";
import { useCan } from "@/lib/people/hooks/use-can";
import { useDeployGuard } from "./deploy-guard";
import { DeployDialog, type DeployableAgent } from "./deploy-dialog";
import { VersionDiff } from "./version-diff";
import { comparePair, enginesRunning, rollbackBase, toggleCompare } from "./version-labels";
import { VersionRow } from "./version-row";

export type HistorySheetProps = {
  agent: DeployableAgent & { version?: number };
  open: boolean;
  onClose: () => void;
  /** After a restore, once the agent is fetched again: the page reloads the form from it. */
  onRestored: () => void;
};

/**
 * Every saved version of the agent, newest first: figures, notes, where each runs; tick two to see
 * what changed between them; restore one (a new version equal to it) or deploy it to an engine.
 */
export function HistorySheet({ agent, open, onClose, onRestored }: HistorySheetProps) {
  const versions = useVersions(agent.agent_id, open);
  const restore = useRestoreVersion(agent.agent_id);
  const can = useCan("editor");
  const [compare, setCompare] = React.useState<number[]>([]);
  const [toRestore, setToRestore] = React.useState<number | null>(null);
  const [toDeploy, setToDeploy] = React.useState<number | null>(null);
  // A version whose last test run did not pass is deployed only after a confirmation (deploy-guard.tsx).
  const guard = useDeployGuard((v) => setToDeploy(v ?? null));
  const pair = comparePair(compare);
  const deployments = agent.deployments ?? [];
  const latest = versions.data?.[0]?.version;

  let body: React.ReactNode;
  if (versions.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading versions" className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => <Skeleton key={i} className="h-28 w-full" />)}
      </div>
    );
  } else if (versions.isError) {
    body = <ErrorState title="Could not load the versions" message={versions.error.message} onRetry={() => versions.refetch()} retrying={versions.isFetching} />;
  } else if (versions.data.length === 0) {
    body = <EmptyState icon={History} title="No versions yet" text="Each save of the agent becomes a numbered version here." />;
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          {pair ? (
            <>
              <div className="mb-2 flex justify-end">
                <Button size="sm" variant="ghost" onClick={() => setCompare([])}>Clear comparison</Button>
              </div>
              <VersionDiff agentId={agent.agent_id} from={pair.from} to={pair.to} />
            </>
          ) : (
            <p role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
              {compare.length === 1 ? `v${compare[0]} chosen: tick one more version to compare.` : "Tick two versions to see what changed between them."}
            </p>
          )}
        </div>
        <ul aria-label="Versions" className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {versions.data.map((v) => (
            <VersionRow
              key={v.version}
              agentId={agent.agent_id}
              v={v}
              latest={v.version === latest}
              liveOn={enginesRunning(v.version, deployments)}
              compared={compare.includes(v.version)}
              onCompare={() => setCompare((s) => toggleCompare(s, v.version))}
              onRestore={() => setToRestore(v.version)}
              onDeploy={() => guard.request(v.version, v.tests, true)}
              canEdit={can.allowed}
              reason={can.reason}
            />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <>
      <Sheet open={open} onOpenChange={(o) => !o && onClose()}>
        <SheetContent
          data-testid="agent-history"
          // Esc in a note being edited cancels the edit, not the whole sheet (Radix listens before React does).
          onEscapeKeyDown={(e) => { if ((e.target as Element | null)?.closest?.("[data-escape-local]")) e.preventDefault(); }}
        >
          <SheetHeader>
            <SheetTitle>History of {agent.agent_name}</SheetTitle>
            <SheetDescription>Every save is a numbered version. Restoring one saves it again as the newest.</SheetDescription>
          </SheetHeader>
          <SheetBody>{body}</SheetBody>
        </SheetContent>
      </Sheet>
      <ConfirmDialog
        open={toRestore !== null}
        onOpenChange={(o) => !o && setToRestore(null)}
        title={`Restore v${toRestore}?`}
        description={<>Its content is saved as a new version{latest ? ` (v${latest + 1})` : ""}; no version is lost. Unsaved changes in the form are discarded. Engines keep what they run until you deploy.</>}
        confirmLabel="Restore"
        pendingLabel="Restoring…"
        destructive={false}
        onConfirm={async () => {
          const res = await restore.mutateAsync(toRestore!);
          toast.success(`v${res.restored_from} restored as v${res.version}`);
          // The sheet stays open on the new version at the top; the form behind it reloads.
          onRestored();
        }}
      >
        {toRestore !== null && <RollbackDiff agentId={agent.agent_id} v={toRestore} base={rollbackBase(toRestore, deployments, latest)} />}
      </ConfirmDialog>
      {guard.dialog}
      {toDeploy !== null && <DeployDialog agent={agent} version={toDeploy} onClose={() => setToDeploy(null)} />}
    </>
  );
}

/** The restore's effect before it is confirmed: what changes from what the engine runs (or the latest) to version v. */
function RollbackDiff({ agentId, v, base }: { agentId: string; v: number; base: { from: number; label: string } | null }) {
  if (!base) return <p className="text-sm text-zinc-600 dark:text-zinc-300">v{v} is what the engine runs: restoring changes no content.</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-zinc-600 dark:text-zinc-300">Compared with {base.label}:</p>
      <VersionDiff agentId={agentId} from={base.from} to={v} />
    </div>
  );
}
