import type { Can } from "@/lib/people/hooks/use-can";

/**
 * Why the controls beside it are disabled for this role, in words on the page: a hover title alone
 * reaches neither touch screens nor people who never hover.
 */
export function RoleReason({ can, className }: { can: Can; className?: string }) {
  if (can.allowed) return null;
  return <p data-testid="role-reason" className={`text-xs text-zinc-600 dark:text-zinc-400 ${className ?? ""}`}>{can.reason}</p>;
}
