"use client";

import { useWatch } from "react-hook-form";
import type { AgentFormValues } from "./agent-form-values";
import { FieldGroup } from "./form-section";
import { SuggestField } from "./form-fields";
import { FLOW_TYPES, LLM_AGENT_TYPES, LLM_MODELS, LLM_PROVIDER_CHOICES as PROVIDERS, toChoices } from "./known-choices";

export function TaskLlmFields({ index }: { index: number }) {
  const base = `agent_config.tasks.${index}.tools_config.llm_agent` as const;
  const provider = useWatch<AgentFormValues>({ name: `${base}.llm_config.provider` });
  // Unknown providers get every known model as a hint; the model is free text anyway.
  const models = LLM_MODELS[String(provider ?? "").trim().toLowerCase()] ?? Object.values(LLM_MODELS).flat();
  return (
    <FieldGroup legend="Language model">
      <div className="grid gap-4 @lg:grid-cols-2">
        <SuggestField name={`${base}.llm_config.provider`} label="LLM provider" required suggestions={PROVIDERS} />
        <SuggestField name={`${base}.llm_config.model`} label="LLM model" required suggestions={toChoices([...new Set(models)])} />
        <SuggestField name={`${base}.agent_type`} label="LLM agent type" suggestions={LLM_AGENT_TYPES} />
        <SuggestField name={`${base}.agent_flow_type`} label="Flow type" suggestions={FLOW_TYPES} />
      </div>
    </FieldGroup>
  );
}
