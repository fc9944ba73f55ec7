"use client";

import * as React from "react";
import { Plus, Server } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useEngines, type EngineRecord } from "@/lib/engines/hooks";
import { EngineCard } from "./engine-card";
import { EngineConfirmDialog, type EngineConfirm } from "./engine-confirm-dialog";
import { EngineFormDialog } from "./engine-form-dialog";
import { RotatedWebhookDialog } from "./vendor-webhook-panel";
import { useCan } from "@/lib/people/hooks/use-can";

type Open = { kind: "create" } | { kind: "edit" | "rotated"; engine: EngineRecord } | { kind: EngineConfirm; engine: EngineRecord } | null;

/** /engines: the account's voice engines (Bolna, Vapi, Retell), with add, edit, check, rotate and delete. */
export function EnginesPage() {
  const engines = useEngines();
  const [open, setOpen] = React.useState<Open>(null);
  const close = () => setOpen(null);

  const can = useCan("admin");
  const add = (
    <Button onClick={() => setOpen({ kind: "create" })} disabled={!can.allowed} title={can.reason}>
      <Plus aria-hidden="true" />
      Add engine
    </Button>
  );

  let body: React.ReactNode;
  if (engines.isPending) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading engines" className="space-y-3">
        {[0, 1].map((i) => <Skeleton key={i} className="h-40" />)}
      </div>
    );
  } else if (engines.isError) {
    body = <ErrorState title="Could not load engines" message={engines.error.message} onRetry={() => engines.refetch()} retrying={engines.isRefetching} />;
  } else if (engines.data.length === 0) {
    body = (
      <EmptyState
        icon={Server}
        title="No engines yet"
        text="Add your Bolna, Vapi or Retell account to place calls through its agents and get every call back in the call log."
        action={add}
      />
    );
  } else {
    body = (
      <ul className="space-y-3" aria-label="Engines">
        {engines.data.map((e) => <EngineCard key={e.engine_id} engine={e} onConfirm={(kind, engine) => setOpen({ kind, engine })} onEdit={(engine) => setOpen({ kind: "edit", engine })} />)}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Engines"
        description="Voice engines that run your agents. Calls they place come back through each engine's webhook URL."
        actions={engines.data?.length ? add : undefined}
      />
      {body}
      {open?.kind === "create" && <EngineFormDialog onClose={close} />}
      {open?.kind === "edit" && <EngineFormDialog key={open.engine.engine_id} engine={open.engine} onClose={close} />}
      {(open?.kind === "rotate" || open?.kind === "delete") && <EngineConfirmDialog kind={open.kind} engine={open.engine} onClose={close} onRotated={(engine) => setOpen({ kind: "rotated", engine })} />}
      {open?.kind === "rotated" && <RotatedWebhookDialog engine={open.engine} onClose={close} />}
    </>
  );
}
