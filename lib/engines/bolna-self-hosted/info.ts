import type { ProviderInfo, ReadinessIssue } from "../providers";
import { bolnaReadiness } from "../bolna/readiness";

// The open-source Bolna server run by the operator, with Voxdesk as its telephony server: Voxdesk
// places each call through the operator's Twilio account, Twilio reports the call's progress to
// Voxdesk, and the Bolna server (with integrations/bolna-server) pushes the conversation after it.

/** What the open-source server refuses beyond hosted Bolna's rules: only Twilio's media frames are read. */
export function selfHostedReadiness(payload: unknown): ReadinessIssue[] {
  const out = bolnaReadiness(payload);
  const tasks = (payload as { agent_config?: { tasks?: unknown } })?.agent_config?.tasks;
  if (!Array.isArray(tasks)) return out;
  tasks.forEach((task, i) => {
    const tc = (task as { task_type?: unknown; tools_config?: Record<string, { provider?: unknown } | undefined> })?.tools_config;
    if ((task as { task_type?: unknown })?.task_type !== "conversation" || !tc) return;
    for (const side of ["input", "output"] as const) {
      const provider = tc[side]?.provider;
      if (provider !== undefined && provider !== "twilio") {
        out.push({ path: `agent_config.tasks[${i}].tools_config.${side}.provider`, kind: "refused",
          message: "must be \"twilio\": Voxdesk places self-hosted calls through Twilio, and Bolna reads Twilio's media frames only then" });
      }
    }
  });
  return out;
}

export const selfHostedBolnaInfo: ProviderInfo = {
  provider: "bolna-self-hosted",
  label: "Bolna (self-hosted)",
  can: {
    deploy: true,
    place_call: true,
    sync: "the open-source Bolna server keeps no record of calls: each one arrives as it happens, from Twilio and from the push endpoint",
    push: true,
    analysis: true,
  },
  defaultBaseUrl: "http://localhost:5001",
  webhookNote: "Voxdesk hands it to Twilio with every call it places: Twilio's signed callbacks report each call's progress and recording to it.",
  readiness: selfHostedReadiness,
};
