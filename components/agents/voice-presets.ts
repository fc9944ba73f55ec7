import { SYNTHESIZER_PROVIDERS, type SynthesizerField } from "@/lib/engines/bolna/catalog";

// Voice presets: each fills every provider_config field Bolna needs for its provider (the unit
// test runs bolnaReadiness on each). Values are the vendors' public names/ids (docs/decisions.md
// "Agents: lossless payloads and Bolna readiness" says where each comes from).
export type VoicePreset = { id: string; label: string; provider: string; provider_config: Partial<Record<SynthesizerField, string>> };

export const VOICE_PRESETS: VoicePreset[] = [
  { id: "elevenlabs-rachel", label: "ElevenLabs · Rachel (turbo v2.5)", provider: "elevenlabs",
    provider_config: { voice: "Rachel", voice_id: "21m00Tcm4TlvDq8ikWAM", model: "eleven_turbo_v2_5" } },
  { id: "polly-joanna", label: "Amazon Polly · Joanna (neural, en-US)", provider: "polly",
    provider_config: { voice: "Joanna", engine: "neural", language: "en-US" } },
  { id: "polly-matthew", label: "Amazon Polly · Matthew (neural, en-US)", provider: "polly",
    provider_config: { voice: "Matthew", engine: "neural", language: "en-US" } },
  { id: "deepgram-asteria", label: "Deepgram · Aura Asteria (en)", provider: "deepgram",
    provider_config: { voice: "Asteria", voice_id: "aura-asteria-en", model: "aura-asteria-en" } },
  { id: "openai-alloy", label: "OpenAI · alloy (tts-1)", provider: "openai", provider_config: { voice: "alloy", model: "tts-1" } },
  { id: "openai-nova", label: "OpenAI · nova (tts-1)", provider: "openai", provider_config: { voice: "nova", model: "tts-1" } },
];

/** The provider_config fields the builder shows for a synthesizer provider (all five when unknown). */
export function synthesizerFields(provider: string | undefined): SynthesizerField[] {
  const spec = provider ? SYNTHESIZER_PROVIDERS[provider.trim().toLowerCase()] : undefined;
  return spec ? spec.required : ["voice", "voice_id", "model", "engine", "language"];
}

export const SYNTHESIZER_FIELD_LABELS: Record<SynthesizerField, string> = {
  voice: "Voice", voice_id: "Voice ID", model: "Model", engine: "Engine", language: "Language",
};
