import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * Plain table elements with the console's look. The wrapper scrolls sideways so a wide table
 * never breaks the page at 390 px; numbers use tabular figures so columns line up.
 */
export function Table({ className, wrapperClassName, ...props }: React.ComponentProps<"table"> & { wrapperClassName?: string }) {
  return (
    <div
      className={cn(
        "w-full overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900",
        wrapperClassName,
      )}
    >
      <table className={cn("w-full caption-bottom border-collapse text-sm tabular-nums", className)} {...props} />
    </div>
  );
}

export function THead({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      className={cn(
        "border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-800 dark:bg-zinc-900/80",
        className,
      )}
      {...props}
    />
  );
}

export function TBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("divide-y divide-zinc-100 dark:divide-zinc-800/80", className)} {...props} />;
}

export function Tr({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      className={cn(
        "transition-colors hover:bg-zinc-50 data-[state=selected]:bg-indigo-50/60",
        "dark:hover:bg-zinc-800/40 dark:data-[state=selected]:bg-indigo-500/10",
        className,
      )}
      {...props}
    />
  );
}

export function Th({ className, scope = "col", ...props }: React.ComponentProps<"th">) {
  return (
    <th
      scope={scope}
      className={cn(
        "h-9 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-zinc-500 dark:text-zinc-400",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: React.ComponentProps<"td">) {
  return (
    <td
      className={cn("px-3 py-2.5 align-middle whitespace-nowrap text-zinc-800 dark:text-zinc-200", className)}
      {...props}
    />
  );
}
