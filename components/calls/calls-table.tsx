"use client";

import * as React from "react";
import { flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { PlanFieldLike } from "@/lib/calls/field-params";
import type { CallRecord } from "@/lib/calls/hooks";
import { cn } from "@/lib/utils";
import { callColumns, fieldColumnId } from "./call-columns";

// Eleven columns (more with an agent's plan fields) beside the sidebar: slightly tighter than the
// default cell padding; the table scrolls sideways when they do not fit.
const cellPad = "px-2.5 first:pl-3.5 last:pr-3.5";

export type CallsTableProps = {
  calls: CallRecord[];
  /** The call open in the sheet, highlighted. */
  selected: string | null;
  onOpen: (sid: string) => void;
  /** The chosen agent's plan fields to show, each as a column. */
  planFields?: readonly PlanFieldLike[];
  /** A plan field just chosen: its column is scrolled into view (a new object each time, so choosing it again scrolls again). */
  reveal?: { field: string } | null;
};

/** The call log table (TanStack Table for the column model; rows open with a click or Enter). */
export function CallsTable({ calls, selected, onOpen, planFields, reveal }: CallsTableProps) {
  const columns = React.useMemo(() => callColumns(planFields), [planFields]);
  const ref = React.useRef<HTMLTableElement>(null);
  // After the render that added the column: the table scrolls sideways (its wrapper) to show it, in
  // the middle where it can (the column menu stays open over the table's left part).
  React.useEffect(() => {
    if (!reveal) return;
    const th = ref.current?.querySelector(`th[data-column="${CSS.escape(fieldColumnId(reveal.field))}"]`);
    th?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [reveal]);
  // The React Compiler is not enabled here, and the table object is only read during this render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: calls, columns, getCoreRowModel: getCoreRowModel(), getRowId: (c) => c.call_sid });
  return (
    <Table aria-label="Calls" ref={ref}>
      <THead>
        {table.getHeaderGroups().map((g) => (
          <tr key={g.id}>
            {g.headers.map((h) => (
              <Th key={h.id} data-column={h.column.id} className={cn(cellPad, h.column.columnDef.meta?.align === "right" && "text-right")}>
                {flexRender(h.column.columnDef.header, h.getContext())}
              </Th>
            ))}
          </tr>
        ))}
      </THead>
      <TBody>
        {table.getRowModel().rows.map((row) => (
          <Tr
            key={row.id}
            tabIndex={0}
            data-state={row.id === selected ? "selected" : undefined}
            data-call-sid={row.id}
            aria-label={`Open call ${row.id}`}
            className="cursor-pointer focus-visible:bg-indigo-50/70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 dark:focus-visible:bg-indigo-500/10"
            onClick={() => onOpen(row.id)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                onOpen(row.id);
              }
            }}
          >
            {row.getVisibleCells().map((cell) => (
              <Td key={cell.id} className={cn(cellPad, cell.column.columnDef.meta?.align === "right" && "text-right")}>
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Td>
            ))}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

export function CallsTableSkeleton() {
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800" aria-hidden="true">
      <div className="h-9 border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-800 dark:bg-zinc-900/80" />
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-zinc-100 px-3 py-3 last:border-0 dark:border-zinc-800/80">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="hidden h-4 w-28 sm:block" />
          <Skeleton className="hidden h-4 w-28 md:block" />
          <Skeleton className="h-5 w-20 rounded-md" />
          <Skeleton className="ml-auto h-4 w-12" />
        </div>
      ))}
    </div>
  );
}
