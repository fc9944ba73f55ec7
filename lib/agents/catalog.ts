// The agent format's vocabulary: what its providers, flows and voices may be. The format is
// Bolna's agent model (docs/bolna.md, "Agent model": its models and enums as of release 0.10.204),
// the one the agent API speaks whatever engine runs the agent. Pure data, shared by the builder
// (pickers, presets) and the engines' readiness checks before a deploy.

export const LLM_PROVIDERS = [
  "openai", "azure-openai", "azure", "anthropic", "google", "groq", "deepseek", "openrouter", "together",
  "fireworks", "deepinfra", "perplexity", "cohere", "ollama", "vllm", "anyscale", "ola", "custom",
] as const;

export const LLM_AGENT_TYPES = ["simple_llm_agent", "knowledgebase_agent", "graph_agent", "llm_agent_graph", "multiagent"] as const;
export const LLM_FLOW_TYPES = ["streaming", "preprocessed"] as const;
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
export const TASK_TYPES = ["conversation", "extraction", "summarization", "webhook"] as const;
export const EXECUTIONS = ["parallel", "sequential"] as const;
export const PIPELINE_STAGES = ["transcriber", "llm", "synthesizer"] as const;

export const TRANSCRIBER_PROVIDERS = [
  "deepgram", "azure", "sarvam", "assembly", "google", "pixa", "gladia", "elevenlabs", "smallest", "openai", "soniox",
] as const;

/** Telephony providers (input/output of a phone agent); `default` and `database` are Bolna's non-phone IO. */
export const TELEPHONY_PROVIDERS = ["twilio", "exotel", "plivo", "vobiz", "sip-trunk"] as const;
export const IO_PROVIDERS = [...TELEPHONY_PROVIDERS, "freeswitch", "default", "database"] as const;
export const IO_FORMATS = ["wav", "pcm", "mp3", "ulaw"] as const;

export type ProviderConfigField = "voice" | "voice_id" | "model" | "engine" | "language";

/** Per synthesizer provider, the provider_config fields Bolna requires and those it also reads. */
export const SYNTHESIZERS: Record<string, { required: ProviderConfigField[]; optional: string[] }> = {
  polly: { required: ["voice", "engine", "language"], optional: [] },
  elevenlabs: { required: ["voice", "voice_id", "model"], optional: ["temperature", "similarity_boost", "speed", "style"] },
  openai: { required: ["voice", "model"], optional: [] },
  deepgram: { required: ["voice", "voice_id", "model"], optional: [] },
  cartesia: { required: ["voice", "voice_id", "model", "language"], optional: ["speed"] },
  rime: { required: ["voice", "voice_id", "model", "language"], optional: [] },
  smallest: { required: ["voice", "voice_id", "model", "language"], optional: [] },
  sarvam: { required: ["voice", "voice_id", "model", "language"], optional: ["speed"] },
  pixa: { required: ["voice", "voice_id", "model", "language"], optional: ["top_p", "repetition_penalty"] },
  maya: { required: ["voice", "voice_id", "model"], optional: ["language"] },
  azuretts: { required: ["voice", "model", "language"], optional: ["speed"] },
};

export interface VoicePreset {
  label: string;
  provider: string;
  provider_config: Partial<Record<ProviderConfigField, string>>;
}

/**
 * Ready-made voices. Ids are the providers' published public ids (ElevenLabs' premade voices,
 * Deepgram Aura, OpenAI's built-in voices, Amazon Polly's voice list); every preset satisfies
 * SYNTHESIZERS[provider].required, which a unit test checks.
 */
export const VOICE_PRESETS: VoicePreset[] = [
  { label: "ElevenLabs · Rachel", provider: "elevenlabs", provider_config: { voice: "Rachel", voice_id: "21m00Tcm4TlvDq8ikWAM", model: "eleven_turbo_v2_5" } },
  { label: "ElevenLabs · Sarah", provider: "elevenlabs", provider_config: { voice: "Sarah", voice_id: "EXAVITQu4vr4xnSDxMaL", model: "eleven_turbo_v2_5" } },
  { label: "OpenAI · Alloy", provider: "openai", provider_config: { voice: "alloy", model: "tts-1" } },
  { label: "OpenAI · Nova", provider: "openai", provider_config: { voice: "nova", model: "tts-1" } },
  { label: "Deepgram · Asteria", provider: "deepgram", provider_config: { voice: "Asteria", voice_id: "aura-asteria-en", model: "aura" } },
  { label: "Amazon Polly · Joanna (neural)", provider: "polly", provider_config: { voice: "Joanna", engine: "neural", language: "en-US" } },
  { label: "Amazon Polly · Matthew (neural)", provider: "polly", provider_config: { voice: "Matthew", engine: "neural", language: "en-US" } },
];
