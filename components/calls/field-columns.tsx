"use client";

import { Columns3 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { PlanFieldLike } from "@/lib/calls/field-params";

export type FieldColumnsProps = {
  /** The chosen agent's plan fields. */
  fields: readonly PlanFieldLike[];
  /** Those shown as columns. */
  shown: readonly PlanFieldLike[];
  /** The names to show now, in plan order; `added` is the one just chosen (the table scrolls to it). */
  onChange: (names: string[], added: string | null) => void;
};

/**
 * "Field columns": which of the agent's plan fields the table shows. The menu stays open while fields
 * are ticked (arrow keys and Space/Enter), and each field chosen is scrolled into view in the table.
 */
export function FieldColumns({ fields, shown, onChange }: FieldColumnsProps) {
  const on = new Set(shown.map((f) => f.name));
  const set = (name: string, show: boolean) => {
    const next = fields.filter((f) => (f.name === name ? show : on.has(f.name))).map((f) => f.name);
    onChange(next, show ? name : null);
  };
  return (
    // Not modal: the table stays in view (and in the accessibility tree) while fields are ticked.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden="true" />
          Field columns
          <span className="text-zinc-500 tabular-nums dark:text-zinc-400">{on.size} of {fields.length}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel>The plan&apos;s fields shown as columns</DropdownMenuLabel>
        {fields.map((f) => (
          <DropdownMenuCheckboxItem key={f.name} checked={on.has(f.name)} onSelect={(e) => e.preventDefault()}
            onCheckedChange={(checked) => set(f.name, checked === true)}>
            <span className="font-mono text-[13px]">{f.name}</span>
          </DropdownMenuCheckboxItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={on.size === fields.length} onSelect={() => onChange(fields.map((f) => f.name), null)}>Show all</DropdownMenuItem>
        <DropdownMenuItem disabled={on.size === 0} onSelect={() => onChange([], null)}>Hide all</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
