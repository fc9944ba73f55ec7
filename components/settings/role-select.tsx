"use client";

import * as React from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { isRole, ROLES, type Role } from "@/lib/people/roles";

export type RoleSelectProps = Omit<React.ComponentProps<typeof SelectTrigger>, "value" | "onChange" | "defaultValue"> & {
  allowOwner: boolean;
  value: string;
  onValueChange: (role: Role) => void;
  /** Set inside a form: the choice is also posted as this field (a hidden native select). */
  name?: string;
};

/** The console's select (the same picker as everywhere else) over the roles; "owner" only when allowed. */
export function RoleSelect({ allowOwner, value, onValueChange, name, disabled, className, ...trigger }: RoleSelectProps) {
  return (
    <Select value={value} onValueChange={(v) => isRole(v) && onValueChange(v)} name={name} disabled={disabled}>
      <SelectTrigger className={className} {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ROLES.filter((r) => allowOwner || r !== "owner" || r === value).map((r) => <SelectItem key={r} value={r}>{r}</SelectItem>)}
      </SelectContent>
    </Select>
  );
}
