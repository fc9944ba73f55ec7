import type { NewCall } from "@/lib/calls/db/calls";
import { syntheticCalls } from "@/scripts/support/synthetic-calls";

// The e2e account's calls: the CLI's seed generator (same seed → same calls, shifted to end now),
// plus a few hand-written ones so every imported status, and the engine's no-answer and busy, occur
// and some transcripts say "refund" for sure.

export const E2E_SEED = 20_260_501;
export const E2E_GENERATED = 300;
/** A call with a long transcript and a recording, opened by sid in the spec. */
export const SHOWCASE_SID = "CAe2e-refund-showcase";

const SHOWCASE_TRANSCRIPT = [
  "Agent: Welcome to Acme Internet support. Can I have your account number or order number?",
  "User: Sure, it's order 512-3381. I was charged twice on my last invoice.",
  "Agent: I'm sorry about that. I can see the duplicate charge of $49.99.",
  "Agent: I've issued a refund, it takes 3 to 5 business days.",
  "User: Will I get a confirmation email for the refund?",
  "Agent: Yes, a confirmation email is on its way.",
  "User: Thank you, bye.",
].join("\n");

// Nothing in the e2e run may reach beyond loopback: recordings point at a closed local port
// (and the player loads nothing before play anyway).
const loopbackRecording = (sid: string) => `http://127.0.0.1:9/recordings/${sid}.wav`;

export function e2eCalls(now = new Date()): NewCall[] {
  // 29 days back from now: every seeded call falls inside the dashboard's default 30 UTC days.
  const generated = [...syntheticCalls({ count: E2E_GENERATED, days: 29, seed: E2E_SEED, until: now })].flat();
  const support = generated.find((c) => c.name === "Support Line") ?? generated[0];
  const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
  const base = { agent_id: support.agent_id, name: support.name, recording_url: "", transcription: "", cost: 0, duration: 0 };
  const extra: NewCall[] = [
    { ...base, call_sid: "CAe2e-live-initiated", from_number: "", to_number: "", status: "initiated", call_type: "web_call", created_at: at(10_000) },
    { ...base, call_sid: "CAe2e-live-ringing", from_number: "+14155550142", to_number: "+12125550177", status: "ringing", call_type: "outbound", created_at: at(20_000) },
    { ...base, call_sid: "CAe2e-live-progress", from_number: "+12125550123", to_number: "+14155550142", status: "in_progress", call_type: "inbound",
      duration: 95, cost: 0.1346, transcription: "Agent: Acme Internet support, how can I help?\nUser: I need a refund for a double charge.", created_at: at(95_000) },
    { ...base, call_sid: SHOWCASE_SID, from_number: "+16175550188", to_number: "+14155550142", status: "completed", call_type: "inbound",
      duration: 187.4, cost: 0.2655, recording_url: loopbackRecording(SHOWCASE_SID), transcription: SHOWCASE_TRANSCRIPT, created_at: at(3 * 3_600_000) },
    { ...base, call_sid: "CAe2e-refund-failed", from_number: "+13125550101", to_number: "+14155550142", status: "failed", call_type: "inbound",
      duration: 4.2, cost: 0.006, transcription: "Agent: Acme Internet support.\nUser: Hi, about my refund", created_at: at(2 * 86_400_000) },
    // How a campaign's unanswered calls come back from the engine (these showed as grey "unknown").
    { ...base, call_sid: "CAe2e-engine-no-answer", from_number: "+14155550100", to_number: "+13125550177", status: "no-answer", call_type: "outbound", created_at: at(5 * 3_600_000) },
    { ...base, call_sid: "CAe2e-engine-busy", from_number: "+14155550100", to_number: "+13125550178", status: "busy", call_type: "outbound", created_at: at(6 * 3_600_000) },
  ];
  return [...generated.map((c) => ({ ...c, recording_url: c.recording_url ? loopbackRecording(c.call_sid) : "" })), ...extra];
}
