"use client";

import { parseAsString, parseAsStringLiteral, useQueryStates } from "nuqs";
import type { ToolFilters } from "@/lib/tools/hooks";

const parsers = {
  q: parseAsString.withDefault(""),
  category: parseAsString,
  tag: parseAsString,
  active: parseAsStringLiteral(["true", "false"] as const),
};

/** The tool list's filters, kept in the URL (?q=&category=&tag=&active=) so a view can be shared. */
export function useToolFilters() {
  const [state, setState] = useQueryStates(parsers, { history: "replace" });
  const filters: ToolFilters = {
    q: state.q.trim() || undefined,
    category: state.category ?? undefined,
    tag: state.tag ?? undefined,
    active: state.active ?? undefined,
  };
  const isFiltered = Object.values(filters).some((v) => v !== undefined);
  const clear = () => setState({ q: null, category: null, tag: null, active: null });
  return { state, filters, isFiltered, setState, clear };
}
