import "server-only";
import { AppError } from "@/lib/http/errors";
import { validationError } from "@/lib/http/route";
import type { EngineAdapter } from "./adapter";
import { bolnaAdapter } from "./bolna/adapter";
import { selfHostedBolnaAdapter } from "./bolna-self-hosted/adapter";
import { retellAdapter } from "./retell/adapter";
import { vapiAdapter } from "./vapi/adapter";
import type { EngineRow } from "./db";
import { CAPABILITY_LABELS, cannot, type Capability } from "./providers";

// Every engine adapter, by provider. Adding an engine: an adapter in lib/engines/<provider>/, its
// ProviderInfo in providers.ts, and a line here.
const ADAPTERS: Record<string, EngineAdapter> = Object.fromEntries([bolnaAdapter, selfHostedBolnaAdapter, vapiAdapter, retellAdapter].map((a) => [a.info.provider, a]));

/** Whether engines of this provider price a call after it (the carrier-price worker asks them). */
export const providerHasPrice = (provider: string): boolean => typeof ADAPTERS[provider]?.price === "function";

/** The adapter of an engine's provider. An engine stored with a provider this build lacks is a 500. */
export function adapterFor(provider: string): EngineAdapter {
  const adapter = ADAPTERS[provider];
  if (!adapter) throw new AppError(500, `No engine adapter for provider '${provider}'`);
  return adapter;
}

const METHOD = { deploy: "deploy", place_call: "placeCall", sync: "sync", push: "receive" } as const;
type Operation = keyof typeof METHOD;
type Run<C extends Operation> = NonNullable<EngineAdapter[(typeof METHOD)[C]]>;

/**
 * The adapter and its operation for `capability`, or a 422 naming `field` with the reason this
 * engine cannot (the console offers no such action; the API says why).
 */
export function capableAdapter<C extends Operation>(engine: EngineRow, capability: C, field: string): { adapter: EngineAdapter; run: Run<C> } {
  const adapter = adapterFor(engine.provider);
  const op = adapter[METHOD[capability]] as Run<C> | undefined;
  const why = cannot(engine.provider, capability as Capability);
  if (!op || why) {
    throw validationError([{ path: field, message: `this engine cannot ${CAPABILITY_LABELS[capability].toLowerCase()}: ${why ?? "not supported"}` }], 422);
  }
  return { adapter, run: op.bind(adapter) as Run<C> };
}
