import * as bolna from "@/lib/engines/bolna/catalog";

// Suggestions the builder offers; provider lists come from Bolna's catalog (lib/engines/bolna). The API takes any provider, model, voice or engine name (they
// are free strings in lib/schemas/agent.ts), so every one of these fields also accepts free entry.

export type Choice = { value: string; hint?: string };

export const AGENT_TYPES: Choice[] = [
  { value: "other" },
  { value: "customer_support", hint: "Answer questions, route requests" },
  { value: "lead_qualification", hint: "Ask questions, score the lead" },
  { value: "appointment_booking" },
  { value: "survey" },
  { value: "reminder" },
];

export const TASK_TYPES: Choice[] = [
  { value: "conversation", hint: "Talk with the caller" },
  { value: "extraction", hint: "Pull fields out of the transcript" },
  { value: "summarization", hint: "Summarise the call" },
  { value: "webhook", hint: "Send the result somewhere" },
];

export const LLM_AGENT_TYPES: Choice[] = bolna.LLM_AGENT_TYPES.map((value) => ({ value }));

export const FLOW_TYPES: Choice[] = [
  { value: "streaming", hint: "Speak while the reply is generated" },
  { value: "preprocessed", hint: "Pre-generated replies" },
];

export const LLM_PROVIDERS: Choice[] = bolna.LLM_PROVIDERS.map((value) => ({ value }));

export const LLM_MODELS: Record<string, string[]> = {
  openai: ["gpt-4o-mini", "gpt-4o", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano"],
  anthropic: ["claude-sonnet-4", "claude-haiku-4", "claude-opus-4"],
  groq: ["llama-3.3-70b", "llama-3.1-8b-instant"],
  azure: ["gpt-4o", "gpt-4o-mini"],
  deepseek: ["deepseek-chat"],
};

/** Suggestions per synthesizer provider and provider_config field (free entry still allowed). */
export const SYNTHESIZERS: Record<string, Partial<Record<bolna.SynthesizerField, string[]>>> = {
  ...Object.fromEntries(bolna.SYNTHESIZER_PROVIDER_NAMES.map((p) => [p, {}])),
  elevenlabs: {
    voice: ["Rachel", "Adam", "Bella", "Antoni", "Domi", "Josh"],
    model: ["eleven_turbo_v2_5", "eleven_flash_v2_5", "eleven_multilingual_v2"],
  },
  polly: { voice: ["Joanna", "Matthew", "Amy", "Brian", "Aditi", "Lupe"], engine: ["neural", "generative", "standard"], language: ["en-US", "en-GB", "en-IN"] },
  deepgram: { voice_id: ["aura-asteria-en", "aura-luna-en", "aura-orion-en", "aura-arcas-en"], model: ["aura-asteria-en", "aura-luna-en", "aura-orion-en", "aura-arcas-en"] },
  openai: { voice: ["alloy", "echo", "fable", "onyx", "nova", "shimmer"], model: ["tts-1", "tts-1-hd"] },
  azuretts: { voice: ["en-US-JennyNeural", "en-US-GuyNeural", "en-GB-SoniaNeural"], language: ["en-US", "en-GB"] },
};

export const TRANSCRIBERS: Record<string, string[]> = {
  ...Object.fromEntries(bolna.TRANSCRIBER_PROVIDERS.map((p) => [p, [] as string[]])),
  deepgram: ["nova-3", "nova-2", "nova-2-phonecall", "nova-3-medical"],
};

export const TELEPHONY_PROVIDERS: Choice[] = bolna.IO_PROVIDERS.map((value) => ({
  value,
  hint: value === "default" ? "Web call / browser audio" : (bolna.TELEPHONY_PROVIDERS as readonly string[]).includes(value) ? "Telephony" : undefined,
}));

export const AUDIO_FORMATS: Choice[] = bolna.IO_FORMATS.map((value) => ({ value, hint: value === "ulaw" ? "8 kHz G.711 μ-law" : undefined }));

export const PIPELINE_STAGES: Choice[] = [
  { value: "transcriber", hint: "Speech to text" },
  { value: "llm", hint: "Language model" },
  { value: "synthesizer", hint: "Text to speech" },
];

export const toChoices = (values: readonly string[]): Choice[] => values.map((value) => ({ value }));
