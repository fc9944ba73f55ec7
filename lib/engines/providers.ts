import { bolnaInfo } from "./bolna/info";
import { selfHostedBolnaInfo } from "./bolna-self-hosted/info";
import { retellInfo } from "./retell/info";
import { vapiInfo } from "./vapi/info";

// What each kind of engine can do, for the server (the registry's adapters carry this) and the
// console alike (pure data: it says what it cannot do and why, instead of offering the action).

export const CAPABILITIES = ["deploy", "place_call", "sync", "push", "analysis"] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CAPABILITY_LABELS: Record<Capability, string> = {
  deploy: "Deploy agents",
  place_call: "Place calls",
  sync: "Import past calls",
  push: "Report calls as they happen",
  analysis: "Analyse calls itself",
};

/** A readiness finding: what the engine would refuse, or accept but drop, of an agent. */
export interface ReadinessIssue { path: string; message: string; kind: "refused" | "dropped" }

export interface ProviderInfo {
  provider: string;
  /** The engine's name in sentences ("Bolna would refuse this agent"). */
  label: string;
  /** Each capability: true, or why this engine cannot. */
  can: Record<Capability, true | string>;
  defaultBaseUrl: string;
  /** How the engine's webhook URL gets used, said beside it. */
  webhookNote: string;
  /** What the engine would do with an agent, checked before a deploy sends anything. */
  readiness: (agent: unknown) => ReadinessIssue[];
  /** Agents live in the vendor's dashboard: each remote agent its calls name becomes a linked agent here. */
  linksRemoteAgents?: true;
  /** The engine shows a webhook credential (to set in the vendor's dashboard), new with every webhook URL rotation. */
  webhookCredential?: true;
}

const PROVIDERS: readonly ProviderInfo[] = [bolnaInfo, selfHostedBolnaInfo, vapiInfo, retellInfo];

export const PROVIDER_NAMES = PROVIDERS.map((p) => p.provider) as [string, ...string[]];
/** The kind of engine a new engine is, and an agent not yet deployed is checked against. */
export const DEFAULT_PROVIDER = PROVIDER_NAMES[0];

/** undefined: a provider this build does not know. */
export const providerInfo = (provider: string): ProviderInfo | undefined => PROVIDERS.find((p) => p.provider === provider);

/** The capabilities an engine of this provider has, in CAPABILITIES' order (the API's `capabilities`). */
export const capabilitiesOf = (provider: string): Capability[] =>
  CAPABILITIES.filter((c) => providerInfo(provider)?.can[c] === true);

/** Why an engine of this provider cannot do `c`; undefined when it can. */
export function cannot(provider: string, c: Capability): string | undefined {
  const info = providerInfo(provider);
  if (!info) return `this Voxdesk does not know engines of kind '${provider}'`;
  const v = info.can[c];
  return v === true ? undefined : v;
}
