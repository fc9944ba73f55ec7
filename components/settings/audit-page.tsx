"use client";

import { Download, ScrollText } from "lucide-react";
import { parseAsString, useQueryStates } from "nuqs";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDateTime, formatDateTimeFull } from "@/lib/format/date-time";
import { displayIp } from "@/lib/format/ip";
import { auditParams, useAudit } from "@/lib/people/hooks/audit";
import { AuditFilterBar } from "./audit-filters";
import { LoadMore, LoadingRows } from "@/components/ui/load-more";

const parsers = { actor: parseAsString.withDefault(""), action: parseAsString.withDefault(""), resource: parseAsString.withDefault(""), from: parseAsString.withDefault(""), to: parseAsString.withDefault("") };

/** Settings → Audit log (admin+): every change, who made it and from where; filters and CSV export. */
export function AuditPage() {
  const [f, setF] = useQueryStates(parsers, { history: "replace", throttleMs: 300 });
  const log = useAudit(f);
  const rows = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Object.values(f).some(Boolean);
  return (
    <>
      <PageHeader
        title="Audit log"
        description="One entry per change (API or console), written with the change itself. Secrets never appear here."
        actions={<Button variant="outline" asChild><a href={`/api/audit/export?${auditParams(f)}`} download><Download aria-hidden="true" /> Export CSV</a></Button>}
      />
      <AuditFilterBar f={f} set={(patch) => void setF(patch)} />
      {log.isPending ? (
        <LoadingRows label="Loading the audit log" rows={5} rowClassName="h-8" />
      ) : log.isError ? (
        <ErrorState message={log.error.message} onRetry={() => log.refetch()} retrying={log.isFetching} />
      ) : rows.length === 0 ? (
        <EmptyState icon={ScrollText} title={filtered ? "No entry matches these filters" : "Nothing recorded yet"} />
      ) : (
        <>
          <Table>
            <THead>
              <tr><Th className="hidden sm:table-cell">When</Th><Th className="hidden sm:table-cell">Actor</Th><Th>Action</Th><Th className="hidden md:table-cell">Summary</Th><Th className="hidden lg:table-cell">IP</Th></tr>
            </THead>
            <TBody>
              {rows.map((e) => (
                <Tr key={e.id}>
                  <Td className="hidden whitespace-nowrap tabular-nums text-zinc-600 sm:table-cell dark:text-zinc-400">
                    <time dateTime={e.at} title={formatDateTimeFull(e.at)}>{formatDateTime(e.at)}</time>
                  </Td>
                  <Td className="hidden max-w-[12rem] truncate sm:table-cell">{e.actor_label}</Td>
                  <Td>
                    <span className="font-mono text-xs">{e.action}</span>
                    {/* Narrow screens: one column, the entry's other facts stacked under its action. */}
                    <span className="mt-1 block wrap-anywhere md:hidden">{e.summary}</span>
                    <span className="mt-0.5 block text-xs text-zinc-600 sm:hidden dark:text-zinc-400">
                      {e.actor_label} · <time dateTime={e.at}>{formatDateTime(e.at)}</time>{e.ip ? ` · ${displayIp(e.ip)}` : ""}
                    </span>
                  </Td>
                  <Td className="hidden max-w-[28rem] truncate md:table-cell">{e.summary}</Td>
                  <Td className="hidden text-zinc-600 lg:table-cell dark:text-zinc-400">{displayIp(e.ip)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <LoadMore query={log} />
        </>
      )}
    </>
  );
}
