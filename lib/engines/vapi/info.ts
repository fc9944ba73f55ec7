import type { ProviderInfo } from "../providers";

// Vapi: its assistants live in Vapi's dashboard. Voxdesk links each one it sees to an agent of its
// own, places calls through them, pulls past calls and takes Vapi's server messages as they happen;
// Vapi's own analysis (summary, success evaluation, structured data) becomes the call's outcome.
export const vapiInfo: ProviderInfo = {
  provider: "vapi",
  label: "Vapi",
  can: {
    deploy: "Vapi assistants are configured in Vapi's dashboard: Voxdesk links each one it sees and keeps its calls",
    place_call: true,
    sync: true,
    push: true,
    analysis: true,
  },
  defaultBaseUrl: "https://api.vapi.ai",
  webhookNote: "Paste it as the Server URL of your Vapi organisation (or of each assistant), with a Bearer credential whose token is the webhook secret Voxdesk showed when the engine was created. Vapi then posts each call's status updates and end-of-call report to it.",
  readiness: () => [],
  linksRemoteAgents: true,
  webhookCredential: true,
};
