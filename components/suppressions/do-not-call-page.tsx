"use client";

import * as React from "react";
import { PhoneOff, Trash2 } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatDate } from "@/components/contacts/format";
import { AddNumbersForm } from "@/components/suppressions/add-numbers-form";
import { useDeleteSuppression, useSuppressions } from "@/lib/suppressions/hooks";
import { LoadMore, LoadingRows } from "@/components/ui/load-more";

export function DoNotCallPage() {
  const [q, setQ] = React.useState("");
  const [search, setSearch] = React.useState("");
  React.useEffect(() => {
    const t = setTimeout(() => setSearch(q.trim()), 250);
    return () => clearTimeout(t);
  }, [q]);
  const list = useSuppressions(search);
  const remove = useDeleteSuppression();
  const rows = list.data?.pages.flatMap((p) => p.suppressions) ?? [];

  return (
    <>
      <PageHeader title="Do not call" description="Numbers no campaign will ever dial. The list is checked right before each call." />
      <AddNumbersForm />
      <div className="mb-3 max-w-sm">
        <Input type="search" aria-label="Search numbers or reasons" placeholder="Search numbers or reasons" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {list.isPending ? (
        <LoadingRows label="Loading numbers" rows={4} rowClassName="h-8" />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : rows.length === 0 ? (
        <EmptyState icon={PhoneOff} title={search ? "No number matches" : "No numbers on the list"} text={search ? undefined : "Add numbers above or import a CSV."} />
      ) : (
        <>
          <Table>
            <THead>
              <tr>
                <Th>Number</Th>
                <Th className="hidden sm:table-cell">Reason</Th>
                <Th className="hidden md:table-cell">Added</Th>
                <Th className="w-10"><span className="sr-only">Actions</span></Th>
              </tr>
            </THead>
            <TBody>
              {rows.map((s) => (
                <Tr key={s.phone_number}>
                  <Td className="font-medium tabular-nums">{s.phone_number}</Td>
                  <Td className="hidden max-w-[20rem] truncate text-zinc-600 sm:table-cell dark:text-zinc-400">{s.reason ?? "—"}</Td>
                  <Td className="hidden text-zinc-600 md:table-cell dark:text-zinc-400">{formatDate(s.created_at)}</Td>
                  <Td className="py-1 text-right">
                    <Button variant="ghost" size="icon" aria-label={`Remove ${s.phone_number}`} disabled={remove.isPending} onClick={() => remove.mutate(s.phone_number)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <LoadMore query={list} />
        </>
      )}
    </>
  );
}
