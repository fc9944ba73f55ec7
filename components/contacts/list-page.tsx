"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { parseAsString, useQueryState } from "nuqs";
import { ChevronLeft, SearchX, Upload, Users } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ContactsSearch } from "@/components/contacts/contacts-search";
import { ContactsTable } from "@/components/contacts/contacts-table";
import { listCountry, formatDate, plural } from "@/components/contacts/format";
import { ListActionsMenu } from "@/components/contacts/list-actions-menu";
import { useContactList } from "@/lib/contacts/hooks";
import { ApiError } from "@/lib/http/fetch-json";
import { useCan } from "@/lib/people/hooks/use-can";
import { cn, focusRing } from "@/lib/utils";

// The uploader (papaparse, libphonenumber-js metadata, the worker) loads only when it is opened.
const ContactUploader = dynamic(() => import("@/components/contacts/contact-uploader").then((m) => m.ContactUploader), {
  ssr: false,
  loading: () => <Skeleton className="mb-6 h-64 w-full" />,
});

export function ContactListPage({ listId }: { listId: string }) {
  const router = useRouter();
  const [q, setQ] = useQueryState("q", parseAsString.withDefault(""));
  const query = useContactList(listId, q);
  const [uploading, setUploading] = React.useState(false);
  const can = useCan("editor");
  const list = query.data?.pages[0];
  const contacts = React.useMemo(() => query.data?.pages.flatMap((p) => p.contacts) ?? [], [query.data]);

  const back = (
    <Link href="/contacts" className={cn("mb-2 inline-flex items-center gap-1 rounded-sm text-sm text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100", focusRing)}>
      <ChevronLeft aria-hidden="true" className="size-4" /> Contacts
    </Link>
  );

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading list">
        {back}
        <Skeleton className="mb-2 h-8 w-64" />
        <Skeleton className="mb-6 h-4 w-80 max-w-full" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (query.isError && !list) {
    const gone = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        {back}
        {gone ? (
          <EmptyState icon={SearchX} title="List not found" text="It may have been deleted, or the link is wrong." action={<Button asChild variant="outline"><Link href="/contacts">All lists</Link></Button>} />
        ) : (
          <ErrorState message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />
        )}
      </>
    );
  }
  if (!list) return null;

  return (
    <>
      {back}
      <PageHeader
        title={<span className="break-words">{list.name}</span>}
        description={`${plural(list.contact_count, "contact")} · Default country: ${listCountry(list.default_country)} · Created ${formatDate(list.created_at)}`}
        actions={
          <>
            <Button onClick={() => setUploading(true)} disabled={uploading || !can.allowed} title={can.reason}>
              <Upload aria-hidden="true" /> Upload contacts
            </Button>
            <ListActionsMenu list={list} variant="outline" onDeleted={() => router.push("/contacts")} />
          </>
        }
      />
      {uploading && <ContactUploader list={list} onClose={() => setUploading(false)} />}

      {list.contact_count === 0 && !q ? (
        !uploading && (
          <EmptyState
            icon={Users}
            title="No contacts in this list"
            text="Upload a CSV with a phone number column, or paste numbers."
            action={<Button onClick={() => setUploading(true)} disabled={!can.allowed} title={can.reason}><Upload aria-hidden="true" /> Upload contacts</Button>}
          />
        )
      ) : (
        <section aria-label="Contacts" className="space-y-3">
          <ContactsSearch value={q} onChange={(v) => setQ(v || null)} busy={query.isFetching && !query.isFetchingNextPage} />
          {query.isError && <ErrorState message={query.error.message} onRetry={() => query.refetch()} retrying={query.isFetching} />}
          {contacts.length === 0 ? (
            <EmptyState icon={SearchX} title="No contacts match" text={`Nothing in this list matches "${q}".`} action={<Button variant="outline" onClick={() => setQ(null)}>Clear search</Button>} />
          ) : (
            <ContactsTable listId={listId} contacts={contacts} />
          )}
          {query.hasNextPage && (
            <div className="flex justify-center pt-1">
              <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? "Loading…" : "Load more"}
              </Button>
            </div>
          )}
        </section>
      )}
    </>
  );
}
