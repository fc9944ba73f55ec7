import { createColumnHelper } from "@tanstack/react-table";
import { StatusBadge } from "@/components/ui/badge";
import { formatDateTime, formatDuration } from "@/lib/calls/format";
import type { CallRecord } from "@/lib/calls/hooks";
import type { PlanFieldLike } from "@/lib/calls/field-params";
import { CallCost } from "./call-cost";
import { Direction } from "./direction";
import { FieldValue, SentimentBadge, SuccessMark } from "./outcome-marks";

const col = createColumnHelper<CallRecord>();
const dash = <span className="text-zinc-400 dark:text-zinc-600">—</span>;

/** Column `meta.align` right-aligns numbers so their digits line up. */
const baseColumns = [
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
  col.accessor((c) => c.agent_version ?? null, {
    id: "agent_version", header: "Version",
    cell: (c) => c.getValue() === null ? dash : <span className="tabular-nums">v{c.getValue()}</span>,
  }),
  col.accessor("status", { header: "Status", cell: (c) => <StatusBadge status={c.getValue()} /> }),
  col.accessor("duration", { header: "Duration", cell: (c) => formatDuration(c.getValue()), meta: { align: "right" } }),
  col.accessor("cost", { header: "Cost", cell: (c) => <CallCost call={c.row.original} />, meta: { align: "right" } }),
  // What the call achieved.
  col.accessor((c) => c.outcome?.success ?? null, { id: "success", header: "Success", cell: (c) => <SuccessMark outcome={c.row.original.outcome} /> }),
  col.accessor((c) => c.outcome?.sentiment ?? null, { id: "sentiment", header: "Sentiment", cell: (c) => <SentimentBadge sentiment={c.getValue()} /> }),
  col.accessor((c) => c.outcome?.disposition ?? null, {
    id: "disposition", header: "Disposition",
    cell: (c) => c.getValue() ? <span className="block max-w-36 truncate" title={c.getValue()!}>{c.getValue()}</span> : dash,
  }),
];

/** A plan field's column id (also its header's data-column). */
export const fieldColumnId = (name: string) => `field:${name}`;

/** The call log's columns; with an agent chosen, one more per field of its analysis plan it shows. */
export function callColumns(fields: readonly PlanFieldLike[] = []) {
  if (fields.length === 0) return baseColumns;
  return [
    ...baseColumns,
    ...fields.map((f) => col.accessor((c) => c.outcome?.fields?.[f.name] ?? null, {
      id: fieldColumnId(f.name),
      header: () => <span className="font-mono text-[12px] normal-case">{f.name}</span>,
      cell: (c) => <FieldValue value={c.getValue()} />,
      meta: f.type === "number" ? { align: "right" as const } : undefined,
    })),
  ];
}

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    align?: "right";
  }
}
