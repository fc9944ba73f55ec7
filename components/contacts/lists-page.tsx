"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { Contact, Plus } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { listCountry, formatCount, formatDate } from "@/components/contacts/format";
import { ListActionsMenu } from "@/components/contacts/list-actions-menu";
import { useContactLists } from "@/lib/contacts/hooks";
import { focusRing, cn } from "@/lib/utils";
import { useCan } from "@/lib/people/hooks/use-can";
import { LoadMore } from "@/components/ui/load-more";

// The dialog brings the zod schema and libphonenumber-js's country data: load it when first opened.
const NewListDialog = dynamic(() => import("@/components/contacts/new-list-dialog").then((m) => m.NewListDialog), { ssr: false });

export function ContactListsPage() {
  const lists = useContactLists();
  const [newOpen, setNewOpen] = React.useState(false);
  const [mounted, setMounted] = React.useState(false);
  const openNew = () => {
    setMounted(true);
    setNewOpen(true);
  };
  const rows = lists.data?.pages.flatMap((p) => p.lists) ?? [];
  const can = useCan("editor");
  const newButton = (
    <Button onClick={openNew} disabled={!can.allowed} title={can.reason}>
      <Plus aria-hidden="true" /> New list
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Contacts"
        description="Lists of numbers to call, each with template variables for the agent's prompt."
        actions={rows.length > 0 ? newButton : undefined}
      />
      {lists.isPending ? (
        <ListsSkeleton />
      ) : lists.isError ? (
        <ErrorState message={lists.error.message} onRetry={() => lists.refetch()} retrying={lists.isFetching} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Contact}
          title="No contact lists yet"
          text="Create a list, then upload a CSV or paste numbers into it."
          action={newButton}
        />
      ) : (
        <>
          <Table>
            <THead>
              <tr>
                <Th>Name</Th>
                <Th className="text-right">Contacts</Th>
                <Th className="hidden sm:table-cell">Default country</Th>
                <Th className="hidden md:table-cell">Created</Th>
                <Th className="w-10">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {rows.map((list) => (
                <Tr key={list.list_id}>
                  <Td className="max-w-[16rem] truncate font-medium">
                    <Link href={`/contacts/${list.list_id}`} className={cn("rounded-sm hover:text-indigo-600 dark:hover:text-indigo-400", focusRing)}>
                      {list.name}
                    </Link>
                  </Td>
                  <Td className="text-right">{formatCount(list.contact_count)}</Td>
                  <Td className="hidden text-zinc-600 sm:table-cell dark:text-zinc-400">{listCountry(list.default_country)}</Td>
                  <Td className="hidden text-zinc-600 md:table-cell dark:text-zinc-400">{formatDate(list.created_at)}</Td>
                  <Td className="py-1 text-right">
                    <ListActionsMenu list={list} />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          <LoadMore query={lists} />
        </>
      )}
      {mounted && <NewListDialog open={newOpen} onOpenChange={setNewOpen} />}
    </>
  );
}

function ListsSkeleton() {
  return (
    <div role="status" className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800" aria-busy="true" aria-label="Loading lists">
      <div className="h-9 border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-800 dark:bg-zinc-900/80" />
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-zinc-100 px-3 py-3 last:border-0 dark:border-zinc-800/80">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="ml-auto h-4 w-12" />
          <Skeleton className="hidden h-4 w-28 sm:block" />
          <Skeleton className="hidden h-4 w-24 md:block" />
        </div>
      ))}
    </div>
  );
}
