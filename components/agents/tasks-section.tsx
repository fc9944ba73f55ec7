"use client";

import { Plus } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { newTask, promptsWithoutTask, type AgentFormValues } from "./agent-form-values";
import { useFieldError } from "./form-fields";
import { FormSection } from "./form-section";
import { TaskCard } from "./task-card";

const MAX_TASKS = 20;

export function TasksSection() {
  const { control, getValues, setValue } = useFormContext<AgentFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "agent_config.tasks" });
  const error = useFieldError("agent_config.tasks");
  const rootError = fields.length === 0 ? error : undefined;

  function addTask() {
    const n = fields.length + 1;
    append(newTask(), { shouldFocus: false });
    // Each task needs its own prompt, keyed by position.
    if (!getValues(`agent_prompts.task_${n}`)) setValue(`agent_prompts.task_${n}`, { system_prompt: "" }, { shouldDirty: true });
    requestAnimationFrame(() => document.getElementById(`task-${n}`)?.scrollIntoView({ block: "start", behavior: "smooth" }));
  }

  function removeTask(index: number) {
    const prompts = promptsWithoutTask(getValues("agent_prompts"), index, fields.length);
    remove(index);
    setValue("agent_prompts", prompts, { shouldDirty: true });
  }

  return (
    <FormSection
      id="tasks"
      title="Tasks"
      description="What the agent does on a call. Most agents need one conversation task."
      actions={
        <Button variant="outline" size="sm" onClick={addTask} disabled={fields.length >= MAX_TASKS}>
          <Plus aria-hidden="true" />
          Add task
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        {fields.map((f, i) => (
          <TaskCard key={f.id} index={i} canRemove={fields.length > 1} onRemove={() => removeTask(i)} />
        ))}
        {rootError && <p className="text-[13px] text-red-600 dark:text-red-400">{rootError}</p>}
      </div>
    </FormSection>
  );
}
