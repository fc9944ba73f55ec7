"use client";

import * as React from "react";
import { Plus, Webhook } from "lucide-react";
import { parseAsString, useQueryState } from "nuqs";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingRows } from "@/components/ui/load-more";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useWebhookEndpoints } from "@/lib/webhooks/hooks";
import type { EndpointWithHealth } from "@/lib/webhooks/schema";
import { EndpointFormDialog } from "./endpoint-form-dialog";
import { EndpointPanel } from "./endpoint-panel";
import { disabledExplanation, disabledShort, eventsSummary, healthSummary } from "./webhook-format";

function EndpointRow({ e, selected, onSelect }: { e: EndpointWithHealth; selected: boolean; onSelect: () => void }) {
  const health = healthSummary(e.health);
  return (
    <Tr aria-current={selected ? "true" : undefined} className={selected ? "bg-indigo-50/60 dark:bg-indigo-500/10" : undefined}>
      <Td className="max-w-0 min-w-40">
        <div className="truncate font-mono text-xs" title={e.url}>{e.url}</div>
        {e.description && <div className="truncate text-xs text-zinc-500 dark:text-zinc-400">{e.description}</div>}
        {e.disabled && <div className="text-xs text-amber-800 dark:text-amber-300">{disabledShort(e.disabled_reason)}</div>}
      </Td>
      <Td className="hidden text-sm md:table-cell">{eventsSummary(e.events)}</Td>
      <Td><Badge variant={health.tone} title={health.title}>{health.text}</Badge><span className="sr-only"> ({health.title})</span></Td>
      <Td className="hidden sm:table-cell">
        {e.disabled ? <Badge variant="warning" title={disabledExplanation(e.disabled_reason)}>Disabled</Badge> : <Badge variant="success">Active</Badge>}
      </Td>
      <Td className="py-1 text-right">
        <Button variant={selected ? "secondary" : "ghost"} size="sm" aria-label={`Manage ${e.url}`} aria-pressed={selected} onClick={onSelect}>Manage</Button>
      </Td>
    </Tr>
  );
}

/** Settings → Webhooks (admin+): endpoints with their 24 h health; the chosen one's actions and delivery log below. */
export function WebhooksPage() {
  const list = useWebhookEndpoints();
  const [adding, setAdding] = React.useState(false);
  const [chosen, setChosen] = useQueryState("endpoint", parseAsString.withOptions({ history: "replace" }));
  const endpoints = list.data ?? [];
  const selected = endpoints.find((e) => e.endpoint_id === chosen) ?? endpoints[0];
  const add = <Button onClick={() => setAdding(true)}><Plus aria-hidden="true" />Add endpoint</Button>;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed events (Standard Webhooks) sent to your own systems as calls, campaigns, agents and alerts change, with retries for about a day and a log of every attempt."
        actions={add}
      />
      {list.isPending ? (
        <LoadingRows label="Loading webhook endpoints" rows={2} />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : endpoints.length === 0 ? (
        <EmptyState icon={Webhook} title="No webhook endpoints" text="Add your server's URL to receive call, campaign and alert events." action={add} />
      ) : (
        <>
          <Table aria-label="Webhook endpoints">
            <THead>
              <tr>
                <Th>Endpoint</Th><Th className="hidden md:table-cell">Events</Th>
                <Th><abbr title="Share of delivery attempts answered 2xx in the last 24 hours" className="no-underline">Health (24 h)</abbr></Th>
                <Th className="hidden sm:table-cell">State</Th><Th><span className="sr-only">Actions</span></Th>
              </tr>
            </THead>
            <TBody>
              {endpoints.map((e) => (
                <EndpointRow key={e.endpoint_id} e={e} selected={e.endpoint_id === selected?.endpoint_id} onSelect={() => void setChosen(e.endpoint_id)} />
              ))}
            </TBody>
          </Table>
          {selected && <EndpointPanel key={selected.endpoint_id} endpoint={selected} onDeleted={() => void setChosen(null)} />}
        </>
      )}
      {adding && <EndpointFormDialog onClose={() => setAdding(false)} />}
    </>
  );
}
