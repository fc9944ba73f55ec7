"use client";

import { Trash2 } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { controlClass, Input } from "@/components/ui/input";
import { FORMATS_BY_TYPE, PARAM_TYPES, type ParamType } from "@/lib/tools/param-rows";
import type { ToolFormValues } from "@/lib/tools/tool-form";
import { cn } from "@/lib/utils";

const selectClass = cn(controlClass, "h-9 pr-7 dark:[color-scheme:dark]");
const labelClass = "text-xs font-medium text-zinc-500 sm:sr-only dark:text-zinc-400";

/**
 * One property of the parameters schema. A card with visible labels on phones, a grid row under
 * the column headings from sm up; every control is named "Parameter N …" for assistive tech.
 */
export function ParameterRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const { register, control, setValue, formState: { errors } } = useFormContext<ToolFormValues>();
  const [type, format, extra] = useWatch({ control, name: [`params.${index}.type`, `params.${index}.format`, `params.${index}.extra`] });
  const n = index + 1;
  const id = (part: string) => `param-${index}-${part}`;
  const rowErrors = errors.params?.[index];
  const messages = (["name", "type", "format", "description"] as const)
    .map((k) => rowErrors?.[k]?.message)
    .filter((m): m is string => Boolean(m));
  const errorId = messages.length ? id("error") : undefined;
  const formats = FORMATS_BY_TYPE[type as ParamType] ?? [];
  const formatOptions = format && !formats.includes(format) ? [format, ...formats] : formats;
  const extraKeys = Object.keys(extra ?? {});

  const typeField = register(`params.${index}.type`, {
    // A format belongs to a type: drop one the new type doesn't know.
    onChange: (e) => {
      if (!FORMATS_BY_TYPE[e.target.value as ParamType].includes(format)) setValue(`params.${index}.format`, "");
    },
  });

  return (
    <div className="rounded-md border border-zinc-200 p-3 sm:rounded-none sm:border-0 sm:p-0 dark:border-zinc-800" data-param-row={index}>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1.1fr)_7.5rem_8rem_minmax(0,1.5fr)_4.5rem_2rem] sm:items-center">
        <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
          <label htmlFor={id("name")} className={labelClass}>Name</label>
          <Input
            id={id("name")}
            aria-label={`Parameter ${n} name`}
            aria-invalid={rowErrors?.name ? true : undefined}
            aria-describedby={rowErrors?.name ? errorId : undefined}
            {...register(`params.${index}.name`)}
            autoComplete="off"
            spellCheck={false}
            placeholder="city"
            className="font-mono text-[13px]"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={id("type")} className={labelClass}>Type</label>
          <select id={id("type")} aria-label={`Parameter ${n} type`} className={selectClass} {...typeField}>
            {PARAM_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={id("format")} className={labelClass}>Format</label>
          <select
            id={id("format")}
            aria-label={`Parameter ${n} format`}
            aria-invalid={rowErrors?.format ? true : undefined}
            aria-describedby={rowErrors?.format ? errorId : undefined}
            disabled={formatOptions.length === 0}
            className={selectClass}
            {...register(`params.${index}.format`)}
          >
            <option value="">{formatOptions.length ? "any" : "—"}</option>
            {formatOptions.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </div>
        <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
          <label htmlFor={id("description")} className={labelClass}>Description</label>
          <Input id={id("description")} aria-label={`Parameter ${n} description`} {...register(`params.${index}.description`)} placeholder="What to pass" />
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-700 sm:justify-center dark:text-zinc-300">
          <input type="checkbox" aria-label={`Parameter ${n} required`} {...register(`params.${index}.required`)} className="size-4 accent-indigo-600" />
          <span className="sm:sr-only">Required</span>
        </label>
        <div className="flex justify-end">
          <Button variant="ghost" size="icon" className="size-8" onClick={onRemove} aria-label={`Remove parameter ${n}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {extraKeys.length > 0 && (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Also keeps from JSON: <span className="font-mono text-[13px]">{extraKeys.join(", ")}</span>
        </p>
      )}
      {errorId && (
        <p id={errorId} className="mt-1 text-[13px] leading-snug text-red-600 dark:text-red-400">
          {messages.join(" · ")}
        </p>
      )}
    </div>
  );
}
