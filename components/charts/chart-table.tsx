import * as React from "react";
import Link from "next/link";
import { cn, focusRing } from "@/lib/utils";

/**
 * A chart's numbers as a table, behind a disclosure: the text alternative for screen readers and
 * for anyone who wants exact figures (a chart drawn in SVG says nothing to assistive tech). With
 * `hrefs`, each row's first cell links where a click on that bar or slice goes (the keyboard's way
 * into the same filtered call log).
 */
export function ChartTable({ caption, columns, rows, hrefs }: { caption: string; columns: string[]; rows: (string | number)[][]; hrefs?: (string | null)[] }) {
  return (
    <details className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
      <summary className="cursor-pointer rounded-sm select-none hover:text-zinc-900 dark:hover:text-zinc-100">Show as a table</summary>
      <table className="mt-2 w-full border-collapse tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {columns.map((c, i) => <th key={c} scope="col" className={i === 0 ? "py-1 text-left font-medium" : "py-1 text-right font-medium"}>{c}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, k) => (
            <tr key={String(r[0])} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800/70">
              {r.map((cell, i) => i === 0
                ? <th key={i} scope="row" className="py-1 text-left font-normal">{hrefs?.[k] ? <RowLink href={hrefs[k]}>{cell}</RowLink> : cell}</th>
                : <td key={i} className="py-1 text-right text-zinc-900 dark:text-zinc-100">{cell}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function RowLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link href={href} prefetch={false} className={cn("rounded-sm text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-400 dark:hover:text-indigo-300", focusRing)}>
      {children}
    </Link>
  );
}
