"use client";

import * as React from "react";
import { Bell, Plus } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingRows } from "@/components/ui/load-more";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useAlertRules, useDeleteAlertRule } from "@/lib/alerts/hooks";
import type { Rule } from "@/lib/alerts/schema";
import { useEngines, type EngineRecord } from "@/lib/engines/hooks";
import { useCan } from "@/lib/people/hooks/use-can";
import { conditionText, engineScopeText, formatValue } from "./alert-format";
import { IncidentsList } from "./incidents-list";
import { RuleFormDialog } from "./rule-form-dialog";

const checkedAt = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });

interface RowProps { r: Rule; engines: EngineRecord[] | undefined; canEdit: boolean; onEdit: () => void; onDelete: () => void }

function RuleRow({ r, engines, canEdit, onEdit, onDelete }: RowProps) {
  return (
    <Tr>
      <Td className="max-w-0 min-w-36">
        <div className="truncate font-medium" title={r.name}>{r.name}</div>
        <div className="text-xs text-zinc-600 dark:text-zinc-400">{conditionText(r)}</div>
        <div className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="rule-engine">{engineScopeText(r, engines)}</div>
      </Td>
      <Td className="tabular-nums" data-testid="rule-value">{formatValue(r.metric, r.value, r.relative)}</Td>
      <Td>
        {r.state === "triggered"
          ? <Badge variant={r.severity === "critical" ? "destructive" : "warning"}>Incident open</Badge>
          : <Badge variant="success">OK</Badge>}
        {/* The state is the last evaluation's (every minute, and when the rule is saved). */}
        <div className="mt-1 text-xs whitespace-nowrap text-zinc-600 dark:text-zinc-400" data-testid="rule-checked"
          title={r.evaluated_at ? new Date(r.evaluated_at).toLocaleString() : undefined}>
          {r.evaluated_at ? `Checked ${checkedAt(r.evaluated_at)}` : "Not checked yet"}
        </div>
      </Td>
      <Td className="py-1 text-right whitespace-nowrap">
        {canEdit && (
          <>
            <Button variant="ghost" size="sm" aria-label={`Edit ${r.name}`} onClick={onEdit}>Edit</Button>
            <Button variant="ghost" size="sm" aria-label={`Delete ${r.name}`} onClick={onDelete}>Delete</Button>
          </>
        )}
      </Td>
    </Tr>
  );
}

/** Alerts: rules with their value now and state (an open incident or OK), then the incidents with their calls. Admins edit. */
export function AlertsPage() {
  const rules = useAlertRules();
  // Names for the rules' engines; until they load (or if they fail) a rule's engine shows by id.
  const engines = useEngines();
  const remove = useDeleteAlertRule();
  const can = useCan("admin");
  const [editing, setEditing] = React.useState<Rule | "new" | null>(null);
  const [deleting, setDeleting] = React.useState<Rule | null>(null);
  // A deleted rule's row (and its Delete button, the dialog's opener) is gone: focus goes to the page's New rule.
  const newRule = React.useRef<HTMLButtonElement>(null);
  const list = rules.data ?? [];
  // The header's button holds the ref; the empty state's copy must not take it over when the last rule goes.
  const addLabel = <><Plus aria-hidden="true" />New rule</>;
  const add = can.allowed ? <Button ref={newRule} onClick={() => setEditing("new")}>{addLabel}</Button> : undefined;
  const addAgain = can.allowed ? <Button onClick={() => setEditing("new")}>{addLabel}</Button> : undefined;
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Rules on failures, outcomes, duration and cost, checked every minute. A rule whose condition holds opens an incident, notifies by email and webhook, and resolves it when it clears."
        actions={add}
      />
      {rules.isPending ? (
        <LoadingRows label="Loading alert rules" rows={2} />
      ) : rules.isError ? (
        <ErrorState message={rules.error.message} onRetry={() => rules.refetch()} retrying={rules.isFetching} />
      ) : list.length === 0 ? (
        <EmptyState icon={Bell} title="No alert rules" text={can.allowed ? "Add a rule to hear when an agent starts failing." : "An admin can add rules here."} action={addAgain} />
      ) : (
        <Table aria-label="Alert rules">
          <THead>
            <tr><Th>Rule</Th><Th>Value</Th><Th>State</Th><Th><span className="sr-only">Actions</span></Th></tr>
          </THead>
          <TBody>
            {list.map((r) => (
              <RuleRow key={r.rule_id} r={r} engines={engines.data} canEdit={can.allowed} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />
            ))}
          </TBody>
        </Table>
      )}
      <IncidentsList />
      {editing && <RuleFormDialog rule={editing === "new" ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? "rule"}?`}
        description="The rule stops being checked; its incidents are deleted with it."
        confirmLabel="Delete rule"
        onConfirm={() => remove.mutateAsync(deleting!.rule_id)}
        onClosed={(confirmed) => { if (confirmed) newRule.current?.focus(); }}
      />
    </>
  );
}
