import * as React from "react";
import { controlClass } from "@/components/ui/input";
import { ROLES } from "@/lib/people/roles";
import { cn } from "@/lib/utils";

/** A native select of roles: keyboard and screen reader friendly, and it works inside a plain form. */
export function RoleSelect({ allowOwner, className, ...props }: React.ComponentProps<"select"> & { allowOwner: boolean }) {
  return (
    <select className={cn(controlClass, "h-9 pr-8", className)} {...props}>
      {ROLES.filter((r) => allowOwner || r !== "owner").map((r) => <option key={r} value={r}>{r}</option>)}
    </select>
  );
}
