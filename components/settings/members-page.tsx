"use client";

import * as React from "react";
import { Users } from "lucide-react";
import { toast } from "sonner";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDate } from "@/components/contacts/format";
import { atLeast, canSetRole } from "@/lib/people/roles";
import { useMe, useMembers, useRemoveMember, useResetLink, useSetRole, type Member, type ResetLink } from "@/lib/people/hooks/members";
import { InviteForm } from "./invite-form";
import { OneTimeSecret } from "./one-time-secret";
import { PendingInvites } from "./pending-invites";
import { RoleSelect } from "./role-select";
import { LoadingRows } from "@/components/ui/load-more";

/** Settings → Members (admin+): invite, change roles, mint reset links, remove. The server enforces every rule. */
export function MembersPage() {
  const me = useMe();
  const members = useMembers();
  const setRole = useSetRole();
  const resetLink = useResetLink();
  const [removing, setRemoving] = React.useState<Member | null>(null);
  const [reset, setReset] = React.useState<(ResetLink & { email: string }) | null>(null);
  const remove = useRemoveMember();
  // The server's rule (lib/people/roles.ts), used here only to grey out what it would refuse.
  const may = (from: string | null, to: string | null) => Boolean(me.data && canSetRole(me.data.role, from, to));
  const canManage = (m: Member) => m.user_id !== me.data?.user_id && may(m.role, m.role);

  return (
    <>
      <PageHeader title="Members" description="People who sign in to this account, and what their role lets them do." />
      {me.data && !atLeast(me.data.role, "admin") ? (
        <ErrorState message={`Your role (${me.data.role}) cannot manage members: ask an admin or owner.`} />
      ) : (
        <>
          <InviteForm canInviteOwner={may(null, "owner")} />
          {reset && (
            <OneTimeSecret label={`Password reset link for ${reset.email}`} url={reset.reset_url}
              note={`Valid for one hour and once.${reset.mailed ? ` Also mailed to ${reset.email}.` : " It is shown only now."} Their sessions end when they set the new password.`} />
          )}
          <h2 className="mt-6 mb-3 text-base font-semibold">People</h2>
          {members.isPending ? (
            <LoadingRows label="Loading members" rows={3} rowClassName="h-9" />
          ) : members.isError ? (
            <ErrorState message={members.error.message} onRetry={() => members.refetch()} retrying={members.isFetching} />
          ) : members.data.members.length === 0 ? (
            <EmptyState icon={Users} title="No members yet" text="Invite the first person above." />
          ) : (
            <Table>
              <THead>
                <tr><Th>Name</Th><Th className="hidden sm:table-cell">Email</Th><Th>Role</Th><Th className="hidden md:table-cell">Joined</Th><Th className="hidden sm:table-cell"><span className="sr-only">Actions</span></Th></tr>
              </THead>
              <TBody>
                {members.data.members.map((m) => {
                  const actions = (
                    <>
                      <Button variant="ghost" size="sm" disabled={!canManage(m) || resetLink.isPending}
                        onClick={() => resetLink.mutate(m.user_id, { onSuccess: (r) => setReset({ ...r, email: m.email }), onError: (err) => toast.error(err.message) })}>
                        Reset link
                      </Button>
                      <Button variant="ghost" size="sm" className="text-red-700 dark:text-red-300" disabled={!canManage(m)} onClick={() => setRemoving(m)} aria-label={`Remove ${m.email}`}>
                        Remove
                      </Button>
                    </>
                  );
                  return (
                    <Tr key={m.user_id}>
                      <Td className="font-medium">
                        {m.name}{m.user_id === me.data?.user_id && <span className="ml-1 text-zinc-600 dark:text-zinc-400">(you)</span>}
                        {/* Below sm the email and the actions sit under the name: four columns do not fit 390 px. */}
                        <span className="block truncate text-xs font-normal text-zinc-600 sm:hidden dark:text-zinc-400">{m.email}</span>
                        <div className="-ml-3 mt-1 flex flex-wrap gap-1 sm:hidden">{actions}</div>
                      </Td>
                      <Td className="hidden text-zinc-600 sm:table-cell dark:text-zinc-400">{m.email}</Td>
                      <Td className="py-1">
                        <RoleSelect aria-label={`Role of ${m.email}`} allowOwner={may(m.role, "owner") || m.role === "owner"} value={m.role} disabled={!canManage(m) || setRole.isPending}
                          title={canManage(m) ? undefined : m.user_id === me.data?.user_id ? "You cannot change your own role" : "Only an owner can change an owner"}
                          onValueChange={(role) => role !== m.role && setRole.mutate({ userId: m.user_id, role }, {
                            onSuccess: () => toast.success(`${m.email} is now ${role}`),
                            onError: (err) => toast.error(err.message),
                          })} className="w-28 sm:w-32" />
                      </Td>
                      <Td className="hidden text-zinc-600 md:table-cell dark:text-zinc-400">{formatDate(m.created_at)}</Td>
                      <Td className="hidden py-1 sm:table-cell">
                        <div className="flex justify-end gap-1">{actions}</div>
                      </Td>
                    </Tr>
                  );
                })}
              </TBody>
            </Table>
          )}
          <PendingInvites />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove ${removing?.email ?? ""}?`}
        description="They are signed out at once and can no longer sign in. Their past changes stay in the audit log."
        confirmLabel="Remove member"
        pendingLabel="Removing…"
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.user_id);
          toast.success(`Removed ${removing.email}`);
        }}
      />
    </>
  );
}
