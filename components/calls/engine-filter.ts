import { providerInfo } from "@/lib/engines/providers";
import type { FilterOption } from "./filter-select";

// The call log's one Engine control serves both API filters: each engine of the account by name
// (`engine_id`) and, when the account has engines of more than one kind (or the URL names a kind),
// each kind above them (`provider`). Choosing one clears the other.

// Engine ids are UUIDs: no engine's option value starts with this.
const KIND = "provider:";

export interface EngineLike { engine_id: string; name: string; provider: string }

export function engineFilterOptions(engines: readonly EngineLike[], chosenKind: string | null = null): FilterOption[] {
  const kinds = [...new Set([...engines.map((e) => e.provider), ...(chosenKind ? [chosenKind] : [])])];
  const byKind = kinds.length > 1 || chosenKind ? kinds.map((p) => ({ value: KIND + p, label: `All ${providerInfo(p)?.label ?? p} engines` })) : [];
  return [...byKind, ...engines.map((e) => ({ value: e.engine_id, label: e.name }))];
}

/** The control's value for the URL's filters (an engine wins over a kind; the API applies both). */
export const engineFilterValue = (f: { engine_id: string | null; provider: string | null }): string | null =>
  f.engine_id ?? (f.provider ? KIND + f.provider : null);

/** The URL change for a choice of the control. */
export function engineFilterPatch(value: string | null): { engine_id: string | null; provider: string | null } {
  return value?.startsWith(KIND) ? { engine_id: null, provider: value.slice(KIND.length) } : { engine_id: value, provider: null };
}
