import type { Vapi } from "@vapi-ai/server-sdk";
import { describe, expect, it } from "vitest";
import type { CallEnding } from "@/lib/calls/endings";
import type { NormalizedCall } from "@/lib/calls/normalized";
import { vapiCallToCall, vapiEnding, vapiReportToCall, vapiStatus, vapiSuccess } from "./call";

const NOW = "2026-11-12T15:00:00.000Z";
const CALL_ID = "5c1a9e0b-7d3f-4c26-9b8e-2f6a1d4e8c71";
const ASSISTANT_ID = "a7e4c2d9-1b3f-4e6a-8c5d-9f0e1a2b3c4d";
const RECORDING = `https://storage.vapi.ai/${CALL_ID}-1794492292114-3f0d1c2a-6b7e-4d21-9a8c-0e5f4b3a2c1d-mono.wav`;

const messages = [
  { role: "system", message: "You are Ava, the scheduling assistant for Acme Dental. Confirm {{appointment}} with {{name}}.", time: 1794492194910, secondsFromStart: 0 },
  { role: "bot", message: "Hi Dana, this is Ava from Acme Dental. I'm calling to confirm your cleaning on Tuesday at 10 AM.", time: 1794492196422, endTime: 1794492201781, secondsFromStart: 1.52, duration: 5359, source: "" },
  { role: "user", message: "Oh, hi. Actually, could we move it to the afternoon?", time: 1794492203012, endTime: 1794492205940, secondsFromStart: 8.11, duration: 2928 },
  { role: "tool_calls", message: "", time: 1794492207002, secondsFromStart: 12.1,
    toolCalls: [{ id: "call_Qm3x8Zr1TfLk2wNe", type: "function", function: { name: "check_availability", arguments: "{\"date\":\"2026-11-17\"}" } }] },
  { role: "tool_call_result", toolCallId: "call_Qm3x8Zr1TfLk2wNe", name: "check_availability", result: "{\"slots\":[\"14:30\",\"16:00\"]}", time: 1794492207642, secondsFromStart: 12.74 },
  { role: "bot", message: "I have 2:30 PM or 4 PM on Tuesday. Which works better?", time: 1794492208272, endTime: 1794492211410, secondsFromStart: 13.37, duration: 3138, source: "" },
  { role: "user", message: "2:30 is great, thanks.", time: 1794492213942, endTime: 1794492215301, secondsFromStart: 19.04, duration: 1359 },
  { role: "bot", message: "Done, you're booked for Tuesday at 2:30 PM.\nHave a great day!", time: 1794492217502, endTime: 1794492221020, secondsFromStart: 22.6, duration: 3518, source: "" },
];

