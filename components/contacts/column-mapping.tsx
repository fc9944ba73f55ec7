"use client";

import * as React from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import type { ColumnChoice } from "@/lib/contacts/csv-columns";
import { cn } from "@/lib/utils";

export type ColumnMappingProps = {
  header: string[];
  samples: string[][];
  phoneIndex: number;
  choices: ColumnChoice[];
  errors: Map<number, string>;
  tooMany: string | null;
  onPhoneChange: (index: number) => void;
  onChoiceChange: (index: number, patch: Partial<ColumnChoice>) => void;
};

const columnLabel = (header: string[], i: number) => header[i] || `Column ${i + 1}`;

/** Step 2: which column holds the number; every other column is a template variable, renamed or skipped. */
export function ColumnMapping({ header, samples, phoneIndex, choices, errors, tooMany, onPhoneChange, onChoiceChange }: ColumnMappingProps) {
  const phoneId = React.useId();
  const sample = (i: number) => samples.map((r) => r[i]).find((v) => v && v.trim()) ?? "";

  return (
    <div className="space-y-4">
      <div className="flex max-w-sm flex-col gap-1.5">
        <Label htmlFor={phoneId}>Phone number column</Label>
        <Select value={phoneIndex >= 0 ? String(phoneIndex) : undefined} onValueChange={(v) => onPhoneChange(Number(v))}>
          <SelectTrigger id={phoneId} aria-invalid={phoneIndex < 0 || undefined}>
            <SelectValue placeholder="Choose the column with the numbers" />
          </SelectTrigger>
          <SelectContent>
            {header.map((_, i) => (
              <SelectItem key={i} value={String(i)}>
                {columnLabel(header, i)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {phoneIndex < 0 && (
          <p className="text-[13px] text-red-600 dark:text-red-400">
            No column is named phone_number, contact_number, phone or number: choose one.
          </p>
        )}
      </div>

      {choices.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Template variables</legend>
          <div className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {choices.map((c) => (
              <VariableRow key={c.index} name={columnLabel(header, c.index)} sample={sample(c.index)} choice={c} error={errors.get(c.index)}
                onChange={(patch) => onChoiceChange(c.index, patch)} />
            ))}
          </div>
          {tooMany && <p className="text-[13px] text-red-600 dark:text-red-400">{tooMany}</p>}
        </fieldset>
      ) : (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No other columns: contacts are added without template variables.</p>
      )}
    </div>
  );
}

function VariableRow({ name, sample, choice, error, onChange }: {
  name: string; sample: string; choice: ColumnChoice; error?: string; onChange: (patch: Partial<ColumnChoice>) => void;
}) {
  const id = React.useId();
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 px-3 py-2.5 sm:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)]">
      <Switch className="mt-2" checked={choice.include} onCheckedChange={(include) => onChange({ include })} aria-label={`Include column ${name}`} />
      <div className="min-w-0 pt-1">
        <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100" title={name}>{name}</p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400" title={sample}>{sample ? `e.g. ${sample}` : "empty in the first rows"}</p>
      </div>
      <div className={cn("col-span-2 flex flex-col gap-1 sm:col-span-1", !choice.include && "opacity-50")}>
        <Input
          id={`${id}-name`}
          aria-label={`Variable name for ${name}`}
          className="h-8 font-mono text-[13px]"
          value={choice.key}
          disabled={!choice.include}
          aria-invalid={choice.include && error ? true : undefined}
          aria-describedby={choice.include && error ? `${id}-error` : undefined}
          onChange={(e) => onChange({ key: e.target.value })}
          spellCheck={false}
          autoComplete="off"
        />
        {choice.include && error && (
          <p id={`${id}-error`} className="text-[13px] leading-snug text-red-600 dark:text-red-400">{error}</p>
        )}
        {!choice.include && <p className="text-xs text-zinc-500 dark:text-zinc-400">Skipped</p>}
      </div>
    </div>
  );
}
