"use client";

import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDate } from "@/components/contacts/format";
import { useInvites, useRevokeInvite } from "@/lib/people/hooks/members";

/** Invites not yet accepted; revoking one kills its link at once. */
export function PendingInvites() {
  const invites = useInvites();
  const revoke = useRevokeInvite();
  if (invites.isPending) return null;
  if (invites.isError) return <ErrorState message={invites.error.message} onRetry={() => invites.refetch()} retrying={invites.isFetching} />;
  return (
    <section aria-labelledby="pending-heading" className="mt-8">
      <h2 id="pending-heading" className="mb-3 text-base font-semibold">Pending invites</h2>
      {invites.data.invites.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No pending invites.</p>
      ) : (
        <Table>
          <THead><tr><Th>Email</Th><Th>Role</Th><Th className="hidden sm:table-cell">Expires</Th><Th><span className="sr-only">Actions</span></Th></tr></THead>
          <TBody>
            {invites.data.invites.map((i) => (
              <Tr key={i.invite_id}>
                <Td className="font-medium">{i.email}</Td>
                <Td>{i.role}</Td>
                <Td className="hidden text-zinc-600 sm:table-cell dark:text-zinc-400">{formatDate(i.expires_at)}</Td>
                <Td className="py-1 text-right">
                  <Button variant="ghost" size="sm" disabled={revoke.isPending} aria-label={`Revoke the invite of ${i.email}`}
                    onClick={() => revoke.mutate(i.invite_id, { onSuccess: () => toast.success(`Revoked the invite of ${i.email}`), onError: (e) => toast.error(e.message) })}>
                    Revoke
                  </Button>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}
