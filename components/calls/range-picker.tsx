"use client";

import * as React from "react";
import { CalendarDays } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { addDays, PRESET_LABELS, RANGE_PRESETS, rangeProblem, utcToday, type RangePreset, type ResolvedRange } from "@/lib/calls/date-range";
import { formatDay } from "@/lib/calls/format";
import { cn } from "@/lib/utils";

export type RangePickerProps = {
  value: ResolvedRange;
  /** Offer "All" (the call log); the dashboard always has a bounded range. */
  allowAll?: boolean;
  onPreset: (preset: RangePreset | null) => void;
  onCustom: (from: string, to: string) => void;
  className?: string;
};

const segment = (active: boolean) =>
  cn(
    "h-7 rounded-[5px] px-2.5 text-[13px] font-medium transition-colors",
    active
      ? "bg-white text-zinc-900 shadow-xs ring-1 ring-zinc-200 dark:bg-zinc-950 dark:text-zinc-50 dark:ring-zinc-700"
      : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100",
  );

/** 7 / 30 / 90 days (and "All"), or a custom from–to in a popover. Days are UTC, like the API's. */
export function RangePicker({ value, allowAll = false, onPreset, onCustom, className }: RangePickerProps) {
  const custom = value.kind === "custom";
  const customLabel = custom ? `${value.from ? formatDay(value.from) : "…"} – ${value.to ? formatDay(value.to) : "today"}` : "Custom";
  return (
    <div role="group" aria-label="Date range" className={cn("inline-flex h-9 items-center gap-0.5 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800/70", className)}>
      {RANGE_PRESETS.map((p) => (
        <Button key={p} variant="ghost" className={segment(value.kind === p)} aria-pressed={value.kind === p} onClick={() => onPreset(p)}
          title={`Last ${PRESET_LABELS[p]}`}>
          {p}
        </Button>
      ))}
      {allowAll && (
        <Button variant="ghost" className={segment(value.kind === "all")} aria-pressed={value.kind === "all"} onClick={() => onPreset(null)} aria-label="All time">
          All
        </Button>
      )}
      <CustomRange value={value} onApply={onCustom}>
        <Button variant="ghost" className={cn(segment(custom), "gap-1.5")} aria-pressed={custom} aria-label={custom ? `Custom range ${customLabel}` : "Custom range"}>
          <CalendarDays aria-hidden="true" className="size-3.5!" />
          <span className="max-w-40 truncate">{customLabel}</span>
        </Button>
      </CustomRange>
    </div>
  );
}

function CustomRange({ value, onApply, children }: { value: ResolvedRange; onApply: (from: string, to: string) => void; children: React.ReactElement }) {
  const [open, setOpen] = React.useState(false);
  const today = utcToday();
  const [from, setFrom] = React.useState("");
  const [to, setTo] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();

  function onOpenChange(next: boolean) {
    if (next) {
      // Start from what is shown, so "Custom" refines the current view instead of starting blank.
      setFrom(value.from ?? addDays(today, -29));
      setTo(value.to ?? today);
      setError(undefined);
    }
    setOpen(next);
  }

  function apply(e: React.FormEvent) {
    e.preventDefault();
    const problem = rangeProblem(from, to);
    if (problem) return setError(problem);
    onApply(from, to);
    setOpen(false);
  }

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent align="end" className="w-80" aria-label="Custom range">
        <form onSubmit={apply} className="flex flex-col gap-3" noValidate>
          <div className="grid grid-cols-2 gap-3">
            <Field label="From">
              <Input type="date" value={from} max={to || today} onChange={(e) => setFrom(e.target.value)} />
            </Field>
            <Field label="To">
              <Input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
            </Field>
          </div>
          {error && <p role="alert" className="text-[13px] text-red-600 dark:text-red-400">{error}</p>}
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Both days included; days are UTC, as in the API.</p>
          <Button type="submit" size="sm" className="self-end">Apply</Button>
        </form>
      </PopoverContent>
    </Popover>
  );
}