/** `GET /call/{id}` of an outbound call the assistant ended, fields as the server SDK's Call type names them. */
const vapiCall = {
  id: CALL_ID, orgId: "0b6e2f4a-8c1d-4e3b-a5f7-9d2c1b0a8e6f",
  createdAt: "2026-11-12T14:03:11.482Z", updatedAt: "2026-11-12T14:05:02.117Z",
  type: "outboundPhoneCall", status: "ended", endedReason: "assistant-said-end-call-phrase",
  startedAt: "2026-11-12T14:03:14.902Z", endedAt: "2026-11-12T14:04:51.377Z",
  cost: 0.1703,
  costs: [
    { type: "transport", provider: "twilio", minutes: 1.6079, cost: 0.0097 },
    { type: "transcriber", transcriber: { provider: "deepgram", model: "nova-3" }, minutes: 1.6079, cost: 0.0161 },
    { type: "model", model: { provider: "openai", model: "gpt-4o" }, promptTokens: 6142, completionTokens: 97, cost: 0.0214 },
    { type: "voice", voice: { provider: "11labs", voiceId: "burt" }, characters: 402, cost: 0.0402 },
    { type: "vapi", subType: "normal", minutes: 1.6079, cost: 0.0804 },
    { type: "analysis", analysisType: "summary", model: { provider: "openai", model: "gpt-4o-mini" }, promptTokens: 812, completionTokens: 44, cost: 0.0025 },
  ],
  costBreakdown: {
    transport: 0.0097, stt: 0.0161, llm: 0.0214, tts: 0.0402, vapi: 0.0804, chat: 0, total: 0.1703,
    llmPromptTokens: 6142, llmCompletionTokens: 97, llmCachedPromptTokens: 0, ttsCharacters: 402,
    analysisCostBreakdown: { summary: 0.0025, summaryPromptTokens: 812, summaryCompletionTokens: 44, structuredData: 0, successEvaluation: 0 },
  },
  phoneCallProvider: "twilio", phoneCallTransport: "pstn", phoneCallProviderId: "CA9f2c4e81d07b3a5c6e1f2d3a4b5c6d7e",
  assistantId: ASSISTANT_ID, assistantOverrides: { variableValues: { name: "Dana", appointment: "Tuesday 10 AM" } },
  phoneNumberId: "f3b2a1c0-9e8d-4c7b-a6f5-e4d3c2b1a0f9", customer: { number: "+14155550123", name: "Dana Whitfield" },
  messages,
  artifact: {
    messages,
    transcript: "AI: Hi Dana, this is Ava from Acme Dental. …\nUser: Oh, hi. Actually, could we move it to the afternoon?\n…",
    recordingUrl: RECORDING,
    stereoRecordingUrl: RECORDING.replace("-mono", "-stereo"),
    recording: { stereoUrl: RECORDING.replace("-mono", "-stereo"), mono: { combinedUrl: RECORDING, assistantUrl: RECORDING.replace("-mono", "-assistant"), customerUrl: RECORDING.replace("-mono", "-customer") } },
    logUrl: `https://calllogs.vapi.ai/${CALL_ID}.jsonl.gz`,
    variableValues: { name: "Dana", appointment: "Tuesday 10 AM", now: "Nov 12, 2026, 2:03 PM UTC" },
    performanceMetrics: {
      turnLatencies: [
        { modelLatency: 431, voiceLatency: 268, transcriberLatency: 302, endpointingLatency: 195, turnLatency: 1196.4 },
        { modelLatency: 612, voiceLatency: 281, transcriberLatency: 298, endpointingLatency: 197.6, turnLatency: 1388.6 },
        { modelLatency: 388, voiceLatency: 259, transcriberLatency: 211, endpointingLatency: 194, turnLatency: 1052 },
      ],
      modelLatencyAverage: 477, voiceLatencyAverage: 269.33, transcriberLatencyAverage: 270.33, endpointingLatencyAverage: 195.53,
      turnLatencyAverage: 1212.33, numUserInterrupted: 0, numAssistantInterrupted: 1,
    },
  },
  analysis: {
    summary: "Dana asked to move her Tuesday cleaning to the afternoon; Ava rebooked it for 2:30 PM.",
    structuredData: { appointment_moved: true, new_time: "2026-11-17T14:30" },
    successEvaluation: "true",
  },
  monitor: {
    listenUrl: `wss://phone-call-websocket.aws-us-west-2-backend-production1.vapi.ai/${CALL_ID}/listen`,
    controlUrl: `https://phone-call-websocket.aws-us-west-2-backend-production1.vapi.ai/${CALL_ID}/control`,
  },
} satisfies Vapi.Call;

const turns = [
  { role: "assistant", text: "Hi Dana, this is Ava from Acme Dental. I'm calling to confirm your cleaning on Tuesday at 10 AM.", start_s: 1.52 },
  { role: "user", text: "Oh, hi. Actually, could we move it to the afternoon?", start_s: 8.11 },
  { role: "tool", text: "check_availability({\"date\":\"2026-11-17\"})", start_s: 12.1 },
  { role: "tool", text: "{\"slots\":[\"14:30\",\"16:00\"]}", start_s: 12.74 },
  { role: "assistant", text: "I have 2:30 PM or 4 PM on Tuesday. Which works better?", start_s: 13.37 },
  { role: "user", text: "2:30 is great, thanks.", start_s: 19.04 },
  { role: "assistant", text: "Done, you're booked for Tuesday at 2:30 PM.\nHave a great day!", start_s: 22.6 },
];

