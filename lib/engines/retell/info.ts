import type { ProviderInfo } from "../providers";

// Retell: its agents live in Retell's dashboard. Voxdesk links each one it sees to an agent of its
// own, places calls through them, pulls past calls and takes Retell's signed webhooks; Retell's call
// analysis (summary, success, sentiment, custom data) becomes the call's outcome.
export const retellInfo: ProviderInfo = {
  provider: "retell",
  label: "Retell",
  can: {
    deploy: "Retell agents are configured in Retell's dashboard: Voxdesk links each one it sees and keeps its calls",
    place_call: true,
    sync: true,
    push: true,
    analysis: true,
  },
  defaultBaseUrl: "https://api.retellai.com",
  webhookNote: "Paste it as the webhook URL in Retell's dashboard (account-wide, or on each agent). Retell signs every event with the API key this engine holds, which must be the key with the webhook badge.",
  readiness: () => [],
  linksRemoteAgents: true,
};
