"use client";

import * as React from "react";
import { Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useToolFacets } from "@/lib/tools/hooks";
import { cn } from "@/lib/utils";
import { useToolFilters } from "./use-tool-filters";

const ALL = "__all__"; // Radix Select items cannot have an empty value.

function FilterSelect({ label, value, options, allLabel, onChange, className }: {
  label: string; value: string | null; options: { value: string; label: string }[]; allLabel: string;
  onChange: (value: string | null) => void; className?: string;
}) {
  // The current value stays selectable even when the facet read hasn't returned it (yet).
  const all = value && !options.some((o) => o.value === value) ? [{ value, label: value }, ...options] : options;
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? null : v)}>
      <SelectTrigger aria-label={label} className={cn("w-full sm:w-40", !value && "text-zinc-500 dark:text-zinc-400", className)}>
        {/* Unfiltered, the trigger names the filter (short enough for a phone); the menu says "All …". */}
        <SelectValue>{value ? all.find((o) => o.value === value)?.label : label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {all.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

const asOptions = (values: string[] | undefined) => (values ?? []).map((v) => ({ value: v, label: v }));

/** Search, category, tag and active filters; every change lands in the URL. */
export function ToolFiltersBar() {
  const { state, isFiltered, setState, clear } = useToolFilters();
  const facets = useToolFacets();
  const [search, setSearch] = React.useState(state.q);

  // Typing is debounced into the URL (each URL change is a new query); a change from outside
  // (Clear, back/forward) flows back into the box.
  React.useEffect(() => {
    if (search === state.q) return;
    const timer = setTimeout(() => setState({ q: search || null }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing schedules an update
  }, [search]);
  const [lastUrlQ, setLastUrlQ] = React.useState(state.q);
  if (state.q !== lastUrlQ) {
    setLastUrlQ(state.q);
    setSearch(state.q);
  }

  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <div className="relative sm:w-72">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-zinc-400" />
        <Input
          type="search"
          aria-label="Search tools"
          placeholder="Search name or description"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-8"
        />
      </div>
      <div className="grid grid-cols-3 gap-2 sm:flex">
        <FilterSelect
          label="Category"
          value={state.category}
          options={asOptions(facets.data?.categories)}
          allLabel="All categories"
          onChange={(category) => setState({ category })}
        />
        <FilterSelect
          label="Tag"
          value={state.tag}
          options={asOptions(facets.data?.tags)}
          allLabel="All tags"
          onChange={(tag) => setState({ tag })}
        />
        <FilterSelect
          label="Status"
          value={state.active}
          options={[{ value: "true", label: "Active" }, { value: "false", label: "Inactive" }]}
          allLabel="Any status"
          onChange={(active) => setState({ active: active as "true" | "false" | null })}
          className="sm:w-36"
        />
      </div>
      {isFiltered && (
        <Button variant="ghost" size="sm" onClick={clear} className="self-start sm:self-auto">
          <X aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </div>
  );
}