describe("vapiCallToCall", () => {
  it("maps a whole ended Call onto one call record", () => {
    const { summary, structuredData: data } = vapiCall.analysis;
    const expected: NormalizedCall = {
      call_sid: CALL_ID, remote_agent_id: ASSISTANT_ID, from_number: "", to_number: "+14155550123", duration: 96.475, recording_url: RECORDING,
      transcription: [
        "Agent: Hi Dana, this is Ava from Acme Dental. I'm calling to confirm your cleaning on Tuesday at 10 AM.",
        "User: Oh, hi. Actually, could we move it to the afternoon?",
        "Tool: check_availability({\"date\":\"2026-11-17\"})",
        "Tool: {\"slots\":[\"14:30\",\"16:00\"]}",
        "Agent: I have 2:30 PM or 4 PM on Tuesday. Which works better?",
        "User: 2:30 is great, thanks.",
        "Agent: Done, you're booked for Tuesday at 2:30 PM. Have a great day!",
      ].join("\n"),
      status: "completed", status_rank: 6, cost: 0.1703, call_type: "outbound",
      created_at: "2026-11-12T14:03:11.482Z", updated_at: "2026-11-12T14:05:02.117Z",
      extra: {
        summary, extracted_data: data,
        cost_breakdown: { network: 0.0097, transcriber: 0.0161, llm: 0.0214, synthesizer: 0.0402, platform: 0.0804 },
        hangup_by: "Assistant", hangup_reason: "assistant-said-end-call-phrase", ending: "agent_hangup",
        answered_by_voice_mail: null, error_message: null, template_variables: { name: "Dana", appointment: "Tuesday 10 AM" },
        recording_source: null, usage: null, cost_estimated: null,
        turns: turns as NormalizedCall["extra"]["turns"], latency_ms: [1196, 1389, 1052], interruptions: 1,
        engine_analysis: { success: true, sentiment: null, summary, data },
      },
    };
    expect(vapiCallToCall(vapiCall, NOW)).toEqual(expected);
  });

  it("maps the answer to POST /call: queued, nothing known yet but the parties", () => {
    const placed = vapiCallToCall({
      id: CALL_ID, orgId: vapiCall.orgId, createdAt: "2026-11-12T14:03:11.482Z", updatedAt: "2026-11-12T14:03:11.482Z",
      type: "outboundPhoneCall", status: "queued", assistantId: ASSISTANT_ID, phoneNumberId: vapiCall.phoneNumberId,
      customer: { number: "+14155550123" }, assistantOverrides: { variableValues: { name: "Dana" } },
      phoneCallProvider: "twilio", phoneCallTransport: "pstn", monitor: vapiCall.monitor,
    }, NOW);
    expect(placed).toMatchObject({ status: "queued", status_rank: 1, duration: 0, cost: 0, transcription: "", recording_url: "", to_number: "+14155550123", from_number: "" });
    expect(placed.extra).toMatchObject({ ending: null, hangup_reason: null, hangup_by: null, turns: null, latency_ms: null, interruptions: null, engine_analysis: null, cost_breakdown: null, template_variables: { name: "Dana" } });
  });

  it("reads an inbound call's customer as the caller, a web call as web_call", () => {
    const inbound = vapiCallToCall({ ...vapiCall, type: "inboundPhoneCall", phoneNumber: { number: "+14155550199" } }, NOW);
    expect([inbound.call_type, inbound.from_number, inbound.to_number]).toEqual(["inbound", "+14155550123", "+14155550199"]);
    const outbound = vapiCallToCall({ ...vapiCall, phoneNumber: { number: "+14155550199" } }, NOW);
    expect([outbound.from_number, outbound.to_number]).toEqual(["+14155550199", "+14155550123"]);
    for (const type of ["webCall", "vapi.websocketCall"]) expect(vapiCallToCall({ ...vapiCall, type, customer: undefined }, NOW)).toMatchObject({ call_type: "web_call", to_number: "" });
  });

  it("falls back on the mono recording, the text transcript and the message list the Call carries at its top", () => {
    const artifact = { ...vapiCall.artifact, recordingUrl: undefined, messages: undefined };
    const call = vapiCallToCall({ ...vapiCall, artifact, messages: undefined }, NOW);
    expect(call.recording_url).toBe(RECORDING);
    expect(call.transcription).toBe(artifact.transcript);
    expect(call.extra.turns).toBeNull();
    expect(vapiCallToCall({ ...vapiCall, artifact: { ...artifact, messages: undefined } }, NOW).extra.turns).toEqual(turns);
    // An agent item with role "assistant" (the docs' examples) reads as the bot's.
    const docs = vapiCallToCall({ ...vapiCall, artifact: { messages: [{ role: "assistant", message: "Hello!", secondsFromStart: 0.8 }] } }, NOW);
    expect(docs.extra.turns).toEqual([{ role: "assistant", text: "Hello!", start_s: 0.8 }]);
  });

  it("keeps endedMessage for a failed or broken call only, and marks voicemail", () => {
    const failed = vapiCallToCall({ ...vapiCall, endedReason: "twilio-failed-to-connect-call", endedMessage: "Twilio: 21215 Geo permission" }, NOW);
    expect(failed.extra).toMatchObject({ ending: "failed", error_message: "Twilio: 21215 Geo permission", hangup_by: null });
    expect(failed.status).toBe("failed");
    expect(vapiCallToCall({ ...vapiCall, endedMessage: "Ended by phrase" }, NOW).extra.error_message).toBeNull();
    expect(vapiCallToCall({ ...vapiCall, endedReason: "voicemail" }, NOW).extra.answered_by_voice_mail).toBe(true);
  });

  it("sums costs[] by component when there is no costBreakdown; an empty analysis is no analysis", () => {
    const call = vapiCallToCall({ ...vapiCall, costBreakdown: undefined, analysis: {} }, NOW);
    expect(call.extra.cost_breakdown).toEqual({ network: 0.0097, transcriber: 0.0161, llm: 0.0239, synthesizer: 0.0402, platform: 0.0804 });
    expect(call.extra.engine_analysis).toBeNull();
    expect(vapiCallToCall({ ...vapiCall, costBreakdown: undefined, costs: [] }, NOW).extra.cost_breakdown).toBeNull();
  });

  it("sums interruptions in both directions, as the push counts them", () => {
    const metrics = { ...vapiCall.artifact.performanceMetrics, numUserInterrupted: 2, numAssistantInterrupted: 3 };
    expect(vapiCallToCall({ ...vapiCall, artifact: { ...vapiCall.artifact, performanceMetrics: metrics } }, NOW).extra.interruptions).toBe(5);
  });
});

