"use client";

import * as React from "react";
import { ArrowDown, ArrowUp, Plus, Trash2, X } from "lucide-react";
import { Controller, get, useFormContext, useFormState } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SuggestInput } from "@/components/ui/suggest-input";
import { errorText, type AgentFormValues } from "./agent-form-values";
import { PIPELINE_STAGES } from "./known-choices";

type Pipelines = string[][];

/** Pure list edits, kept out of the JSX so every button is a one-liner. */
const edit = {
  setStage: (p: Pipelines, i: number, s: number, v: string) => p.map((row, r) => (r === i ? row.map((x, c) => (c === s ? v : x)) : row)),
  move: (p: Pipelines, i: number, s: number, to: number) =>
    p.map((row, r) => {
      if (r !== i) return row;
      const next = [...row];
      [next[s], next[to]] = [next[to], next[s]];
      return next;
    }),
  removeStage: (p: Pipelines, i: number, s: number) => p.map((row, r) => (r === i ? row.filter((_, c) => c !== s) : row)),
  addStage: (p: Pipelines, i: number) => p.map((row, r) => (r === i ? [...row, ""] : row)),
};

/** `toolchain.pipelines`: ordered stages per pipeline, reordered with up/down buttons. */
export function PipelineEditor({ index }: { index: number }) {
  const name = `agent_config.tasks.${index}.toolchain.pipelines` as const;
  const { control } = useFormContext<AgentFormValues>();
  const { errors } = useFormState<AgentFormValues>({ control, name });
  const listRef = React.useRef<HTMLDivElement>(null);

  // After a move, keep keyboard focus on the same button of the stage that moved.
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(selector)?.focus());

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const pipelines: Pipelines = Array.isArray(field.value) ? field.value : [];
        const tree = get(errors, name);
        const set = (next: Pipelines) => field.onChange(next);
        return (
          <div ref={listRef} className="flex flex-col gap-3">
            {pipelines.map((stages, i) => (
              <div key={i} role="group" aria-label={`Pipeline ${i + 1}`} className="rounded-md border border-zinc-200 p-2.5 sm:p-3 dark:border-zinc-800">
                <div className="mb-2 flex items-center justify-between gap-2">
                  <span className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
                    {pipelines.length > 1 ? `Pipeline ${i + 1}` : "Pipeline stages"}
                  </span>
                  {pipelines.length > 1 && (
                    <Button variant="ghost" size="sm" className="text-zinc-500" onClick={() => set(pipelines.filter((_, r) => r !== i))}>
                      <Trash2 aria-hidden="true" />
                      Remove pipeline
                    </Button>
                  )}
                </div>
                <ol className="flex flex-col gap-2">
                  {stages.map((stage, s) => {
                    const stageError = errorText(get(tree, `${i}.${s}`));
                    const label = `Stage ${s + 1} of pipeline ${i + 1}`;
                    return (
                      <li key={s} className="flex items-center gap-1">
                        <span aria-hidden="true" className="w-4 shrink-0 text-right text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{s + 1}.</span>
                        <div className="mr-0.5 min-w-0 flex-1">
                          <SuggestInput
                            ref={i === 0 && s === 0 ? field.ref : undefined}
                            aria-label={label}
                            aria-invalid={stageError ? true : undefined}
                            value={stage ?? ""}
                            onValueChange={(v) => set(edit.setStage(pipelines, i, s, v))}
                            onBlur={field.onBlur}
                            suggestions={PIPELINE_STAGES}
                            className="h-8"
                          />
                        </div>
                        <Button variant="ghost" size="icon" className="size-8 shrink-0 max-sm:size-7" aria-label={`Move stage ${s + 1} up`} disabled={s === 0}
                          data-stage={`${i}-${s}-up`}
                          onClick={() => { set(edit.move(pipelines, i, s, s - 1)); focusLater(`[data-stage="${i}-${s - 1}-up"]:not(:disabled), [data-stage="${i}-${s - 1}-down"]`); }}>
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button variant="ghost" size="icon" className="size-8 shrink-0 max-sm:size-7" aria-label={`Move stage ${s + 1} down`} disabled={s === stages.length - 1}
                          data-stage={`${i}-${s}-down`}
                          onClick={() => { set(edit.move(pipelines, i, s, s + 1)); focusLater(`[data-stage="${i}-${s + 1}-down"]:not(:disabled), [data-stage="${i}-${s + 1}-up"]`); }}>
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button variant="ghost" size="icon" className="size-8 shrink-0 max-sm:size-7" aria-label={`Remove stage ${s + 1}`}
                          onClick={() => set(edit.removeStage(pipelines, i, s))}>
                          <X aria-hidden="true" />
                        </Button>
                      </li>
                    );
                  })}
                </ol>
                <Button variant="outline" size="sm" className="mt-2" onClick={() => set(edit.addStage(pipelines, i))}>
                  <Plus aria-hidden="true" />
                  Add stage
                </Button>
              </div>
            ))}
            {errorText(tree) && <p className="text-[13px] text-red-600 dark:text-red-400">{pipelinesMessage(tree)}</p>}
            <Button variant="ghost" size="sm" className="self-start" onClick={() => set([...pipelines, ["transcriber", "llm", "synthesizer"]])}>
              <Plus aria-hidden="true" />
              Add pipeline
            </Button>
          </div>
        );
      }}
    />
  );
}

/** Stage-level messages are "Required"; say which stage. */
function pipelinesMessage(tree: unknown): string {
  if (Array.isArray(tree)) {
    for (const [i, row] of tree.entries()) {
      if (!row) continue;
      if (Array.isArray(row)) {
        const s = row.findIndex((x) => errorText(x));
        if (s >= 0) return `Pipeline ${i + 1}, stage ${s + 1}: ${errorText(row[s])}`;
      }
      const own = errorText(row);
      if (own) return `Pipeline ${i + 1}: ${own}`;
    }
  }
  return errorText(tree) ?? "";
}
