"use client";

import * as React from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatCount } from "@/components/contacts/format";
import type { VariableColumn } from "@/lib/contacts/row-check";
import { cn } from "@/lib/utils";
import type { CheckCounts, PreviewFilter, PreviewPage } from "@/lib/contacts/csv-protocol";
import type { CsvWorker } from "./use-csv-worker";

const PAGE_SIZE = 50;

export type UploadPreviewProps = {
  worker: CsvWorker;
  counts: CheckCounts;
  /** Changes whenever the worker re-checked, so the shown page is fetched again. */
  version: number;
  phoneIndex: number;
  vars: VariableColumn[];
  rowOffset: number;
};

const STATUS_ROW: Record<string, string> = {
  invalid: "bg-red-50/60 hover:bg-red-50 dark:bg-red-500/5 dark:hover:bg-red-500/10",
  duplicate: "bg-amber-50/60 hover:bg-amber-50 dark:bg-amber-500/5 dark:hover:bg-amber-500/10",
};

/** Step 3: every row as the server will see it, a page at a time, filterable by outcome. */
export function UploadPreview({ worker, counts, version, phoneIndex, vars, rowOffset }: UploadPreviewProps) {
  const [filter, setFilter] = React.useState<PreviewFilter>("all");
  const [pageNo, setPageNo] = React.useState(0);
  const [page, setPage] = React.useState<PreviewPage | null>(null);
  const [error, setError] = React.useState<string | null>(null);

  React.useEffect(() => {
    let live = true;
    worker.request({ type: "page", filter, offset: pageNo * PAGE_SIZE, limit: PAGE_SIZE }).then(
      (p) => {
        if (!live) return;
        // A re-check can shrink a filtered view below the page shown: go back to its last page.
        if (p.rows.length === 0 && pageNo > 0) setPageNo(Math.max(0, Math.ceil(p.total / PAGE_SIZE) - 1));
        else setPage(p);
        setError(null);
      },
      (err: Error) => live && err.message !== "cancelled" && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [worker, filter, pageNo, version]);

  const tabs: { value: PreviewFilter; label: string; count: number }[] = [
    { value: "all", label: "All", count: counts.total },
    { value: "valid", label: "Valid", count: counts.valid },
    { value: "invalid", label: "Invalid", count: counts.invalid },
    { value: "duplicate", label: "Duplicates", count: counts.duplicates },
  ];
  const total = page?.total ?? 0;
  const first = pageNo * PAGE_SIZE;

  return (
    <div className="space-y-3">
      <Tabs value={filter} onValueChange={(v) => { setFilter(v as PreviewFilter); setPageNo(0); }}>
        <TabsList aria-label="Show rows" className="h-auto flex-wrap">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value} data-count={t.count}>
              {t.label}
              <span className={cn("rounded px-1.5 text-xs tabular-nums",
                t.value === "invalid" && t.count > 0 ? "bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300"
                  : t.value === "duplicate" && t.count > 0 ? "bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300"
                    : "bg-zinc-200/70 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200")}>
                {formatCount(t.count)}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error}</p>}
      <Table aria-label="Upload preview" wrapperClassName="max-h-[28rem] overflow-y-auto">
        <THead className="sticky top-0 z-10 bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <Th className="w-14 text-right">Row</Th>
            <Th>Status</Th>
            <Th>Phone number</Th>
            <Th>Reads as</Th>
            {vars.map((v) => <Th key={v.index} className="font-mono text-[11px]">{v.key}</Th>)}
          </tr>
        </THead>
        <TBody>
          {page?.rows.map((r) => (
            <Tr key={r.index} data-status={r.status} className={STATUS_ROW[r.status]}>
              <Td className="text-right text-zinc-500 dark:text-zinc-400">{r.index + rowOffset}</Td>
              <Td>
                <Badge variant={r.status === "valid" ? "success" : r.status === "invalid" ? "destructive" : "warning"}>
                  {r.status === "valid" ? "Valid" : r.status === "invalid" ? "Invalid" : "Duplicate"}
                </Badge>
              </Td>
              <Td className="max-w-[14rem] truncate font-medium" title={r.cells[phoneIndex]}>{r.cells[phoneIndex] || <em className="text-zinc-400">empty</em>}</Td>
              <Td className={cn("max-w-[22rem] truncate", r.status === "invalid" ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400")}
                title={r.reason ?? undefined}>
                {r.status === "invalid" ? r.reason : r.status === "duplicate" ? `${r.e164} · same as row ${(r.duplicateOf ?? 0) + rowOffset}` : r.e164}
              </Td>
              {vars.map((v) => <Td key={v.index} className="max-w-[12rem] truncate" title={r.cells[v.index]}>{r.cells[v.index] ?? ""}</Td>)}
            </Tr>
          ))}
          {page && page.rows.length === 0 && (
            <tr><Td colSpan={4 + vars.length} className="py-8 text-center text-zinc-500">No rows here.</Td></tr>
          )}
        </TBody>
      </Table>
      {total > PAGE_SIZE && (
        <div className="flex items-center justify-between gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <span className="tabular-nums">
            Rows {formatCount(first + 1)}–{formatCount(Math.min(total, first + PAGE_SIZE))} of {formatCount(total)}
          </span>
          <div className="flex gap-1">
            <Button variant="outline" size="sm" onClick={() => setPageNo((p) => p - 1)} disabled={pageNo === 0} aria-label="Previous page">
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" onClick={() => setPageNo((p) => p + 1)} disabled={first + PAGE_SIZE >= total} aria-label="Next page">
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