describe("vapiReportToCall", () => {
  const snapshot = {
    id: CALL_ID, orgId: vapiCall.orgId, createdAt: "2026-11-12T14:03:11.482Z", updatedAt: "2026-11-12T14:03:15.020Z",
    type: "inboundPhoneCall", status: "in-progress", assistantId: ASSISTANT_ID, phoneNumberId: vapiCall.phoneNumberId,
    customer: { number: "+14155550123" }, phoneCallProvider: "twilio", phoneCallTransport: "pstn",
  } satisfies Vapi.Call;

  it("reads an end-of-call-report's own fields over its call snapshot", () => {
    const report = {
      type: "end-of-call-report", timestamp: 1794492302114, endedReason: "customer-ended-call",
      cost: vapiCall.cost, costs: vapiCall.costs, artifact: vapiCall.artifact,
      analysis: { summary: "Rebooked for 2:30 PM.", structuredData: {}, successEvaluation: "8" },
      startedAt: vapiCall.startedAt, endedAt: vapiCall.endedAt,
      call: snapshot, customer: { number: "+14155550123" },
      phoneNumber: { provider: "twilio", number: "+14155550199", twilioAccountSid: "AC5b7e1c9d3f2a4b6c8d0e1f2a3b4c5d6e", name: "Acme Dental main line" },
      assistant: { name: "Ava" },
    } satisfies Vapi.ServerMessageEndOfCallReport;
    const call = vapiReportToCall(report, NOW);
    expect(call).toMatchObject({
      status: "completed", duration: 96.475, cost: 0.1703, call_type: "inbound", from_number: "+14155550123", to_number: "+14155550199",
      recording_url: RECORDING, updated_at: "2026-11-12T14:03:15.020Z",
    });
    expect(call.extra).toMatchObject({
      ending: "customer_hangup", hangup_by: "Caller", hangup_reason: "customer-ended-call", turns,
      cost_breakdown: { network: 0.0097, transcriber: 0.0161, llm: 0.0239, synthesizer: 0.0402, platform: 0.0804 },
      engine_analysis: { success: true, sentiment: null, summary: "Rebooked for 2:30 PM.", data: {} },
    });
  });

  it("reads a status-update's status and endedReason over its call snapshot", () => {
    expect(vapiReportToCall({ type: "status-update", status: "ringing", call: { ...snapshot, status: "queued" } }, NOW).status).toBe("ringing");
    const ended = vapiReportToCall({ type: "status-update", status: "ended", endedReason: "customer-did-not-answer", call: { ...snapshot, status: "ringing" } }, NOW);
    expect([ended.status, ended.extra.ending]).toEqual(["no-answer", "no_answer"]);
  });
});

