"use client";

import * as React from "react";
import type { PlanFieldLike } from "@/lib/calls/field-params";

// Which of an agent's plan fields the call log shows as columns: the operator's choice, kept per
// agent in this browser's local storage (a way of looking, not a filter: the URL keeps the filters).
// Nothing stored: every field is shown.

const storageKey = (agentId: string) => `voxdesk.call-log.columns.${agentId}`;
const listeners = new Set<() => void>();
/** This tab's choices, so one applies even where storage refuses to keep it. */
const chosen = new Map<string, string>();

function subscribe(onChange: () => void) {
  // Another tab's choice arrives as a storage event.
  const fromStorage = (e: StorageEvent) => {
    if (e.key?.startsWith("voxdesk.call-log.columns.")) {
      chosen.clear();
      onChange();
    }
  };
  listeners.add(onChange);
  window.addEventListener("storage", fromStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", fromStorage);
  };
}

function read(agentId: string | null): string | null {
  if (!agentId) return null;
  if (chosen.has(agentId)) return chosen.get(agentId)!;
  try {
    return localStorage.getItem(storageKey(agentId));
  } catch {
    return null; // storage refused (private mode, a policy): every field shown
  }
}

/** The stored names among the plan's fields, in plan order; all of them without a stored choice. */
export function shownFields(fields: readonly PlanFieldLike[], stored: string | null): readonly PlanFieldLike[] {
  if (stored === null) return fields;
  let names: unknown;
  try {
    names = JSON.parse(stored);
  } catch {
    return fields;
  }
  return Array.isArray(names) ? fields.filter((f) => names.includes(f.name)) : fields;
}

export function useFieldColumns(agentId: string | null, fields: readonly PlanFieldLike[]) {
  // The server and the first client render show every field; the stored choice applies right after.
  const stored = React.useSyncExternalStore(subscribe, () => read(agentId), () => null);
  const shown = React.useMemo(() => shownFields(fields, stored), [fields, stored]);
  const choose = React.useCallback((names: readonly string[]) => {
    if (!agentId) return;
    chosen.set(agentId, JSON.stringify(names));
    try {
      localStorage.setItem(storageKey(agentId), JSON.stringify(names));
    } catch {
      // not kept past this tab (storage refused)
    }
    for (const l of listeners) l();
  }, [agentId]);
  return { shown, choose };
}
