"use client";

import * as React from "react";
import { Progress as ProgressPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";

export type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "value" | "max"> & {
  /** Done so far; `null` means indeterminate (still working, amount unknown). */
  value: number | null;
  max?: number;
  /** Accessible name, e.g. "Upload progress". Required: a bare progressbar means nothing to a screen reader. */
  label: string;
};

/** role="progressbar" with aria-valuenow/valuemax/valuetext, from Radix. */
export function Progress({ value, max = 100, label, className, ...props }: ProgressProps) {
  const clamped = value === null ? null : Math.min(Math.max(value, 0), max);
  const percent = clamped === null ? 0 : max > 0 ? (clamped / max) * 100 : 0;
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={max}
      aria-label={label}
      getValueLabel={(v, m) => `${Math.round((v / m) * 100)}%`}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn(
          "h-full rounded-full bg-indigo-600 transition-[width] duration-300 dark:bg-indigo-500",
          clamped === null && "w-1/3 motion-safe:animate-pulse",
        )}
        style={clamped === null ? undefined : { width: `${percent}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
