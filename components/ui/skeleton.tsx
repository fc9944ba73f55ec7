import * as React from "react";
import { cn } from "@/lib/utils";

/** A placeholder block; give it the size of what it stands in for so the layout doesn't jump. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      className={cn("rounded-md bg-zinc-200/70 motion-safe:animate-pulse dark:bg-zinc-800", className)}
      {...props}
    />
  );
}
