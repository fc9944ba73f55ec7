"use client";

import * as React from "react";
import { AlertTriangle, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export type ErrorStateProps = {
  /** What went wrong, in words the operator can act on. */
  message: string;
  title?: string;
  /** Called by the "Retry" button, typically a react-query `refetch`. Omit to hide the button. */
  onRetry?: () => void;
  /** Disables the button while a retry is in flight. */
  retrying?: boolean;
  className?: string;
};

export function ErrorState({ message, title = "Something went wrong", onRetry, retrying = false, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col items-center justify-center rounded-lg border border-red-200 bg-red-50/50 px-6 py-10 text-center",
        "dark:border-red-500/20 dark:bg-red-500/5",
        className,
      )}
    >
      <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-500/15 dark:text-red-400">
        <AlertTriangle aria-hidden="true" className="size-5" />
      </div>
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
      <p className="mt-1 max-w-md text-sm break-words text-zinc-600 dark:text-zinc-400">{message}</p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-4" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" className={cn(retrying && "motion-safe:animate-spin")} />
          Retry
        </Button>
      )}
    </div>
  );
}
