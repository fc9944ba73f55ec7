"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@/lib/people/roles";
import type { Member, PendingInvite } from "@/lib/people/schema";
import { fetchJson } from "@/lib/http/fetch-json";
import type { InviteCreate } from "@/lib/people/schema";

export type { Member, PendingInvite };
export interface Me { account: { id: string; name: string }; via: string; role: Role; user_id: string | null; label: string }
export interface CreatedInvite { invite_id: string; email: string; role: Role; invite_url: string; expires_at: string; mailed: boolean }
export interface ResetLink { user_id: string; reset_url: string; expires_at: string; mailed: boolean }

const keys = { me: ["me"] as const, members: ["members"] as const, invites: ["members", "invites"] as const };

/** Who is signed in, with their role (the console hides or disables what the role cannot do). */
export function useMe() {
  return useQuery({ queryKey: keys.me, queryFn: ({ signal }) => fetchJson<Me>("/api/session", { signal }), staleTime: 60_000 });
}

export function useMembers() {
  return useQuery({ queryKey: keys.members, queryFn: ({ signal }) => fetchJson<{ members: Member[] }>("/api/members", { signal }) });
}

export function useInvites() {
  return useQuery({ queryKey: keys.invites, queryFn: ({ signal }) => fetchJson<{ invites: PendingInvite[] }>("/api/members/invites", { signal }) });
}

function useMemberMutation<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys.members }) });
}

export const useCreateInvite = () => useMemberMutation((body: InviteCreate) => fetchJson<CreatedInvite>("/api/members/invites", { method: "POST", body }));
export const useRevokeInvite = () => useMemberMutation((id: string) => fetchJson(`/api/members/invites/${id}`, { method: "DELETE" }));
export const useSetRole = () => useMemberMutation((a: { userId: string; role: Role }) => fetchJson<Member>(`/api/members/${a.userId}`, { method: "PATCH", body: { role: a.role } }));
export const useRemoveMember = () => useMemberMutation((userId: string) => fetchJson(`/api/members/${userId}`, { method: "DELETE" }));
export const useResetLink = () => useMemberMutation((userId: string) => fetchJson<ResetLink>(`/api/members/${userId}/reset-link`, { method: "POST" }));
