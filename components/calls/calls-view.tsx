"use client";

import * as React from "react";
import { useQueryStates } from "nuqs";
import { Download, PhoneOff, SearchX } from "lucide-react";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { addDays, MAX_RANGE_DAYS, resolveRange, utcToday } from "@/lib/calls/date-range";
import { plural } from "@/lib/format/plural";
import { clearedFields } from "@/lib/calls/field-params";
import { CLEARED_FILTERS, callLogParsers, callLogQuery } from "@/lib/calls/url-state";
import { exportHref, useCallPages, useCallSummary } from "@/lib/calls/hooks";
import { useLiveCalls } from "@/lib/calls/live";
import { useCampaignOptions } from "@/lib/campaigns/hooks";
import { useEngines } from "@/lib/engines/hooks";
import { AnalyzeCallsButton } from "./analyze-calls-button";
import { CallFilters, type CallFilterValues } from "./call-filters";
import { CallCards } from "./call-cards";
import { CallSheet } from "./call-sheet";
import { CallsTable, CallsTableSkeleton } from "./calls-table";
import { FieldColumns } from "./field-columns";
import { MatchCount } from "./match-count";
import { OutcomeFilters, type OutcomeFilterValues } from "./outcome-filters";
import { useFieldColumns } from "./use-field-columns";
import { useFieldFilters } from "./use-field-filters";

