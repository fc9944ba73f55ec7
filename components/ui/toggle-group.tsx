"use client";

import * as React from "react";
import { ToggleGroup as ToggleGroupPrimitive } from "radix-ui";
import { cn, focusRing } from "@/lib/utils";

// A segmented switch between views of the same content (e.g. rank by calls or by cost): a group of
// pressed/unpressed buttons, not tabs, because there are no separate panels to point at.

export function ToggleGroup({ className, ...props }: React.ComponentProps<typeof ToggleGroupPrimitive.Root>) {
  return (
    <ToggleGroupPrimitive.Root
      className={cn("inline-flex h-9 max-w-full items-center gap-1 rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800/70", className)}
      {...props}
    />
  );
}

export function ToggleGroupItem({ className, ...props }: React.ComponentProps<typeof ToggleGroupPrimitive.Item>) {
  return (
    <ToggleGroupPrimitive.Item
      className={cn(
        "inline-flex h-7 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-zinc-600",
        "transition-colors hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-50",
        "data-[state=on]:bg-white data-[state=on]:text-zinc-900 data-[state=on]:shadow-xs",
        "dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=on]:bg-zinc-950 dark:data-[state=on]:text-zinc-100",
        focusRing,
        className,
      )}
      {...props}
    />
  );
}
