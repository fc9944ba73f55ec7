"use client";

import { Plus, X } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { newTask, type AgentFormValues } from "./agent-form-values";
import { FieldGroup } from "./form-section";
import { SuggestField } from "./form-fields";
import { SYNTHESIZERS, SYNTHESIZER_PROVIDER_CHOICES as SYNTH_PROVIDERS, TRANSCRIBERS, TRANSCRIBER_PROVIDER_CHOICES as TRANSCRIBER_PROVIDERS, toChoices } from "./known-choices";
import { VoicePresetPicker } from "./voice-preset-picker";
import { SYNTHESIZERS as CATALOG_SYNTHESIZERS, type ProviderConfigField } from "@/lib/agents/catalog";

const FIELD_LABELS: Record<ProviderConfigField, string> = { voice: "Voice", voice_id: "Voice id", model: "Voice model", engine: "Engine", language: "Language" };
// Fields shown when the provider is not one Bolna knows: the spec's two, so nothing disappears.
const FALLBACK_FIELDS: ProviderConfigField[] = ["voice", "engine"];

/** Synthesizer and transcriber are optional in the API: each can be removed and added back. */
export function TaskVoiceFields({ index }: { index: number }) {
  const base = `agent_config.tasks.${index}.tools_config` as const;
  const { setValue } = useFormContext<AgentFormValues>();
  const [synth, transcriber] = useWatch<AgentFormValues>({ name: [`${base}.synthesizer`, `${base}.transcriber`] }) as [
    { provider?: string } | undefined,
    { provider?: string } | undefined,
  ];
  const providerKey = String(synth?.provider ?? "").trim().toLowerCase();
  const synthKnown = SYNTHESIZERS[providerKey];
  const needed = CATALOG_SYNTHESIZERS[providerKey]?.required ?? FALLBACK_FIELDS;
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
          <div className="grid gap-4 @lg:grid-cols-2 @3xl:grid-cols-3">
            <VoicePresetPicker name={`${base}.synthesizer`} />
            <SuggestField name={`${base}.synthesizer.provider`} label="Synthesizer provider" required suggestions={SYNTH_PROVIDERS} />
            {needed.map((field) => (
              <SuggestField
                key={field}
                // voice_id/model/language are kept by the loose schema but not in the form's typed paths.
                name={`${base}.synthesizer.provider_config.${field}` as `${typeof base}.synthesizer.provider_config.voice`}
                label={FIELD_LABELS[field]}
                hint={CATALOG_SYNTHESIZERS[providerKey] ? `${providerKey} needs it` : undefined}
                suggestions={toChoices(
                  field === "voice" ? synthKnown?.voices ?? Object.values(SYNTHESIZERS).flatMap((s) => s.voices)
                    : field === "engine" || field === "model" ? synthKnown?.engines ?? Object.values(SYNTHESIZERS).flatMap((s) => s.engines)
                      : [],
                )}
              />
            ))}
          </div>
        ) : (
          <AddRow text="No synthesizer: the task does not speak." label="Add synthesizer" onClick={() => set(`${base}.synthesizer`, newTask().tools_config.synthesizer)} />
        )}
      </FieldGroup>
      <FieldGroup
        legend="Transcriber (speech to text)"
        action={transcriber && <RemoveButton what="transcriber" onClick={() => set(`${base}.transcriber`, undefined)} />}
      >
        {transcriber ? (
          <div className="grid gap-4 @lg:grid-cols-2">
            <SuggestField name={`${base}.transcriber.provider`} label="Transcriber provider" required suggestions={TRANSCRIBER_PROVIDERS} />
            <SuggestField name={`${base}.transcriber.model`} label="Transcriber model" suggestions={toChoices([...new Set(transcriberModels)])} />
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
