"use client";

import { Sparkles } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { SYNTHESIZER_PROVIDER_NAMES } from "@/lib/engines/bolna/catalog";
import type { AgentFormValues } from "./agent-form-values";
import { SuggestField } from "./form-fields";
import { SYNTHESIZERS, toChoices } from "./known-choices";
import { SYNTHESIZER_FIELD_LABELS, VOICE_PRESETS, synthesizerFields } from "./voice-presets";

const PROVIDERS = toChoices(SYNTHESIZER_PROVIDER_NAMES);

/**
 * Provider plus the provider_config fields Bolna needs for that provider (catalog table). A
 * preset replaces provider and provider_config only: stream, buffer_size and any field the
 * builder does not show stay as they are.
 */
export function SynthesizerFields({ index }: { index: number }) {
  const base = `agent_config.tasks.${index}.tools_config.synthesizer` as const;
  const { getValues, setValue } = useFormContext<AgentFormValues>();
  const provider = useWatch<AgentFormValues>({ name: `${base}.provider` }) as string | undefined;
  const known = SYNTHESIZERS[String(provider ?? "").trim().toLowerCase()] ?? {};

  function applyPreset(id: string) {
    const preset = VOICE_PRESETS.find((p) => p.id === id);
    if (!preset) return;
    const current = getValues(base) ?? { provider: "" };
    setValue(base, { ...current, provider: preset.provider, provider_config: { ...preset.provider_config } }, { shouldDirty: true, shouldValidate: true });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Fields shown are the ones Bolna needs for this provider.</p>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm">
              <Sparkles aria-hidden="true" />
              Voice presets
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {VOICE_PRESETS.map((p) => (
              <DropdownMenuItem key={p.id} onSelect={() => applyPreset(p.id)}>
                {p.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      <div className="grid gap-4 @lg:grid-cols-2 @3xl:grid-cols-3">
        <SuggestField name={`${base}.provider`} label="Synthesizer provider" required suggestions={PROVIDERS} />
        {synthesizerFields(provider).map((f) => (
          <SuggestField
            key={f}
            name={`${base}.provider_config.${f}`}
            label={SYNTHESIZER_FIELD_LABELS[f]}
            suggestions={toChoices(known[f] ?? [])}
          />
        ))}
      </div>
    </div>
  );
}
