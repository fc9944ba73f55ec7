"use client";

import { Plus, X } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { newTask, type AgentFormValues } from "./agent-form-values";
import { FieldGroup } from "./form-section";
import { SuggestField } from "./form-fields";
import { TRANSCRIBERS, toChoices } from "./known-choices";
import { SynthesizerFields } from "./synthesizer-fields";
const TRANSCRIBER_PROVIDERS = toChoices(Object.keys(TRANSCRIBERS));

/** Synthesizer and transcriber are optional in the API: each can be removed and added back. */
export function TaskVoiceFields({ index }: { index: number }) {
  const base = `agent_config.tasks.${index}.tools_config` as const;
  const { setValue } = useFormContext<AgentFormValues>();
  const [synth, transcriber] = useWatch<AgentFormValues>({ name: [`${base}.synthesizer`, `${base}.transcriber`] }) as [
    { provider?: string } | undefined,
    { provider?: string } | undefined,
  ];
  const transcriberModels = TRANSCRIBERS[String(transcriber?.provider ?? "").trim().toLowerCase()] ?? Object.values(TRANSCRIBERS).flat();
  const set = (path: `${typeof base}.synthesizer` | `${typeof base}.transcriber`, value: unknown) =>
    setValue(path, value as never, { shouldDirty: true });

  return (
    <>
      <FieldGroup
        legend="Synthesizer (voice)"
        action={synth && <RemoveButton what="synthesizer" onClick={() => set(`${base}.synthesizer`, undefined)} />}
      >
        {synth ? (
          <SynthesizerFields index={index} />
        ) : (
          <AddRow text="No synthesizer: the task does not speak." label="Add synthesizer" onClick={() => set(`${base}.synthesizer`, newTask().tools_config.synthesizer)} />
        )}
      </FieldGroup>
      <FieldGroup
        legend="Transcriber (speech to text)"
        action={transcriber && <RemoveButton what="transcriber" onClick={() => set(`${base}.transcriber`, undefined)} />}
      >
        {transcriber ? (
          <div className="grid gap-4 @lg:grid-cols-2 @3xl:grid-cols-3">
            <SuggestField name={`${base}.transcriber.provider`} label="Transcriber provider" required suggestions={TRANSCRIBER_PROVIDERS} />
            <SuggestField name={`${base}.transcriber.model`} label="Transcriber model" suggestions={toChoices([...new Set(transcriberModels)])} />
            <SuggestField name={`${base}.transcriber.language`} label="Transcriber language" suggestions={toChoices(["en", "en-US", "en-IN", "hi", "es", "fr", "de"])} />
          </div>
        ) : (
          <AddRow text="No transcriber: the task does not listen." label="Add transcriber" onClick={() => set(`${base}.transcriber`, newTask().tools_config.transcriber)} />
        )}
      </FieldGroup>
    </>
  );
}

function RemoveButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} className="-my-1 h-7 text-zinc-500">
      <X aria-hidden="true" />
      Remove<span className="sr-only"> {what}</span>
    </Button>
  );
}

function AddRow({ text, label, onClick }: { text: string; label: string; onClick: () => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-zinc-300 px-3 py-2 text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
      {text}
      <Button variant="outline" size="sm" onClick={onClick}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
    </div>
  );
}
