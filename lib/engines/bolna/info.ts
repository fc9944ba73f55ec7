import type { ProviderInfo } from "../providers";
import { bolnaReadiness } from "./readiness";

// Bolna's hosted API (docs/bolna.md): it runs agents deployed to it, places their calls, lists
// past executions and posts each status change to the engine's webhook URL; its extraction and
// summary tasks analyse a call on Bolna's side.
export const bolnaInfo: ProviderInfo = {
  provider: "bolna",
  label: "Bolna",
  can: { deploy: true, place_call: true, sync: true, push: true, analysis: true },
  defaultBaseUrl: "https://api.bolna.ai",
  webhookNote: "Deploying sets it on the engine's agents: Bolna posts every status change of their calls to it.",
  readiness: bolnaReadiness,
};
