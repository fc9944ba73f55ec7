"use client";

import * as React from "react";
import { KeyRound } from "lucide-react";
import { toast } from "sonner";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDate } from "@/components/contacts/format";
import { useApiKeys, useRevokeKey, type ApiKey } from "@/lib/people/hooks/api-keys";
import { CreateKeyForm } from "./create-key-form";
import { LoadingRows } from "@/components/ui/load-more";

/** Settings → API keys (admin+): create (shown once), list without secrets, revoke. */
export function ApiKeysPage() {
  const list = useApiKeys();
  const revoke = useRevokeKey();
  const [revoking, setRevoking] = React.useState<ApiKey | null>(null);
  return (
    <>
      <PageHeader title="API keys" description="Bearer keys for the API. A key acts for the member who made it, never above that member's role now; a read-only key acts as viewer." />
      <CreateKeyForm />
      <h2 className="mb-3 text-base font-semibold">Live keys</h2>
      {list.isPending ? (
        <LoadingRows label="Loading keys" rows={3} rowClassName="h-9" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : list.data.keys.length === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys" text="Create one above." />
      ) : (
        <Table>
          <THead>
            <tr><Th>Name</Th><Th>Scope</Th><Th>Acts as</Th><Th className="hidden sm:table-cell">Key</Th><Th className="hidden md:table-cell">Acts for</Th><Th className="hidden md:table-cell">Last used</Th><Th><span className="sr-only">Actions</span></Th></tr>
          </THead>
          <TBody>
            {list.data.keys.map((k) => (
              <Tr key={k.key_id}>
                <Td className="font-medium">{k.name || "(unnamed)"}</Td>
                <Td>{k.scope === "full" ? "full" : "read only"}</Td>
                <Td>{k.role}</Td>
                <Td className="hidden font-mono text-xs sm:table-cell">sk_…{k.last4}</Td>
                <Td className="hidden text-zinc-600 md:table-cell dark:text-zinc-400">{k.account_level ? <span title="Made with the CLI: acts for the account, as owner">account (CLI)</span> : k.created_by}</Td>
                <Td className="hidden text-zinc-600 md:table-cell dark:text-zinc-400">{k.last_used_at ? formatDate(k.last_used_at) : "never"}</Td>
                <Td className="py-1 text-right">
                  <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-300" aria-label={`Revoke ${k.name || `key …${k.last4}`}`} onClick={() => setRevoking(k)}>Revoke</Button>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={`Revoke “${revoking?.name || `…${revoking?.last4 ?? ""}`}”?`}
        description="Requests with this key fail from now on, and console sessions signed in with it end."
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.key_id);
          toast.success("Key revoked");
        }}
      />
    </>
  );
}
