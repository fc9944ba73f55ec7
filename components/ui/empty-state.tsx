import * as React from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

export type EmptyStateProps = {
  icon?: LucideIcon;
  title: string;
  text?: React.ReactNode;
  /** Usually a Button, e.g. "Register tool". */
  action?: React.ReactNode;
  className?: string;
};

export function EmptyState({ icon: Icon, title, text, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center rounded-lg border border-dashed border-zinc-300 px-6 py-12 text-center",
        "dark:border-zinc-700",
        className,
      )}
    >
      {Icon && (
        <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
          <Icon aria-hidden="true" className="size-5" />
        </div>
      )}
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
      {text && <div className="mt-1 max-w-sm text-sm text-zinc-500 dark:text-zinc-400">{text}</div>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
