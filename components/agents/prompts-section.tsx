"use client";

import { useWatch } from "react-hook-form";
import { promptVariables } from "@/lib/agents/call-variables";
import type { AgentFormValues } from "./agent-form-values";
import { FormSection } from "./form-section";
import { TextareaField } from "./form-fields";

export function PromptsSection() {
  const tasks = useWatch<AgentFormValues, "agent_config.tasks">({ name: "agent_config.tasks" });
  return (
    <FormSection
      id="prompts"
      title="Prompts"
      description={<>One system prompt per task. Write <code className="font-mono text-[12px]">{"{name}"}</code> for a contact&apos;s template variable.</>}
    >
      <div className="flex flex-col gap-6">
        {(tasks ?? []).map((task, i) => (
          <div key={i} role="group" aria-label={`Task ${i + 1} prompt`}>
            {tasks.length > 1 && (
              <p className="mb-2 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                Task {i + 1}{task?.task_type ? ` · ${task.task_type}` : ""}
              </p>
            )}
            <TextareaField
              name={`agent_prompts.task_${i + 1}.system_prompt`}
              label="System prompt"
              required
              rows={8}
              placeholder="You are Ava, a friendly assistant for Acme Dental. Confirm {customer_name}'s appointment on {date}…"
              className="[&_textarea]:font-mono [&_textarea]:text-[13px]"
            >
              <PromptVariables index={i} />
            </TextareaField>
          </div>
        ))}
      </div>
    </FormSection>
  );
}

function PromptVariables({ index }: { index: number }) {
  const prompt = useWatch<AgentFormValues>({ name: `agent_prompts.task_${index + 1}.system_prompt` });
  const vars = promptVariables(typeof prompt === "string" ? prompt : "");
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-[13px] text-zinc-500 dark:text-zinc-400" aria-live="polite">
      {vars.length === 0 ? (
        <span>No variables.</span>
      ) : (
        <>
          <span>Variables:</span>
          <ul aria-label={`Variables in task ${index + 1} prompt`} className="flex flex-wrap gap-1.5">
            {vars.map((v) => (
              <li key={v} className="rounded bg-indigo-50 px-1.5 py-0.5 font-mono text-[12px] text-indigo-700 ring-1 ring-indigo-600/15 ring-inset dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-400/25">
                {`{${v}}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
