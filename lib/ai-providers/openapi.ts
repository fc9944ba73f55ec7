import { z } from "zod";
import { PageQuery } from "@/lib/core/page-query";
import type { SchemaRegistry } from "@/lib/openapi/json-schema";
import { operation, type OperationObject } from "@/lib/openapi/operation";
import { hasMore, nextCursor } from "@/lib/openapi/responses";
import { AiProviderCheck, AiProviderCreate, AiProviderIdParams, AiProviderPatch, AiProviderView } from "./schema";

const TAG = "AI providers";
const NOT_FOUND = "No AI provider with this id in the caller's account";

export const aiProvidersTag = {
  name: TAG,
  description: "The account's OpenAI-compatible chat-completions APIs (OpenAI, Azure OpenAI, Groq, OpenRouter, vLLM, Ollama) for Voxdesk's own post-call analysis (admin and above).",
};

export function aiProvidersPaths(r: SchemaRegistry): Record<string, Record<string, OperationObject>> {
  return {
    "/ai-providers": {
      post: operation(r, "post", {
        tag: TAG, operationId: "createAiProvider", summary: "Connect an AI provider",
        description: "The API key is sealed at rest (AES-256-GCM) and never returned, and is only sent to the origin of base_url. "
          + "Requests go through the same SSRF-safe policy as tool tests: private addresses are refused unless TOOL_TARGET_ALLOWLIST admits them (e.g. a local Ollama).",
        body: AiProviderCreate,
        bodyExample: { name: "OpenAI", base_url: "https://api.openai.com/v1", api_key: "sk-your-openai-key", model: "gpt-4o-mini" },
        responses: { 201: { description: "Created", schema: AiProviderView } },
      }),
      get: operation(r, "get", {
        tag: TAG, operationId: "listAiProviders", summary: "List AI providers", query: PageQuery,
        responses: { 200: { description: "One page, newest first", schema: z.object({ providers: z.array(AiProviderView), next_cursor: nextCursor, has_more: hasMore }) } },
      }),
    },
    "/ai-providers/{provider_id}": {
      get: operation(r, "get", { tag: TAG, operationId: "getAiProvider", summary: "Get an AI provider", params: AiProviderIdParams, responses: { 200: { description: "The provider", schema: AiProviderView } }, errors: { 404: NOT_FOUND } }),
      patch: operation(r, "patch", {
        tag: TAG, operationId: "updateAiProvider", summary: "Change an AI provider",
        description: "Rename, change the model, replace the key, change base_url, or make it the account's default (`is_default: true`: analysis, the test chat and judges use it when no provider is named; the previous default stops being one). The key is bound to the origin (scheme, host, port) of base_url: moving base_url to another origin needs `api_key` again.",
        params: AiProviderIdParams, body: AiProviderPatch, responses: { 200: { description: "The provider after the change", schema: AiProviderView } },
        errors: { 404: NOT_FOUND, 422: "`base_url` moves to another origin without `api_key`; nothing was changed" },
      }),
      delete: operation(r, "delete", {
        tag: TAG, operationId: "deleteAiProvider", summary: "Delete an AI provider", description: "Deleting the default makes the oldest remaining provider the default.",
        params: AiProviderIdParams, responses: { 200: { description: "Deleted", schema: z.object({ provider_id: z.string(), status: z.literal("deleted") }) } }, errors: { 404: NOT_FOUND },
      }),
    },
    "/ai-providers/{provider_id}/check": {
      post: operation(r, "post", {
        tag: TAG, operationId: "checkAiProvider", summary: "Check the connection",
        description: "Calls `GET {base_url}/models` with the stored key and, when the model is not listed there, one tiny chat completion. A failed check answers 200 with `ok: false` and the reason.",
        params: AiProviderIdParams, responses: { 200: { description: "The result", schema: AiProviderCheck } }, errors: { 404: NOT_FOUND },
      }),
    },
  };
}
