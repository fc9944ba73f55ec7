"use client";

import * as React from "react";
import { Tabs as TabsPrimitive } from "radix-ui";
import { cn, focusRing } from "@/lib/utils";

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        "inline-flex h-9 max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800/70",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex h-7 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap text-zinc-600",
        "transition-colors hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-50",
        "data-[state=active]:bg-white data-[state=active]:text-zinc-900 data-[state=active]:shadow-xs",
        "dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=active]:bg-zinc-950 dark:data-[state=active]:text-zinc-100",
        "[&_svg]:size-4",
        focusRing,
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn("mt-4 rounded-md", focusRing, className)} {...props} />;
}
