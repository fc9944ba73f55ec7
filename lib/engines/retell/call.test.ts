import type Retell from "retell-sdk";
import { describe, expect, it } from "vitest";
import type { CallEnding } from "@/lib/calls/endings";
import type { NormalizedCall } from "@/lib/calls/normalized";
import { RETELL_DISCONNECTIONS, retellCallToCall, retellEnding, retellStatus, type RetellDisconnection } from "./call";

const NOW = "2026-11-12T15:00:00.000Z";
const CDN = "https://dxc03zgurdly9.cloudfront.net/9c4e1b7a2f6d8e3c5a0b4f7d1e9c2a6b8f3d5e7a1c4b9f2e6d8a0c3b5e7f1a4d";

/** A transcript_object utterance as Retell writes it: every word timed in seconds of call audio. */
function utterance(role: "agent" | "user" | "transfer_target", content: string, start: number) {
  const words = content.split(" ").map((word, i) => ({ word: i ? ` ${word}` : word, start: Math.round((start + i * 0.3) * 1000) / 1000, end: Math.round((start + i * 0.3 + 0.26) * 1000) / 1000 }));
  return { role, content, words };
}

const said = [
  ["agent", "Hi Dana, this is Ava from Acme Dental. I'm calling to confirm your cleaning on Tuesday at 10 AM.", 1.52],
  ["user", "Oh, hi. Actually, could we move it to the afternoon?", 8.11],
  ["agent", "I have 2:30 PM or 4 PM on Tuesday. Which works better?", 13.37],
  ["user", "2:30 is great, thanks. Bye!", 19.04],
] as const;

/** `GET /v2/get-call/{call_id}` of an analysed outbound call the customer ended, fields as the SDK's PhoneCallResponse names them. */
const retellCall = {
  call_id: "call_6b1f0e7a2c9d4e58b3a1f27d904",
  agent_id: "agent_3f8c2d91e6b74a05c1d2e3f4a5",
  agent_version: 4,
  agent_name: "Ava (reminders)",
  call_type: "phone_call",
  direction: "outbound",
  from_number: "+14155550199",
  to_number: "+14155550123",
  call_status: "ended",
  start_timestamp: 1794492194902,
  end_timestamp: 1794492291377,
  duration_ms: 96475,
  disconnection_reason: "user_hangup",
  transcript: said.map(([role, text]) => `${role === "agent" ? "Agent" : "User"}: ${text}\n`).join(""),
  transcript_object: said.map(([role, text, start]) => utterance(role, text, start)),
  transcript_with_tool_calls: [
    ...said.slice(0, 2).map(([role, text, start]) => utterance(role, text, start)),
    { role: "tool_call_invocation", tool_call_id: "tc_4f1a9b2c", name: "check_availability", arguments: "{\"date\":\"2026-11-17\"}" },
    { role: "tool_call_result", tool_call_id: "tc_4f1a9b2c", content: "{\"slots\":[\"14:30\",\"16:00\"]}" },
    ...said.slice(2).map(([role, text, start]) => utterance(role, text, start)),
  ],
  recording_url: `${CDN}/recording.wav`,
  recording_multi_channel_url: `${CDN}/recording_multichannel.wav`,
  public_log_url: `${CDN}/public.log`,
  call_cost: {
    product_costs: [
      { product: "elevenlabs_tts", unit_price: 0.1166667, cost: 11.2556 },
      { product: "gpt_4o_mini", unit_price: 0.0083333, cost: 0.804 },
      { product: "us_twilio_telephony", unit_price: 0.0233333, cost: 2.2511 },
      { product: "knowledge_base", unit_price: 0.0083333, cost: 0.804 },
    ],
    total_duration_seconds: 97,
    total_duration_unit_price: 0.1566666,
    combined_cost: 15.1147,
  },
  call_analysis: {
    call_summary: "Dana asked to move her Tuesday cleaning to the afternoon; the agent rebooked it for 2:30 PM.",
    in_voicemail: false,
    user_sentiment: "Positive",
    call_successful: true,
    custom_analysis_data: { appointment_moved: true, new_time: "2026-11-17T14:30" },
  },
  latency: {
    e2e: { p50: 1196.4, p90: 1350.2, p95: 1369.4, p99: 1384.8, max: 1388.6, min: 1052, num: 3, values: [1196.4, 1388.6, 1052] },
    llm: { p50: 431, p90: 576.8, p95: 594.4, p99: 608.5, max: 612, min: 388, num: 3, values: [431, 612, 388] },
    tts: { p50: 268, p90: 278.4, p95: 279.7, p99: 280.7, max: 281, min: 259, num: 3, values: [268, 281, 259] },
  },
  llm_token_usage: { values: [1702, 1911, 2058], average: 1890.33, num_requests: 3 },
  telephony_identifier: { twilio_call_sid: "CA9f2c4e81d07b3a5c6e1f2d3a4b5c6d7e" },
  retell_llm_dynamic_variables: { name: "Dana", appointment: "Tuesday 10 AM" },
  collected_dynamic_variables: { previous_node: "Rebook", current_node: "Goodbye" },
  metadata: { contact_id: "c_1042" },
  custom_sip_headers: {},
  data_storage_setting: "everything",
  opt_in_signed_url: false,
} satisfies Retell.PhoneCallResponse;

