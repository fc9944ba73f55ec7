import * as React from "react";
import { cn } from "@/lib/utils";

/** Shared by input, textarea and the select trigger so every control looks the same. */
export const controlClass = cn(
  "w-full min-w-0 rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-xs",
  "placeholder:text-zinc-500 disabled:cursor-not-allowed disabled:opacity-50",
  "outline-none focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-solid focus-visible:-outline-offset-1 focus-visible:outline-indigo-500",
  "aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus-visible:outline-red-500",
  "dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400",
  "dark:focus-visible:border-indigo-400 dark:focus-visible:outline-indigo-400 dark:aria-[invalid=true]:border-red-500",
);

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        controlClass,
        "h-9 py-1 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium",
        className,
      )}
      {...props}
    />
  );
}
