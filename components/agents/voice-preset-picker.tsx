"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { VOICE_PRESETS } from "@/lib/agents/catalog";
import type { AgentFormValues } from "./agent-form-values";

type SynthPath = `agent_config.tasks.${number}.tools_config.synthesizer`;
type Synth = { provider?: string; provider_config?: Record<string, unknown> } & Record<string, unknown>;

const CUSTOM = "__custom";

/** The preset whose provider and voice fields all match the current synthesizer, if any. */
function matchingPreset(synth: Synth | undefined): number {
  return VOICE_PRESETS.findIndex((p) => p.provider === synth?.provider
    && Object.entries(p.provider_config).every(([k, v]) => synth?.provider_config?.[k] === v));
}

/**
 * Picks a ready-made voice: sets the provider and exactly the provider_config fields Bolna needs
 * for it. Other synthesizer fields the agent carries (stream, buffer_size, …) are kept.
 */
export function VoicePresetPicker({ name }: { name: SynthPath }) {
  const { setValue } = useFormContext<AgentFormValues>();
  const synth = useWatch<AgentFormValues>({ name }) as Synth | undefined;
  const current = matchingPreset(synth);
  return (
    <Field label="Voice preset" hint="Fills the fields below for a voice Bolna can use as is">
      {(p) => (
        <Select
          value={current >= 0 ? String(current) : CUSTOM}
          onValueChange={(v) => {
            if (v === CUSTOM) return;
            const preset = VOICE_PRESETS[Number(v)];
            setValue(name, { ...synth, provider: preset.provider, provider_config: { ...preset.provider_config } } as never, { shouldDirty: true, shouldValidate: true });
          }}
        >
          <SelectTrigger {...p}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={CUSTOM}>Custom</SelectItem>
            {VOICE_PRESETS.map((preset, i) => (
              <SelectItem key={preset.label} value={String(i)}>{preset.label}</SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
