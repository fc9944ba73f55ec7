"use client";

import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

/** What "Load more" needs from a react-query infinite query. */
export interface Pager { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }

/** The next keyset page under a table; nothing when there is none. */
export function LoadMore({ query }: { query: Pager }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? "Loading…" : "Load more"}
      </Button>
    </div>
  );
}

/** A loading region of skeleton rows, announced by its label. */
export function LoadingRows({ label, rows = 3, rowClassName = "h-9" }: { label: string; rows?: number; rowClassName?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="space-y-2">
      {Array.from({ length: rows }, (_, i) => <Skeleton key={i} className={`${rowClassName} w-full`} />)}
    </div>
  );
}
