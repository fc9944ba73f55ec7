"use client";

import * as React from "react";
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

export interface FilterOption { value: string; label: string; swatch?: string }

// Radix Select cannot hold an empty value, so "no filter" travels as this sentinel.
const ANY = "__any__";

export type FilterSelectProps = {
  /** Accessible name, e.g. "Agent". */
  label: string;
  /** Text of the "no filter" entry, e.g. "All agents". */
  anyLabel: string;
  value: string | null;
  options: FilterOption[];
  onChange: (value: string | null) => void;
  className?: string;
  /** Show the chosen value with its field's name ("insurance: Yes"): for a plan's fields, whose values alone say nothing. */
  named?: boolean;
};

/** A filter dropdown; a value from the URL that is not among the options still shows as itself. */
export function FilterSelect({ label, anyLabel, value, options, onChange, className, named }: FilterSelectProps) {
  const all = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
  const chosen = named && value ? `${label}: ${all.find((o) => o.value === value)?.label ?? value}` : undefined;
  return (
    <Select value={value ?? ANY} onValueChange={(v) => onChange(v === ANY ? null : v)}>
      <SelectTrigger aria-label={label} className={cn("w-full sm:w-44", value && "border-indigo-300 dark:border-indigo-500/50", className)}>
        <SelectValue placeholder={anyLabel}>{chosen}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ANY}>{anyLabel}</SelectItem>
        {all.length > 0 && <SelectSeparator />}
        {all.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            <span className="flex items-center gap-2">
              {o.swatch && <span aria-hidden="true" className={cn("size-2 shrink-0 rounded-full", o.swatch)} />}
              <span className="truncate">{o.label}</span>
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
