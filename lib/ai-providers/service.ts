import "server-only";
import { generateText } from "ai";
import { openAiProviderKey, type AiProviderRow } from "./db";
import { chatModel, providerFetch, type ConnectOptions, type ProviderConnection } from "./client";
import { describeProviderFailure } from "./failure";
import type { AiProviderCheckResult } from "./schema";

/** A check answers while someone waits at the console: shorter than an analysis may take. */
export const CHECK_TIMEOUT_MS = 15_000;

/** The stored provider with its key opened, for one outbound use (never kept, never returned). */
export function connectionOf(row: AiProviderRow): ProviderConnection {
  return { base_url: row.base_url, model: row.model, api_key: openAiProviderKey(row) };
}

async function listedModels(p: ProviderConnection, options: ConnectOptions): Promise<{ status: number; ids: string[] | null }> {
  const res = await providerFetch(options)(`${p.base_url}/models`, { headers: { authorization: `Bearer ${p.api_key}`, accept: "application/json" } });
  const body = await res.json().catch(() => null) as { data?: { id?: unknown }[] } | null;
  const ids = Array.isArray(body?.data) ? body.data.map((m) => String(m?.id)) : null;
  return { status: res.status, ids };
}

/**
 * Proves base_url, key and model: `GET {base_url}/models` (cheap) and, when the model is not listed
 * there (some servers list nothing, or only aliases), one tiny completion. A failed check is an
 * answer, not an error.
 */
export async function checkProvider(p: ProviderConnection, options: ConnectOptions = {}): Promise<AiProviderCheckResult> {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const fail = (err: unknown) => ({ ok: false, message: describeProviderFailure(err, { baseUrl: p.base_url, timeoutMs }).reason });
  try {
    const models = await listedModels(p, { ...options, timeoutMs });
    if (models.status === 401 || models.status === 403) return { ok: false, message: `The provider refused the API key (HTTP ${models.status})` };
    if (models.ids?.includes(p.model)) return { ok: true, message: `Connected: the provider lists model ${p.model}` };
  } catch (err) {
    return fail(err);
  }
  try {
    await generateText({ model: chatModel(p, { ...options, timeoutMs }), prompt: "Reply with OK.", maxOutputTokens: 5, maxRetries: 0 });
    return { ok: true, message: `Connected: model ${p.model} answered` };
  } catch (err) {
    return fail(err);
  }
}
