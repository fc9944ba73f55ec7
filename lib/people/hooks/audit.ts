"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { AuditRow } from "@/lib/people/schema";
import { fetchJson } from "@/lib/http/fetch-json";

export type { AuditRow };
export interface AuditFilters { actor: string; action: string; resource: string; from: string; to: string }

/** `?actor=…&action=…` for the list and the CSV export alike; dates (YYYY-MM-DD) become UTC day bounds. */
export function auditParams(f: AuditFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.actor) p.set("actor", f.actor);
  if (f.action) p.set("action", f.action.trim());
  if (f.resource) p.set("resource", f.resource.trim());
  if (f.from) p.set("from", `${f.from}T00:00:00Z`);
  if (f.to) p.set("to", new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000).toISOString());
  return p;
}

export function useAudit(f: AuditFilters) {
  return useInfiniteQuery({
    queryKey: ["audit", f],
    queryFn: ({ pageParam, signal }) => {
      const p = auditParams(f);
      p.set("limit", "50");
      if (pageParam) p.set("cursor", pageParam);
      return fetchJson<{ entries: AuditRow[]; next_cursor: string | null }>(`/api/audit?${p}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}