/** `/calls`: the filterable call log with "Load more", CSV export and the call sheet. Everything is in the URL. */
export function CallsView() {
  const [f, setF] = useQueryStates(callLogParsers, { history: "replace" });
  const today = utcToday();
  const range = resolveRange(f, null, today);
  const fieldFilters = useFieldFilters(f.agent_id);
  const filters = callLogQuery(f, today, fieldFilters.values);
  const pages = useCallPages(filters);
  const calls = React.useMemo(() => pages.data?.pages.flatMap((p) => p.calls) ?? [], [pages.data]);
  // The plan fields shown as columns (the operator's choice per agent) and the one to scroll to.
  const fieldColumns = useFieldColumns(f.agent_id, fieldFilters.planFields);
  const [reveal, setReveal] = React.useState<{ field: string } | null>(null);
  // A new call or a status change, whoever made it, shows without a reload while the page is visible.
  useLiveCalls();

  // Agents to filter by: those with calls in the range (for "All": the longest range the summary allows).
  const agentSummary = useCallSummary({ from: range.from ?? addDays(range.to ?? today, -(MAX_RANGE_DAYS - 1)), to: range.to ?? today });
  const agents = (agentSummary.data?.per_agent ?? []).map((a) => ({ value: a.agent_id, label: a.name || a.agent_id }));

  // Roles that may not list engines get no engine filter (the request answers 403).
  const engineList = useEngines();
  const engines = engineList.data ?? [];

  const campaigns = useCampaignOptions();

  // Dispositions to offer: the chosen agent's choices, else those analysed in the range.
  const seen = (agentSummary.data as { outcomes?: { dispositions?: Record<string, number> } } | undefined)?.outcomes?.dispositions;
  const dispositions = fieldFilters.plan ? fieldFilters.plan.disposition?.choices ?? [] : Object.keys(seen ?? {});

  const versions = Array.from({ length: fieldFilters.latestVersion ?? 0 }, (_, i) => {
    const n = (fieldFilters.latestVersion ?? 0) - i;
    return { value: String(n), label: `v${n}` };
  });

  const { keys: fieldKeys, setValues: setFieldValues } = fieldFilters;
  const onChange = React.useCallback((patch: Partial<CallFilterValues>) => {
    // Another agent's plan has other fields (its field filters would be refused, 400), and its own version numbers.
    if (patch.agent_id !== undefined && patch.agent_id !== f.agent_id) {
      void setFieldValues(clearedFields(fieldKeys));
      void setF({ ...patch, agent_version: null });
      return;
    }
    void setF(patch);
  }, [setF, setFieldValues, fieldKeys, f.agent_id]);
  const onOutcome = React.useCallback((patch: Partial<OutcomeFilterValues>) => void setF(patch), [setF]);
  const outcomeActive = Boolean(f.success || f.sentiment || f.disposition || f.outcome_status || Object.values(fieldFilters.values).some(Boolean));
  const clearAll = () => {
    void setFieldValues(clearedFields(fieldKeys));
    void setF(CLEARED_FILTERS);
  };
  const filtered = Object.keys(filters).length > 0;
  const open = (sid: string) => void setF({ call: sid });

  let body: React.ReactNode;
  if (pages.isError && !pages.data) {
    body = <ErrorState title="Could not load calls" message={pages.error.message} onRetry={() => pages.refetch()} retrying={pages.isFetching} />;
  } else if (!pages.data) {
    body = <div role="status" aria-busy="true" aria-label="Loading calls"><CallsTableSkeleton /></div>;
  } else if (calls.length === 0) {
    body = filtered ? (
      <EmptyState icon={SearchX} title="No calls match these filters" text="Try a longer date range, another status, or fewer search words."
        action={<Button variant="outline" size="sm" onClick={clearAll}>Clear filters</Button>} />
    ) : (
      <EmptyState icon={PhoneOff} title="No calls yet"
        text={<>Import call records with <code className="rounded bg-zinc-100 px-1 py-0.5 text-xs dark:bg-zinc-800">npm run cli -- calls import &lt;file&gt;</code>.</>} />
    );
  } else {
    body = (
      <>
        {/* The column menu opens on the left, over the record's columns: the plan's fields sit at the right end. */}
        <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          {/* Its own request, once this view's first page is in: the page never waits for a count. */}
          <MatchCount filters={filters} ready={Boolean(pages.data) && !pages.isPlaceholderData} />
          {fieldFilters.planFields.length > 0 && (
            <div className="hidden sm:block">
              <FieldColumns fields={fieldFilters.planFields} shown={fieldColumns.shown}
                onChange={(names, added) => { fieldColumns.choose(names); setReveal(added ? { field: added } : null); }} />
            </div>
          )}
        </div>
        <div className={pages.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <div className="hidden sm:block">
            <CallsTable calls={calls} selected={f.call} onOpen={open} planFields={fieldColumns.shown} reveal={reveal} />
          </div>
          <div className="sm:hidden">
            <CallCards calls={calls} selected={f.call} onOpen={open} />
          </div>
        </div>
        <div className="mt-3 flex flex-col items-center gap-2 sm:flex-row sm:justify-between">
          <p className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400" role="status" data-testid="calls-count">
            {plural(calls.length, "call")} shown{pages.hasNextPage ? "" : " · all loaded"}
          </p>
          {pages.hasNextPage && (
            <Button variant="outline" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {pages.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          )}
        </div>
        {pages.isFetchNextPageError && <p role="alert" className="mt-2 text-center text-sm text-red-600 dark:text-red-400">Could not load more calls: {pages.error?.message}</p>}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Calls"
        description="Every call of your agents, newest first. Times are in your time zone; date filters use UTC days."
        actions={
          <>
            <AnalyzeCallsButton filters={filters} shown={calls.length} allLoaded={Boolean(pages.data) && !pages.hasNextPage} />
            <Button variant="outline" asChild>
              {/* A plain link: the server streams the CSV of every matching call, not only the rows shown. */}
              <a href={exportHref(filters)} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
          </>
        }
      />
      <CallFilters range={range} values={f} agents={agents} versions={versions} engines={engines} campaigns={campaigns} onChange={onChange}
        onClear={clearAll} onRange={(r) => setF(r)} moreActive={outcomeActive}>
        <OutcomeFilters values={{ success: f.success, sentiment: f.sentiment, disposition: f.disposition, outcome_status: f.outcome_status }}
          dispositions={dispositions} planFields={fieldFilters.planFields} fieldValues={fieldFilters.values}
          onChange={onOutcome} onField={(patch) => void setFieldValues(patch)} />
      </CallFilters>
      {body}
      <CallSheet sid={f.call} known={calls.find((c) => c.call_sid === f.call)} searchHint={f.q ?? undefined} onClose={() => setF({ call: null })} />
    </>
  );
}
