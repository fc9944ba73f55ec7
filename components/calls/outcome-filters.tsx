"use client";

import { fieldParam, type PlanFieldLike } from "@/lib/calls/field-params";
import type { CallLogFilters } from "@/lib/calls/url-state";
import { OUTCOME_STATUSES } from "@/lib/outcomes/filters";
import { SENTIMENTS } from "@/lib/outcomes/schema";
import { DebouncedInput } from "./debounced-input";
import { FilterSelect, type FilterOption } from "./filter-select";
import { OUTCOME_STATUS_LABELS, SENTIMENT_LABELS } from "./outcome-marks";

export type OutcomeFilterValues = Required<Pick<CallLogFilters, "success" | "sentiment" | "disposition" | "outcome_status">>;

const SUCCESS_OPTIONS: FilterOption[] = [{ value: "true", label: "Succeeded" }, { value: "false", label: "Not succeeded" }];
const SENTIMENT_OPTIONS: FilterOption[] = SENTIMENTS.map((s) => ({
  value: s, label: SENTIMENT_LABELS[s], swatch: s === "positive" ? "bg-emerald-500" : s === "negative" ? "bg-red-500" : "bg-zinc-400",
}));
const STATUS_OPTIONS: FilterOption[] = OUTCOME_STATUSES.map((s) => ({ value: s, label: OUTCOME_STATUS_LABELS[s] }));
const YES_NO: FilterOption[] = [{ value: "true", label: "Yes" }, { value: "false", label: "No" }];

export type OutcomeFiltersProps = {
  values: OutcomeFilterValues;
  /** The disposition choices to offer (the chosen agent's, else those seen in the range). */
  dispositions: string[];
  /** The chosen agent's plan fields; none without an agent. */
  planFields: readonly PlanFieldLike[];
  /** Field filters by parameter name (field[name], field[name][gte], …). */
  fieldValues: Record<string, string | null>;
  onChange: (patch: Partial<OutcomeFilterValues>) => void;
  onField: (patch: Record<string, string | null>) => void;
};

/**
 * What the calls achieved: success, sentiment, disposition, whether they were analysed,
 * and with an agent chosen its own fields (a choice or yes/no as a menu, a number as a range, text
 * as an exact value). Every value lives in the URL under the API's own parameter name.
 */
export function OutcomeFilters({ values, dispositions, planFields, fieldValues, onChange, onField }: OutcomeFiltersProps) {
  const dispositionOptions = dispositions.map((d) => ({ value: d, label: d }));
  return (
    <div role="group" aria-label="Outcome filters" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
      <FilterSelect label="Success" anyLabel="Any result" value={values.success} options={SUCCESS_OPTIONS}
        onChange={(v) => onChange({ success: v as OutcomeFilterValues["success"] })} />
      <FilterSelect label="Sentiment" anyLabel="Any sentiment" value={values.sentiment} options={SENTIMENT_OPTIONS}
        onChange={(v) => onChange({ sentiment: v as OutcomeFilterValues["sentiment"] })} />
      <FilterSelect label="Disposition" anyLabel="Any disposition" value={values.disposition} options={dispositionOptions}
        onChange={(v) => onChange({ disposition: v })} />
      <FilterSelect label="Analysis" anyLabel="Any analysis state" value={values.outcome_status} options={STATUS_OPTIONS}
        onChange={(v) => onChange({ outcome_status: v as OutcomeFilterValues["outcome_status"] })} />
      {planFields.map((f) => <FieldFilter key={f.name} field={f} values={fieldValues} onField={onField} />)}
    </div>
  );
}

function FieldFilter({ field, values, onField }: { field: PlanFieldLike; values: Record<string, string | null>; onField: OutcomeFiltersProps["onField"] }) {
  const one = fieldParam(field.name);
  const value = (key: string) => values[key] ?? null;
  if (field.type === "enum" || field.type === "boolean") {
    const options = field.type === "boolean" ? YES_NO : (field.choices ?? []).map((c) => ({ value: c, label: c }));
    return <FilterSelect named label={field.name} anyLabel={`Any ${field.name}`} value={value(one)} options={options} onChange={(v) => onField({ [one]: v })} />;
  }
  if (field.type === "number") {
    const gte = fieldParam(field.name, "gte");
    const lte = fieldParam(field.name, "lte");
    return (
      // The field's name and each bound stay written beside the numbers: a bare "1" says nothing.
      <div className="col-span-2 flex items-center gap-1.5" role="group" aria-label={`${field.name} range`}>
        <span aria-hidden="true" className="shrink-0 text-sm text-zinc-700 dark:text-zinc-300">{field.name} ≥</span>
        <DebouncedInput type="number" inputMode="decimal" aria-label={`${field.name} at least`} placeholder="min"
          value={value(gte)} onCommit={(v) => onField({ [gte]: v })} className="w-full sm:w-28" />
        <span aria-hidden="true" className="shrink-0 text-sm text-zinc-700 dark:text-zinc-300">≤</span>
        <DebouncedInput type="number" inputMode="decimal" aria-label={`${field.name} at most`} placeholder="max"
          value={value(lte)} onCommit={(v) => onField({ [lte]: v })} className="w-full sm:w-28" />
      </div>
    );
  }
  return (
    <span className="flex items-center gap-1.5">
      <span aria-hidden="true" className="shrink-0 text-sm text-zinc-700 dark:text-zinc-300">{field.name}:</span>
      <DebouncedInput type="text" aria-label={`${field.name} is`} placeholder="is…" maxLength={200}
        value={value(one)} onCommit={(v) => onField({ [one]: v })} className="w-full sm:w-44" />
    </span>
  );
}
