import { createColumnHelper } from "@tanstack/react-table";
import { StatusBadge } from "@/components/ui/badge";
import { formatDateTime, formatDuration, formatUsdPrecise } from "@/lib/calls/format";
import type { CallRecord } from "@/lib/calls/hooks";
import { Direction } from "./direction";

const col = createColumnHelper<CallRecord>();
const dash = <span className="text-zinc-400 dark:text-zinc-600">—</span>;

/** Column `meta.align` right-aligns numbers so their digits line up. */
export const callColumns = [
  col.accessor("created_at", {
    header: "Time",
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
  }),
  col.accessor("name", {
    header: "Agent",
    cell: (c) => <span className="block max-w-36 truncate" title={c.row.original.agent_id}>{c.getValue() || c.row.original.agent_id}</span>,
  }),
  col.accessor("from_number", { header: "From", cell: (c) => c.getValue() || dash }),
  col.accessor("to_number", { header: "To", cell: (c) => c.getValue() || dash }),
  col.accessor("call_type", { header: "Direction", cell: (c) => <Direction type={c.getValue()} /> }),
  col.accessor("status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} /> }),
  col.accessor("duration", { header: "Duration", cell: (c) => formatDuration(c.getValue()), meta: { align: "right" } }),
  col.accessor("cost", { header: "Cost", cell: (c) => formatUsdPrecise(c.getValue()), meta: { align: "right" } }),
];

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    align?: "right";
  }
}
