import * as React from "react";

export interface TooltipRow { label: string; value: string; swatch?: string }

/** The one tooltip look for every chart: a title, then label/value rows with optional colour swatches. */
export function ChartTooltipBox({ title, rows, footer }: { title: string; rows: TooltipRow[]; footer?: string }) {
  return (
    <div className="min-w-40 rounded-md border border-zinc-200 bg-white px-3 py-2 text-xs shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
      <p className="mb-1.5 font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
      <ul className="space-y-1">
        {rows.map((r) => (
          <li key={r.label} className="flex items-center gap-2 text-zinc-600 dark:text-zinc-300">
            {r.swatch && <span aria-hidden="true" className="size-2 shrink-0 rounded-full" style={{ background: r.swatch }} />}
            <span className="flex-1">{r.label}</span>
            <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{r.value}</span>
          </li>
        ))}
      </ul>
      {footer && <p className="mt-1.5 border-t border-zinc-100 pt-1.5 text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">{footer}</p>}
    </div>
  );
}
