"use client";

import { atLeast, requiredRole, type Role } from "@/lib/people/roles";
import { useMe } from "./members";

export interface Can { allowed: boolean; reason?: string }

/**
 * Whether the signed-in role may do something that needs `need` (lib/people/roles.ts), with the
 * sentence to show when not. The server decides in the end; this only spares people buttons that
 * would answer 403. Until the role is known, controls stay enabled rather than flicker.
 */
export function useCan(need: Role): Can {
  const role = useMe().data?.role;
  if (!role || atLeast(role, need)) return { allowed: true };
  return { allowed: false, reason: `Your role (${role}) cannot do this: ${need} or higher is needed` };
}

/**
 * Whether a read may be sent at all: only once the role is known and the server's own rule
 * (requiredRole) lets it, so a page a viewer opens asks nothing that answers 403.
 */
export function useMayRequest(method: string, pathname: string): boolean {
  const role = useMe().data?.role;
  return role !== undefined && atLeast(role, requiredRole(method, pathname));
}
