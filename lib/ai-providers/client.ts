import "server-only";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { config } from "@/lib/core/config";
import { guardedFetch } from "@/lib/outbound/guarded-fetch";

// The one way to reach an account's AI provider: the AI SDK's OpenAI-compatible client over our
// guarded fetch, so every request meets the address policy tools and engines meet
// (TOOL_TARGET_ALLOWLIST admits private targets such as a local vLLM or Ollama).

/** A chat completion may take a while on a long transcript; a hung provider must not hold a worker forever. */
export const AI_TIMEOUT_MS = 60_000;

export interface ProviderConnection { base_url: string; api_key: string; model: string }
export interface ConnectOptions { timeoutMs?: number; allowlist?: string }

export function providerFetch(options: ConnectOptions = {}): typeof fetch {
  return guardedFetch({ allowlist: options.allowlist ?? config().TOOL_TARGET_ALLOWLIST, timeoutMs: options.timeoutMs ?? AI_TIMEOUT_MS });
}

export function chatModel(p: ProviderConnection, options: ConnectOptions = {}) {
  const provider = createOpenAICompatible({
    name: "voxdesk-ai-provider",
    baseURL: p.base_url,
    apiKey: p.api_key,
    fetch: providerFetch(options),
    // response_format json_schema (strict), as OpenAI, Groq, vLLM and Ollama accept
    supportsStructuredOutputs: true,
    includeUsage: true,
  });
  return provider.chatModel(p.model);
}
