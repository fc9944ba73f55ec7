"use client";

import * as React from "react";
import { CheckCircle2, Plus, PlugZap, Sparkles, XCircle } from "lucide-react";
import { toast } from "sonner";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingRows } from "@/components/ui/load-more";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { Badge } from "@/components/ui/badge";
import { useAiProviders, useCheckAiProvider, useDeleteAiProvider, useUpdateAiProvider } from "@/lib/ai-providers/hooks";
import type { AiProvider } from "@/lib/ai-providers/schema";
import { AiProviderFormDialog } from "./ai-provider-form-dialog";

/** One provider: where it is, which model and key, whether it is the default, and its actions. */
function ProviderRow({ provider, onEdit, onDelete }: { provider: AiProvider; onEdit: (p: AiProvider) => void; onDelete: (p: AiProvider) => void }) {
  const check = useCheckAiProvider();
  const makeDefault = useUpdateAiProvider();
  const result = check.data;
  return (
    <Tr>
      <Td className="font-medium">
        <span className="flex flex-wrap items-center gap-2">
          {provider.name}
          {provider.is_default && <Badge variant="success" data-testid="ai-default">Default</Badge>}
        </span>
        {makeDefault.error && <span role="alert" className="block text-sm font-normal text-red-700 dark:text-red-300">{makeDefault.error.message}</span>}
      </Td>
      <Td className="font-mono text-xs">{provider.model}</Td>
      <Td className="hidden break-all font-mono text-xs md:table-cell">{provider.base_url}</Td>
      <Td className="hidden font-mono text-xs sm:table-cell">{provider.api_key_hint || "set"}</Td>
      <Td>
        <div role="status" aria-live="polite" data-testid="ai-check-result" className="text-sm">
          {check.isPending && <span className="text-zinc-500 dark:text-zinc-400">Checking…</span>}
          {result && (
            <span className={`flex items-center gap-1.5 ${result.ok ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}>
              {result.ok ? <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" /> : <XCircle aria-hidden="true" className="size-4 shrink-0" />}
              {result.message}
            </span>
          )}
          {check.error && <span className="text-red-700 dark:text-red-300">Could not check: {check.error.message}</span>}
        </div>
      </Td>
      <Td className="py-1 text-right">
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" aria-label={`Check ${provider.name}`} onClick={() => check.mutate(provider.provider_id)} disabled={check.isPending}>
            <PlugZap aria-hidden="true" />
            Check
          </Button>
          {!provider.is_default && (
            <Button variant="ghost" size="sm" aria-label={`Make ${provider.name} the default`} disabled={makeDefault.isPending}
              onClick={() => makeDefault.mutate({ id: provider.provider_id, body: { is_default: true } }, { onSuccess: (p) => toast.success(`'${p.name}' is now the default AI provider`) })}>
              Make default
            </Button>
          )}
          <Button variant="ghost" size="sm" aria-label={`Edit ${provider.name}`} onClick={() => onEdit(provider)}>Edit</Button>
          <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-300" aria-label={`Delete ${provider.name}`} onClick={() => onDelete(provider)}>Delete</Button>
        </div>
      </Td>
    </Tr>
  );
}

/** Settings → AI providers (admin+): the account's own models for post-call analysis. */
export function AiProvidersPage() {
  const list = useAiProviders();
  const remove = useDeleteAiProvider();
  const [adding, setAdding] = React.useState(false);
  const [deleting, setDeleting] = React.useState<AiProvider | null>(null);
  const [editing, setEditing] = React.useState<AiProvider | null>(null);
  const add = <Button onClick={() => setAdding(true)}><Plus aria-hidden="true" />Add provider</Button>;
  return (
    <>
      <PageHeader
        title="AI providers"
        description="OpenAI-compatible models Voxdesk uses to analyse calls itself (success, sentiment, disposition and your fields), for the test chat and for judged test cases. The default provider does this work; keys are stored encrypted and sent only to their provider."
        actions={add}
      />
      {list.isPending ? (
        <LoadingRows label="Loading AI providers" rows={2} rowClassName="h-9" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={Sparkles} title="No AI providers" text="Add one to analyse calls with your own model." action={add} />
      ) : (
        <Table>
          <THead>
            <tr><Th>Name</Th><Th>Model</Th><Th className="hidden md:table-cell">Base URL</Th><Th className="hidden sm:table-cell">Key</Th><Th>Connection</Th><Th><span className="sr-only">Actions</span></Th></tr>
          </THead>
          <TBody>
            {list.data.map((p) => <ProviderRow key={p.provider_id} provider={p} onEdit={setEditing} onDelete={setDeleting} />)}
          </TBody>
        </Table>
      )}
      {adding && <AiProviderFormDialog onClose={() => setAdding(false)} />}
      {editing && <AiProviderFormDialog provider={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete “${deleting?.name ?? ""}”?`}
        description={deleting?.is_default
          ? "Voxdesk forgets the provider and its key. Calls it analysed keep their outcomes; the oldest provider left becomes the default."
          : "Voxdesk forgets the provider and its key. Calls it analysed keep their outcomes."}
        confirmLabel="Delete provider"
        pendingLabel="Deleting…"
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.provider_id);
          toast.success(`AI provider '${deleting.name}' deleted`);
        }}
      />
    </>
  );
}
