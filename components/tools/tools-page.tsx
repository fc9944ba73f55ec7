"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { Plus, SearchX, Wrench } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useTools, type ToolRecord } from "@/lib/tools/hooks";
import { ToolFiltersBar } from "./tool-filters";
import { ToolTable, type ToolAction } from "./tool-table";
import { useToolFilters } from "./use-tool-filters";
import { useCan } from "@/lib/people/hooks/use-can";

// The dialogs carry the form machinery (zod schemas, ajv for JSON Schema checks): loaded apart so
// the list paints without them, and fetched right after it so they open without a wait.
const loadFormDialog = () => import("./tool-form-dialog");
const loadTestDialog = () => import("./tool-test-dialog");
const ToolFormDialog = dynamic(() => loadFormDialog().then((m) => m.ToolFormDialog), { ssr: false });
const ToolTestDialog = dynamic(() => loadTestDialog().then((m) => m.ToolTestDialog), { ssr: false });
const DeleteToolDialog = dynamic(() => import("./delete-tool-dialog").then((m) => m.DeleteToolDialog), { ssr: false });

type Open = { kind: "create" } | { kind: ToolAction; tool: ToolRecord } | null;

function ListSkeleton() {
  return (
    <div role="status" className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" aria-busy="true" aria-label="Loading tools">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-zinc-100 px-3 py-3.5 last:border-0 dark:border-zinc-800/80">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
          <Skeleton className="hidden h-5 w-52 md:block" />
          <Skeleton className="hidden h-5 w-24 md:block" />
          <Skeleton className="h-5 w-9 rounded-full" />
          <Skeleton className="h-8 w-8 sm:w-24" />
        </div>
      ))}
    </div>
  );
}

/** /tools: the registry with filters, register/edit, test and delete dialogs. */
export function ToolsPage() {
  const { filters, isFiltered, clear } = useToolFilters();
  const list = useTools(filters);
  const [open, setOpen] = React.useState<Open>(null);
  const close = () => setOpen(null);
  const tools = list.data?.pages.flatMap((p) => p.data) ?? [];

  React.useEffect(() => {
    const timer = setTimeout(() => void Promise.all([loadFormDialog(), loadTestDialog()]).catch(() => {}), 1000);
    return () => clearTimeout(timer);
  }, []);

  const can = useCan("editor");
  const register = (
    <Button onClick={() => setOpen({ kind: "create" })} disabled={!can.allowed} title={can.reason}>
      <Plus aria-hidden="true" />
      Register tool
    </Button>
  );

  let body: React.ReactNode;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError && !list.data) {
    body = <ErrorState title="Could not load tools" message={list.error.message} onRetry={() => list.refetch()} retrying={list.isRefetching} />;
  } else if (tools.length === 0) {
    body = isFiltered ? (
      <EmptyState
        icon={SearchX}
        title="No tools match these filters"
        text="Try another search, category or tag."
        action={<Button variant="outline" onClick={clear}>Clear filters</Button>}
      />
    ) : (
      <EmptyState
        icon={Wrench}
        title="No tools yet"
        text="Register an HTTP endpoint your agents can call as a function, then test it from here."
        action={register}
      />
    );
  } else {
    body = (
      <>
        <ToolTable tools={tools} onAction={(kind, tool) => setOpen({ kind, tool })} />
        <div className="mt-4 flex items-center justify-between gap-3 text-sm text-zinc-500 dark:text-zinc-400">
          <span className="tabular-nums">
            {tools.length} {tools.length === 1 ? "tool" : "tools"}
            {list.hasNextPage ? " shown" : ""}
          </span>
          {list.hasNextPage && (
            <Button variant="outline" size="sm" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          )}
        </div>
        {list.isFetchNextPageError && <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">{list.error?.message}</p>}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Tools"
        description="HTTP functions your agents can call. Register, test and switch them on or off."
        actions={register}
      />
      <ToolFiltersBar />
      {body}
      {open?.kind === "create" && <ToolFormDialog mode="create" onClose={close} />}
      {open?.kind === "edit" && <ToolFormDialog mode="edit" tool={open.tool} onClose={close} />}
      {open?.kind === "test" && <ToolTestDialog tool={open.tool} onClose={close} />}
      {open?.kind === "delete" && <DeleteToolDialog tool={open.tool} onClose={close} />}
    </>
  );
}
