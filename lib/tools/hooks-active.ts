"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/http/fetch-json";

/** The fields of a tool record (GET /api/tools) the agent builder shows. */
export interface ToolSummary {
  id: string;
  name: string;
  description: string;
  method: string;
  url: string;
  isActive: boolean;
}

type ToolPage = { success: boolean; data: ToolSummary[]; next_cursor: string | null };

// Under the tools resource's root key, so anything that invalidates ["tools"] refreshes this too.
export const activeToolsKey = ["tools", "active-all"] as const;

const MAX_PAGES = 20;

/** Every active tool of the account (all pages), for pickers such as the agent builder's API tools. */
export function useActiveTools() {
  return useQuery({
    queryKey: activeToolsKey,
    queryFn: async ({ signal }) => {
      const tools: ToolSummary[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const qs = new URLSearchParams({ is_active: "true", limit: "200" });
        if (cursor) qs.set("cursor", cursor);
        const res: ToolPage = await fetchJson<ToolPage>(`/api/tools?${qs}`, { signal });
        tools.push(...res.data);
        cursor = res.next_cursor;
        if (!cursor) break;
      }
      return tools.sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}
