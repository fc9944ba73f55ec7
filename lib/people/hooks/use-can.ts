"use client";

import { atLeast, type Role } from "@/lib/people/roles";
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
