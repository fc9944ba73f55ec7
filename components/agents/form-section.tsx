import * as React from "react";
import { cn } from "@/lib/utils";

/** A titled card of the builder; `id` makes it a jump target, `actions` sit in the header. */
export function FormSection({ id, title, description, actions, children, className }: {
  id?: string;
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, "-")}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("scroll-mt-20 rounded-lg border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900", className)}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
          {description && <p className="mt-0.5 text-[13px] text-zinc-500 dark:text-zinc-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}

/** A labelled group inside a section (role="group", so screen readers announce it); `action` sits beside the title. */
export function FieldGroup({ legend, action, children, className }: {
  legend: string;
  action?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const id = React.useId();
  return (
    <div role="group" aria-labelledby={id} className={cn("min-w-0", className)}>
      <div className="mb-3 flex min-h-6 items-center justify-between gap-2">
        <span id={id} className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{legend}</span>
        {action}
      </div>
      {children}
    </div>
  );
}
