// Suggestions the builder offers. The API takes any provider, model, voice or engine name (they
// are free strings in lib/agents/schema.ts), so every one of these fields also accepts free entry;
// provider lists come from Bolna's catalog so the defaults are what the engine runs.
import { IO_FORMATS, IO_PROVIDERS, LLM_FLOW_TYPES, LLM_PROVIDERS, SYNTHESIZERS as CATALOG_SYNTHESIZERS, TRANSCRIBER_PROVIDERS } from "@/lib/agents/catalog";

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

export const LLM_AGENT_TYPES: Choice[] = [
  { value: "simple_llm_agent", hint: "One prompt, one model" },
  { value: "knowledgebase_agent", hint: "Answers from a knowledge base" },
  { value: "graph_agent", hint: "Conversation graph" },
  { value: "llm_agent_graph" },
  { value: "multiagent" },
];

const FLOW_HINTS: Record<string, string> = { streaming: "Speak while the reply is generated", preprocessed: "Pre-rendered replies" };
export const FLOW_TYPES: Choice[] = LLM_FLOW_TYPES.map((value) => ({ value, hint: FLOW_HINTS[value] }));

export const LLM_PROVIDER_CHOICES: Choice[] = LLM_PROVIDERS.map((value) => ({ value }));

export const LLM_MODELS: Record<string, string[]> = {
  openai: ["gpt-4o-mini", "gpt-4o", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano"],
  anthropic: ["claude-sonnet-4", "claude-haiku-4", "claude-opus-4"],
  groq: ["llama-3.3-70b", "llama-3.1-8b-instant"],
  azure: ["gpt-4o", "gpt-4o-mini"],
  deepseek: ["deepseek-chat"],
};

export const SYNTHESIZER_PROVIDER_CHOICES: Choice[] = Object.keys(CATALOG_SYNTHESIZERS).map((value) => ({ value }));
export const TRANSCRIBER_PROVIDER_CHOICES: Choice[] = TRANSCRIBER_PROVIDERS.map((value) => ({ value }));

/** Hints for the synthesizer fields; which fields a provider needs comes from the Bolna catalog. */
export const SYNTHESIZERS: Record<string, { voices: string[]; engines: string[] }> = {
  elevenlabs: {
    voices: ["Rachel", "Adam", "Bella", "Antoni", "Domi", "Josh"],
    engines: ["eleven_turbo_v2_5", "eleven_flash_v2_5", "eleven_multilingual_v2"],
  },
  polly: { voices: ["Joanna", "Matthew", "Amy", "Brian", "Aditi", "Lupe"], engines: ["neural", "generative", "standard"] },
  deepgram: { voices: ["aura-asteria-en", "aura-luna-en", "aura-orion-en", "aura-arcas-en"], engines: ["aura", "aura-2"] },
  azuretts: { voices: ["en-US-JennyNeural", "en-US-GuyNeural", "en-GB-SoniaNeural"], engines: ["neural"] },
  cartesia: { voices: ["sonic-english"], engines: ["sonic-2"] },
};

export const TRANSCRIBERS: Record<string, string[]> = {
  deepgram: ["nova-3", "nova-2", "nova-2-phonecall", "nova-3-medical"],
  azure: ["default"],
  assemblyai: ["universal-streaming"],
  whisper: ["whisper-1"],
};

const IO_HINTS: Record<string, string> = { default: "Web call / browser audio", ulaw: "8 kHz G.711 μ-law" };
export const TELEPHONY_PROVIDERS: Choice[] = IO_PROVIDERS.map((value) => ({ value, hint: IO_HINTS[value] }));
export const AUDIO_FORMATS: Choice[] = IO_FORMATS.map((value) => ({ value, hint: IO_HINTS[value] }));

export const PIPELINE_STAGES: Choice[] = [
  { value: "transcriber", hint: "Speech to text" },
  { value: "llm", hint: "Language model" },
  { value: "synthesizer", hint: "Text to speech" },
];

export const toChoices = (values: readonly string[]): Choice[] => values.map((value) => ({ value }));
