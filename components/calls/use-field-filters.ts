"use client";

import * as React from "react";
import { useSearchParams } from "next/navigation";
import { parseAsString, useQueryStates } from "nuqs";
import { useAgent } from "@/lib/agents/hooks";
import { fieldParamKeys, type PlanFieldLike } from "@/lib/calls/field-params";

const NONE: readonly PlanFieldLike[] = [];

/**
 * The chosen agent's plan (read through the agent hook) and the URL state of its field filters.
 * The parameter names depend on the plan, so the nuqs key map is built from the plan's fields plus
 * any field[…] already in the URL (a shared link filters before the plan has been read).
 */
export function useFieldFilters(agentId: string | null) {
  const agent = useAgent(agentId ?? undefined);
  const plan = agentId ? agent.data?.analysis_plan ?? null : null;
  const planFields: readonly PlanFieldLike[] = plan?.fields ?? NONE;
  const search = useSearchParams();
  const keys = fieldParamKeys(planFields, search.keys());
  const keyList = keys.join("\n");
  const keyMap = React.useMemo(
    () => Object.fromEntries(keyList.split("\n").filter(Boolean).map((k) => [k, parseAsString])),
    [keyList],
  );
  const [values, setValues] = useQueryStates(keyMap, { history: "replace" });
  // The newest version's number (the agent's record is that version): the version filter offers v1 to it.
  const latestVersion = agentId ? (agent.data as { version?: number } | undefined)?.version ?? null : null;
  return { plan, planFields, latestVersion, keys, values: values as Record<string, string | null>, setValues };
}
