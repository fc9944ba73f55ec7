"use client";

import { Trash2 } from "lucide-react";
import { useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { AgentFormValues } from "./agent-form-values";
import { SuggestField } from "./form-fields";
import { TASK_TYPES } from "./known-choices";
import { TaskLlmFields } from "./task-llm-fields";
import { TaskTelephonyFields } from "./task-telephony-fields";
import { TaskToolchainFields } from "./task-toolchain-fields";
import { TaskToolsField } from "./task-tools-field";
import { TaskVoiceFields } from "./task-voice-fields";

/** One task of the agent: its type, models, telephony, tools and toolchain. */
export function TaskCard({ index, canRemove, onRemove }: { index: number; canRemove: boolean; onRemove: () => void }) {
  const taskType = useWatch<AgentFormValues>({ name: `agent_config.tasks.${index}.task_type` });
  const headingId = `task-${index}-heading`;
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      id={`task-${index + 1}`}
      className="scroll-mt-20 rounded-lg border border-zinc-200 dark:border-zinc-800"
    >
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 bg-zinc-50/80 px-3 py-2.5 sm:px-4 dark:border-zinc-800 dark:bg-zinc-900/60">
        <div className="flex min-w-0 items-center gap-2">
          <h3 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Task {index + 1}
          </h3>
          {typeof taskType === "string" && taskType && <Badge variant="accent" className="truncate">{taskType}</Badge>}
        </div>
        {canRemove && (
          <Button variant="ghost" size="sm" className="text-zinc-500 hover:text-red-600" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            Remove task
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-6 p-3 sm:p-4">
        <div className="grid gap-4 @lg:grid-cols-2">
          <SuggestField name={`agent_config.tasks.${index}.task_type`} label="Task type" suggestions={TASK_TYPES} />
        </div>
        <TaskLlmFields index={index} />
        <TaskVoiceFields index={index} />
        <TaskTelephonyFields index={index} />
        <TaskToolsField index={index} />
        <TaskToolchainFields index={index} />
      </div>
    </div>
  );
}