describe("vapiEnding", () => {
  it.each<[string, CallEnding | null]>([
    ["customer-ended-call", "customer_hangup"], ["customer-ended-call-before-warm-transfer", "customer_hangup"],
    ["customer-ended-call-after-warm-transfer-attempt", "customer_hangup"], ["customer-ended-call-during-transfer", "customer_hangup"],
    ["call.ringing.sip-inbound-caller-hungup-before-call-connect", "customer_hangup"], ["assistant-ended-call", "agent_hangup"],
    ["assistant-ended-call-after-message-spoken", "agent_hangup"], ["assistant-ended-call-with-hangup-task", "agent_hangup"],
    ["assistant-said-end-call-phrase", "agent_hangup"], ["customer-did-not-answer", "no_answer"],
    ["customer-busy", "busy"], ["voicemail", "voicemail"],
    ["assistant-forwarded-call", "transferred"], ["silence-timed-out", "timed_out"],
    ["exceeded-max-duration", "timed_out"], ["twilio-failed-to-connect-call", "failed"],
    ["vonage-failed-to-connect-call", "failed"], ["twilio-reported-customer-misdialed", "failed"],
    ["customer-did-not-give-microphone-permission", "failed"], ["manually-canceled", "failed"],
    ["call.start.error-get-assistant", "failed"], ["call.start.error-subscription-insufficient-credits", "failed"],
    ["call.start.error-vapifault-database-error", "failed"], ["pipeline-error-eleven-labs-500-server-error", "error"],
    ["pipeline-error-deepgram-returning-401-invalid-credentials", "error"], ["call.in-progress.error-providerfault-anthropic-503-server-overloaded-error", "error"],
    ["call.in-progress.error-assistant-did-not-receive-customer-audio", "error"], ["assistant-request-returned-error", "error"],
    ["call.ringing.error-sip-inbound-call-failed-to-connect", "error"], ["worker-shutdown", "error"],
    ["call.in-progress.twilio-completed-call", null], ["vonage-completed", null],
    ["call.forwarding.operator-busy", null], ["scheduled-call-deleted", null],
    ["constructor", null], ["", null],
  ])("%s → %s", (reason, ending) => {
    expect(vapiEnding(reason)).toBe(ending);
  });
});

describe("vapiStatus", () => {
  it.each<[string, string | null, string]>([
    ["scheduled", null, "scheduled"], ["queued", null, "queued"], ["ringing", null, "ringing"],
    ["in-progress", null, "in-progress"], ["forwarding", null, "in-progress"], ["ended", "customer-ended-call", "completed"],
    ["ended", "assistant-said-end-call-phrase", "completed"], ["ended", "voicemail", "completed"], ["ended", "assistant-forwarded-call", "completed"],
    ["ended", "silence-timed-out", "completed"], ["ended", "customer-did-not-answer", "no-answer"], ["ended", "customer-busy", "busy"],
    ["ended", "twilio-failed-to-connect-call", "failed"], ["ended", "manually-canceled", "failed"], ["ended", "pipeline-error-eleven-labs-500-server-error", "error"],
    ["ended", "vonage-completed", "completed"], ["ended", null, "completed"], ["not-found", null, "error"],
    ["deletion-failed", null, "error"], ["paused", null, "in-progress"], ["", "customer-busy", "busy"],
  ])("%s with %s → %s", (status, reason, expected) => {
    expect(vapiStatus(status, reason)).toBe(expected);
  });
});

describe("vapiSuccess (successEvaluation by rubric)", () => {
  it.each<[string, unknown, boolean | null]>([
    ["PassFail true", "true", true], ["PassFail false", "false", false],
    ["PassFail in words", "Pass", true], ["PassFail in words, failed", "FAILED", false],
    ["yes", "yes", true], ["no", "No.", false],
    ["a JSON boolean", false, false], ["NumericScale at the pass mark", "6", true],
    ["NumericScale below it", "5", false], ["NumericScale top", "10", true],
    ["NumericScale as a fraction", "8/10", true], ["NumericScale as a number", 3, false],
    ["PercentageScale passing", "80%", true], ["PercentageScale failing", "45%", false],
    ["PercentageScale at the mark", "60 %", true], ["PercentageScale out of range", "120%", null],
    ["DescriptiveScale Excellent", "Excellent", true], ["DescriptiveScale Good", "Good", true],
    ["DescriptiveScale Fair", "Fair", false], ["DescriptiveScale Poor", "Poor", false],
    ["LikertScale Agree", "Strongly Agree", true], ["LikertScale Disagree", "Disagree", false],
    ["LikertScale Neutral", "Neutral", null], ["a bare number above 10", "75", null],
    ["a Checklist", "- [x] Greeted the customer\n- [ ] Confirmed the time", null], ["free text", "The agent mostly met the goal", null],
    ["empty", "", null], ["absent", undefined, null],
  ])("%s", (_, evaluation, expected) => {
    expect(vapiSuccess(evaluation)).toBe(expected);
  });
});