describe("retellCallToCall", () => {
  it("maps a whole analysed call onto one call record", () => {
    const turns = said.map(([role, text, start_s]) => ({ role: role === "agent" ? "assistant" : "user", text, start_s })) as NonNullable<NormalizedCall["extra"]["turns"]>;
    const expected: NormalizedCall = {
      call_sid: "call_6b1f0e7a2c9d4e58b3a1f27d904",
      remote_agent_id: "agent_3f8c2d91e6b74a05c1d2e3f4a5",
      from_number: "+14155550199",
      to_number: "+14155550123",
      duration: 96.475,
      recording_url: `${CDN}/recording.wav`,
      transcription: [
        "Agent: Hi Dana, this is Ava from Acme Dental. I'm calling to confirm your cleaning on Tuesday at 10 AM.",
        "User: Oh, hi. Actually, could we move it to the afternoon?",
        "Agent: I have 2:30 PM or 4 PM on Tuesday. Which works better?",
        "User: 2:30 is great, thanks. Bye!",
      ].join("\n"),
      status: "completed",
      status_rank: 6,
      cost: 0.151147,
      call_type: "outbound",
      created_at: "2026-11-12T14:03:14.902Z",
      updated_at: "2026-11-12T14:04:51.377Z",
      extra: {
        summary: "Dana asked to move her Tuesday cleaning to the afternoon; the agent rebooked it for 2:30 PM.",
        extracted_data: { appointment_moved: true, new_time: "2026-11-17T14:30" },
        cost_breakdown: { synthesizer: 0.112556, llm: 0.00804, network: 0.022511, platform: 0.00804 },
        hangup_by: "Caller",
        hangup_reason: "user_hangup",
        answered_by_voice_mail: false,
        error_message: null,
        template_variables: { name: "Dana", appointment: "Tuesday 10 AM" },
        recording_source: null,
        turns,
        usage: null,
        cost_estimated: null,
        latency_ms: [1196, 1389, 1052],
        interruptions: null,
        ending: "customer_hangup",
        engine_analysis: {
          success: true, sentiment: "positive",
          summary: "Dana asked to move her Tuesday cleaning to the afternoon; the agent rebooked it for 2:30 PM.",
          data: { appointment_moved: true, new_time: "2026-11-17T14:30" },
        },
      },
    };
    expect(retellCallToCall(retellCall, NOW)).toEqual(expected);
  });

  it("maps the answer to create-phone-call: registered, queued, times not known yet", () => {
    const placed = retellCallToCall({
      call_id: "call_0e85ada273c4fefd7d3d661d5d6", call_type: "phone_call", agent_id: retellCall.agent_id, agent_version: 4,
      retell_llm_dynamic_variables: { name: "Dana" }, custom_sip_headers: {}, call_status: "registered", latency: {},
      call_cost: { product_costs: [], total_duration_seconds: 0, total_duration_unit_price: 0, combined_cost: 0 },
      data_storage_setting: "everything", opt_in_signed_url: false, from_number: "+14155550199", to_number: "+14155550123", direction: "outbound",
    } satisfies Retell.PhoneCallResponse, NOW);
    expect(placed).toMatchObject({ status: "queued", status_rank: 1, created_at: NOW, updated_at: NOW, duration: 0, cost: 0, transcription: "", recording_url: "" });
    expect(placed.extra).toMatchObject({ ending: null, cost_breakdown: null, turns: null, latency_ms: null, engine_analysis: null, answered_by_voice_mail: null, template_variables: { name: "Dana" } });
  });

  it("reads call_ended without analysis: no engine analysis, voicemail from the reason", () => {
    const call = retellCallToCall({ ...retellCall, call_analysis: undefined, disconnection_reason: "voicemail_reached" }, NOW);
    expect(call.extra).toMatchObject({ engine_analysis: null, summary: null, extracted_data: null, answered_by_voice_mail: true, ending: "voicemail", hangup_by: null });
    expect(call.status).toBe("completed");
  });

  it("reads an inbound call, a web call, a transfer target's turn and an Unknown sentiment", () => {
    expect(retellCallToCall({ ...retellCall, direction: "inbound" }, NOW).call_type).toBe("inbound");
    expect(retellCallToCall({ ...retellCall, direction: undefined }, NOW).call_type).toBe("outbound");
    const web = { ...retellCall, call_type: "web_call", from_number: undefined, to_number: undefined, direction: undefined };
    expect(retellCallToCall(web, NOW)).toMatchObject({ call_type: "web_call", from_number: "", to_number: "" });
    const transfer = retellCallToCall({ ...retellCall, transcript_object: [utterance("transfer_target", "Front desk, this is Maria.", 41.2)] }, NOW);
    expect(transfer.extra.turns).toEqual([{ role: "assistant", text: "Front desk, this is Maria.", start_s: 41.2 }]);
    const unknown = retellCallToCall({ ...retellCall, call_analysis: { ...retellCall.call_analysis, user_sentiment: "Unknown" } }, NOW);
    expect(unknown.extra.engine_analysis?.sentiment).toBeNull();
  });

  it("takes the duration from the timestamps without duration_ms, and the text transcript without transcript_object", () => {
    const mapped = retellCallToCall({ ...retellCall, duration_ms: undefined, transcript_object: undefined }, NOW);
    expect(mapped.duration).toBe(96.475);
    expect(mapped.transcription).toBe(retellCall.transcript);
    expect(mapped.extra.turns).toBeNull();
  });
});

