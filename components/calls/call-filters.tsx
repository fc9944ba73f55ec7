"use client";

import * as React from "react";
import { Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { statusStyle } from "@/components/ui/status-colors";
import { CALL_TYPE_LABELS } from "@/lib/calls/call-types";
import type { RangePreset, ResolvedRange } from "@/lib/calls/date-range";
import { CALL_STATUSES, statusOptionLabel } from "@/lib/calls/status";
import { engineFilterOptions, engineFilterPatch, engineFilterValue, type EngineLike } from "./engine-filter";
import { FilterSelect, type FilterOption } from "./filter-select";
import { RangePicker } from "./range-picker";

// Every status a call can carry, engine names and the older imported ones, in lifecycle order.
const STATUS_OPTIONS: FilterOption[] = CALL_STATUSES.map((s) => ({ value: s, label: statusOptionLabel(s), swatch: statusStyle(s).dot }));
const TYPE_OPTIONS: FilterOption[] = Object.entries(CALL_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const SEARCH_DELAY_MS = 300;

export interface CallFilterValues {
  agent_id: string | null;
  agent_version: number | null;
  engine_id: string | null;
  provider: string | null;
  campaign_id: string | null;
  status: string | null;
  call_type: string | null;
  q: string | null;
}

export type CallFiltersProps = {
  range: ResolvedRange;
  values: CallFilterValues;
  agents: FilterOption[];
  /** The chosen agent's versions, newest first; the filter shows only with an agent chosen (versions are per agent). */
  versions: FilterOption[];
  /** Engines to filter by (and their kinds); the filter is hidden when the account has none. */
  engines: EngineLike[];
  /** Campaigns to filter by; hidden when the account has none (and none is chosen). */
  campaigns: FilterOption[];
  onRange: (r: { range: RangePreset | null; from: string | null; to: string | null }) => void;
  onChange: (patch: Partial<CallFilterValues>) => void;
  onClear: () => void;
  /** More filters under these (the outcome filters); `moreActive` says whether any of them is set. */
  children?: React.ReactNode;
  moreActive?: boolean;
};

/**
 * Search box (debounced into the URL, so typing doesn't fire a request per key), date range,
 * agent, status and direction. Every value lives in the URL via the parent's nuqs state.
 */
export function CallFilters({ range, values, agents, versions, engines, campaigns, onRange, onChange, onClear, children, moreActive = false }: CallFiltersProps) {
  const [text, setText] = React.useState(values.q ?? "");
  const [shownQ, setShownQ] = React.useState(values.q);
  // The URL changed under us (Clear, back/forward): show what it says.
  if (shownQ !== values.q) {
    setShownQ(values.q);
    if ((values.q ?? "") !== text.trim()) setText(values.q ?? "");
  }

  React.useEffect(() => {
    const next = text.trim() || null;
    if (next === (values.q ?? null)) return;
    const t = setTimeout(() => onChange({ q: next }), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, values.q, onChange]);

  const active = Boolean(values.agent_id || values.agent_version || values.engine_id || values.provider || values.campaign_id || values.status || values.call_type || values.q || range.kind !== "all" || moreActive);
  return (
    <div className="mb-4 flex flex-col gap-2">
      <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
        <div className="relative flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
          <Input type="search" aria-label="Search calls" placeholder="Search transcripts or phone numbers" value={text} maxLength={200}
            onChange={(e) => setText(e.target.value)} className="pl-8" />
        </div>
        <RangePicker value={range} allowAll className="self-start lg:self-auto"
          onPreset={(p) => onRange({ range: p, from: null, to: null })} onCustom={(from, to) => onRange({ range: null, from, to })} />
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <FilterSelect label="Agent" anyLabel="All agents" value={values.agent_id} options={agents} onChange={(v) => onChange({ agent_id: v })} className="col-span-2" />
        {values.agent_id && (
          <FilterSelect label="Agent version" anyLabel="All versions" value={values.agent_version ? String(values.agent_version) : null} options={versions}
            onChange={(v) => onChange({ agent_version: v ? Number(v) : null })} />
        )}
        {engines.length > 0 && (
          <FilterSelect label="Engine" anyLabel="All engines" value={engineFilterValue(values)} options={engineFilterOptions(engines, values.provider)}
            onChange={(v) => onChange(engineFilterPatch(v))} />
        )}
        {(campaigns.length > 0 || values.campaign_id) && (
          <FilterSelect label="Campaign" anyLabel="All campaigns" value={values.campaign_id} options={campaigns} onChange={(v) => onChange({ campaign_id: v })} />
        )}
        <FilterSelect label="Status" anyLabel="All statuses" value={values.status} options={STATUS_OPTIONS} onChange={(v) => onChange({ status: v })} />
        <FilterSelect label="Direction" anyLabel="All directions" value={values.call_type} options={TYPE_OPTIONS} onChange={(v) => onChange({ call_type: v })} />
        {active && (
          <Button variant="ghost" size="sm" onClick={() => { setText(""); onClear(); }} className="col-span-2 justify-self-start">
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
      </div>
      {children}
    </div>
  );
}
