"use client";

import * as React from "react";
import { Switch as SwitchPrimitive } from "radix-ui";
import { cn, focusRing } from "@/lib/utils";

/** An on/off toggle (role="switch"); give it an aria-label or a <Label htmlFor>. */
export function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        "peer inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent transition-colors",
        "bg-zinc-300 data-[state=checked]:bg-indigo-600 disabled:cursor-not-allowed disabled:opacity-50",
        "dark:bg-zinc-700 dark:data-[state=checked]:bg-indigo-500",
        focusRing,
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          "pointer-events-none block size-4 rounded-full bg-white shadow-sm ring-0 transition-transform",
          "translate-x-0.5 data-[state=checked]:translate-x-4",
        )}
      />
    </SwitchPrimitive.Root>
  );
}
