// Bolna's providers and enums, from the facts doc (shared/spec/bolna-engine.md §1, read from
// bolna-ai/bolna tag 0.10.204 models.py/enums.py). Pure data: imported by the builder (client)
// and by the readiness check the deploy route runs (server), so it must stay free of server-only code.

export const LLM_PROVIDERS = [
  "openai", "azure-openai", "azure", "anthropic", "google", "groq", "deepseek", "openrouter", "together",
  "fireworks", "deepinfra", "perplexity", "cohere", "ollama", "vllm", "anyscale", "ola", "custom",
] as const;

export type SynthesizerField = "voice" | "voice_id" | "model" | "engine" | "language";

/** Required and optional `provider_config` fields per synthesizer provider. */
export const SYNTHESIZER_PROVIDERS: Record<string, { required: SynthesizerField[]; optional: string[] }> = {
  polly: { required: ["voice", "engine", "language"], optional: [] },
  elevenlabs: { required: ["voice", "voice_id", "model"], optional: ["temperature", "similarity_boost", "speed", "style"] },
  openai: { required: ["voice", "model"], optional: [] },
  deepgram: { required: ["voice", "voice_id", "model"], optional: [] },
  azuretts: { required: ["voice", "model", "language"], optional: ["speed"] },
  cartesia: { required: ["voice", "voice_id", "model", "language"], optional: ["speed"] },
  smallest: { required: ["voice", "voice_id", "model", "language"], optional: [] },
  sarvam: { required: ["voice", "voice_id", "model", "language"], optional: ["speed"] },
  rime: { required: ["voice", "voice_id", "model", "language"], optional: [] },
  pixa: { required: ["voice", "voice_id", "model", "language"], optional: ["top_p", "repetition_penalty"] },
  maya: { required: ["voice", "voice_id", "model"], optional: ["language"] },
};

export const SYNTHESIZER_PROVIDER_NAMES = Object.keys(SYNTHESIZER_PROVIDERS);

export const TRANSCRIBER_PROVIDERS = [
  "deepgram", "azure", "sarvam", "assembly", "google", "pixa", "gladia", "elevenlabs", "smallest", "openai", "soniox",
] as const;

/** Input/output providers; the first five are telephony. */
export const TELEPHONY_PROVIDERS = ["twilio", "exotel", "plivo", "vobiz", "sip-trunk"] as const;
export const IO_PROVIDERS = [...TELEPHONY_PROVIDERS, "freeswitch", "default", "database"] as const;
export const IO_FORMATS = ["wav", "pcm", "mp3", "ulaw"] as const;

export const LLM_AGENT_TYPES = ["simple_llm_agent", "knowledgebase_agent", "graph_agent", "llm_agent_graph", "multiagent"] as const;
export const FLOW_TYPES = ["streaming", "preprocessed"] as const;
export const TASK_TYPES = ["conversation", "extraction", "summarization", "webhook"] as const;
export const TOOLCHAIN_EXECUTIONS = ["parallel", "sequential"] as const;
export const PIPELINE_STAGES = ["transcriber", "llm", "synthesizer"] as const;
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;

/** Fields Voxdesk keeps on the agent that Bolna has no place for; the deploy leaves them out. */
export const VOXDESK_ONLY_AGENT_FIELDS = ["timezone", "country", "call_direction", "inbound_phone_number"] as const;