describe("retellEnding", () => {
  const expected: Record<RetellDisconnection, CallEnding> = {
    user_hangup: "customer_hangup", agent_hangup: "agent_hangup", manual_stopped: "agent_hangup",
    dial_no_answer: "no_answer", dial_busy: "busy", voicemail_reached: "voicemail", ivr_reached: "voicemail",
    call_transfer: "transferred", transfer_bridged: "transferred", call_take_over: "transferred",
    inactivity: "timed_out", max_duration_reached: "timed_out", registered_call_timeout: "timed_out",
    transfer_cancelled: "failed", dial_failed: "failed", invalid_destination: "failed", telephony_provider_permission_denied: "failed",
    telephony_provider_unavailable: "failed", sip_routing_error: "failed", marked_as_spam: "failed", user_declined: "failed",
    concurrency_limit_reached: "failed", no_concurrency_fallback: "failed", no_valid_payment: "failed", scam_detected: "failed",
    error_llm_websocket_open: "error", error_llm_websocket_lost_connection: "error", error_llm_websocket_runtime: "error",
    error_llm_websocket_corrupt_payload: "error", error_no_audio_received: "error", error_asr: "error", error_retell: "error",
    error_unknown: "error", error_user_not_joined: "error",
  };

  it("lists the 34 reasons the SDK's PhoneCallResponse declares, no more and no fewer", () => {
    type SdkReason = NonNullable<Retell.PhoneCallResponse["disconnection_reason"]>;
    const same: [SdkReason] extends [RetellDisconnection] ? ([RetellDisconnection] extends [SdkReason] ? true : false) : false = true;
    expect(same).toBe(true);
    expect(RETELL_DISCONNECTIONS).toHaveLength(34);
    expect(new Set(RETELL_DISCONNECTIONS).size).toBe(34);
  });

  it.each(RETELL_DISCONNECTIONS.map((r) => [r, expected[r]] as const))("%s → %s", (reason, ending) => {
    expect(retellEnding(reason)).toBe(ending);
  });

  it.each([["error_inbound_webhook", "error"], ["machine_detected", null], ["constructor", null], ["", null]] as const)("a reason not on the list, %s → %s", (reason, ending) => {
    expect(retellEnding(reason)).toBe(ending);
  });
});

describe("retellStatus", () => {
  it.each<[string, string | null, string]>([
    ["registered", null, "queued"],
    ["ongoing", null, "in-progress"],
    ["ended", "user_hangup", "completed"],
    ["ended", "agent_hangup", "completed"],
    ["ended", "voicemail_reached", "completed"],
    ["ended", "call_transfer", "completed"],
    ["ended", "inactivity", "completed"],
    ["ended", "transfer_cancelled", "failed"],
    ["ended", "error_llm_websocket_lost_connection", "error"],
    ["ended", null, "completed"],
    ["not_connected", "dial_busy", "busy"],
    ["not_connected", "dial_no_answer", "no-answer"],
    ["not_connected", "dial_failed", "failed"],
    ["not_connected", "user_declined", "failed"],
    ["not_connected", "invalid_destination", "failed"],
    ["not_connected", null, "failed"],
    ["error", "concurrency_limit_reached", "error"],
    ["error", "error_llm_websocket_open", "error"],
    ["transferring", null, "in-progress"],
    ["", "dial_busy", "busy"],
  ])("%s with %s → %s", (status, reason, expected) => {
    expect(retellStatus(status, reason)).toBe(expected);
  });
});

describe("product costs", () => {
  it.each([
    ["elevenlabs_tts", "synthesizer"], ["platform_tts", "synthesizer"], ["retell_voice_engine", "synthesizer"], ["cartesia", "synthesizer"],
    ["gpt_4o_mini", "llm"], ["gpt-4.1", "llm"], ["claude_3_7_sonnet", "llm"], ["gemini_2_0_flash", "llm"], ["retell_llm", "llm"], ["llm_token_usage", "llm"],
    ["us_twilio_telephony", "network"], ["telnyx", "network"], ["retell_phone_number", "network"],
    ["deepgram_stt", "transcriber"], ["asr", "transcriber"],
    ["knowledge_base", "platform"], ["voicemail_detection", "platform"], ["retell_platform", "platform"],
  ])("%s → %s", (product, component) => {
    const call = retellCallToCall({ ...retellCall, call_cost: { ...retellCall.call_cost, product_costs: [{ product, cost: 1.5 }, { product, cost: 0.5 }] } }, NOW);
    expect(call.extra.cost_breakdown).toEqual({ [component]: 0.02 });
  });
});
